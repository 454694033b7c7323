import type { LightMyRequestResponse } from 'fastify';
import { type PermissionCode } from '@core/sdk/shared';
import { type ServerPlugin } from '@core/sdk/server';
import shop from '@plugins/shop/server';
import { bearer, mintToken } from '@core/sdk/testing';
import {
  messengerApp,
  type MessengerAppOptions,
  type MessengerTestApp,
} from '../../messenger/server/messenger-support';

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Every shop code: a staff member who runs the whole shop. */
export const SHOP_CODES: readonly PermissionCode[] = ['SC', 'SP', 'SQ', 'SO', 'SM', 'SS', 'SR'];

export interface ShopTestApp extends MessengerTestApp {
  /** A request to `/api/shop/<path>` as a caller holding exactly `codes` (user id `userId`, 1 by default), with further `headers` (`accept-language`). */
  shop(
    codes: readonly PermissionCode[],
    method: Method,
    path: string,
    payload?: unknown,
    userId?: number,
    headers?: Readonly<Record<string, string>>,
  ): Promise<LightMyRequestResponse>;
  /** Creates through the shop API as a holder of every shop code; the new record's id, or throws with the answer. */
  create(path: string, values: Readonly<Record<string, unknown>>): Promise<number>;
  /** Edits a shop record at the version it has now. */
  patch(path: string, values: Readonly<Record<string, unknown>>): Promise<LightMyRequestResponse>;
}

export interface ShopAppOptions extends MessengerAppOptions {
  /** The shop's server part; the default export unless a test builds one with options. */
  readonly shop?: ServerPlugin;
  /** Plugins enabled beside the messenger and the shop (finance, say). */
  readonly others?: readonly ServerPlugin[];
}

/** The API server with the messenger (Telegram a local fake) and the shop, over a fresh template copy. */
export async function shopApp(options: ShopAppOptions = {}): Promise<ShopTestApp> {
  const base = await messengerApp({
    ...options,
    plugins: [options.shop ?? shop, ...(options.others ?? []), ...(options.plugins ?? [])],
  });
  const call: ShopTestApp['shop'] = (codes, method, path, payload, userId, headers = {}) =>
    base.app.inject({
      method,
      url: `/api/shop/${path}`,
      headers: { ...bearer(mintToken(codes, userId === undefined ? {} : { sub: userId })), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    ...base,
    shop: call,
    async create(path, values) {
      const answer = await call(SHOP_CODES, 'POST', path, values);
      if (answer.statusCode !== 201) throw new Error(`POST ${path}: ${answer.statusCode} ${answer.body}`);
      return answer.json<{ data: { id: number } }>().data.id;
    },
    async patch(path, values) {
      const current = await call(SHOP_CODES, 'GET', path);
      const version = current.json<{ data?: { version?: number } }>().data?.version;
      return call(SHOP_CODES, 'PATCH', path, { ...values, version });
    },
  };
}
