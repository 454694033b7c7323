import type { FastifyInstance } from 'fastify';
import { actorOf, ID_PARAMS, type IdParams, type ServerPluginContext } from '@core/sdk/server';
import type { AuditEntry, DataEnvelope } from '@core/sdk/shared';
import {
  TRANSFER_PATH,
  TRANSFER_PREVIEW_PATH,
  userShopHistory,
  type TransferBody,
  type TransferPreview,
  type TransferPreviewBody,
  type TransferResult,
} from '../../shared/transfer';
import { TRANSFER_ACCESS } from './transfer-access';
import { checkPreviewBody, checkTransferBody, PREVIEW_SCHEMA, TRANSFER_SCHEMA } from './transfer-body';
import { transferOrdersRoute } from './transfer-orders';
import { performTransfer } from './transfer-perform';
import { planTransfer, resolveTarget } from './transfer-plan';
import { transferReferenceRoutes } from './transfer-references';

/**
 * Manual transfer (SM): `POST transfer/preview` says what moving the orders would change and why
 * an order cannot move; `POST transfer` moves them; `GET transfer/users/{id}/history` is a user's
 * side of every transfer; the page's order list and pickers. See ../../shared/transfer.ts.
 */
export function registerTransfer(app: FastifyInstance, { db, records, users, audit }: ServerPluginContext): void {
  const config = { access: TRANSFER_ACCESS };

  app.post<{ Body: TransferPreviewBody }>(
    `/${TRANSFER_PREVIEW_PATH}`,
    { config, schema: { body: PREVIEW_SCHEMA } },
    async (request): Promise<DataEnvelope<TransferPreview>> => {
      checkPreviewBody(request.body);
      const target = await resolveTarget(db, users, request.body);
      const rows = (await planTransfer(db, request.body.orders, target, false)).map((planned) => planned.row);
      const movable = rows.filter((row) => row.refusal === null);
      return {
        data: { rows, movable: movable.length, positions: movable.reduce((sum, row) => sum + row.positions, 0) },
      };
    },
  );

  app.post<{ Body: TransferBody }>(
    `/${TRANSFER_PATH}`,
    { config, schema: { body: TRANSFER_SCHEMA } },
    async (request): Promise<DataEnvelope<TransferResult>> => {
      const versions = checkTransferBody(request.body);
      return { data: await performTransfer({ db, records, users, audit }, request.body, versions, actorOf(request)) };
    },
  );

  app.get<{ Params: IdParams }>(
    `/${TRANSFER_PATH}/users/:id/history`,
    { config, schema: { params: ID_PARAMS } },
    async (request): Promise<DataEnvelope<AuditEntry[]>> => {
      await users.require(db, request.params.id);
      return { data: await audit.history(db, userShopHistory, request.params.id) };
    },
  );

  transferOrdersRoute(app, db);
  transferReferenceRoutes(app, db, users);
}
