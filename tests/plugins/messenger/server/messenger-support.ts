import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { vi } from 'vitest';
import {
  type BotHandler,
  type Database,
  defineServerPlugin,
  type ServerPlugin,
  type ServerPluginContext,
} from '@core/sdk/server';
import { type PermissionCode } from '@core/sdk/shared';
import { createMessengerServerPlugin, type MessengerServerOptions } from '@plugins/messenger/server';
import { WEBHOOK_SECRET_HEADER } from '@plugins/messenger/server/webhook/webhook-route';
import { webhookSecretFor } from '@plugins/messenger/server/webhook/webhook-secrets';
import { bearer, buildServer, freshDatabase, mintToken } from '@core/sdk/testing';
import { FakeTelegram } from '../support/fake-telegram';

/** A token of Telegram's shape that the fake answers to. */
export const BOT_TOKEN = '7000000042:AAE-test-token-not-a-real-one-0123';
/** The webhook key tests configure, so they can compute each bot's secret as Telegram is told it. */
export const WEBHOOK_KEY = 'test-webhook-key-0123456789abcdef';
export const PUBLIC_URL = 'https://erp.example.com';

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;

/** One call of the server's logger: its level and everything it was given. */
export interface LogCall {
  readonly level: (typeof LEVELS)[number];
  readonly args: readonly unknown[];
}

/**
 * A logger call as the production logger (pino with Fastify's serializers) writes it: a request as
 * its method, URL, host and address, a reply as its status, an error as name, message and stack.
 */
export function logLine(call: LogCall): string {
  const serialised = call.args.map((arg) => {
    if (arg instanceof Error) return { name: arg.name, message: arg.message, stack: arg.stack };
    if (typeof arg !== 'object' || arg === null) return arg;
    const fields = { ...(arg as Record<string, unknown>) };
    const req = fields.req as { method?: string; url?: string; host?: string; ip?: string } | undefined;
    if (req) fields.req = { method: req.method, url: req.url, host: req.host, remoteAddress: req.ip };
    const res = fields.res as { statusCode?: number } | undefined;
    if (res) fields.res = { statusCode: res.statusCode };
    const err = fields.err;
    if (err instanceof Error) fields.err = { name: err.name, message: err.message, stack: err.stack };
    return fields;
  });
  return JSON.stringify(serialised);
}

export interface MessengerTestApp {
  readonly app: FastifyInstance;
  readonly db: Database;
  readonly telegram: FakeTelegram;
  /** Every logger call since the server was built. */
  readonly logs: LogCall[];
  close(): Promise<void>;
  /** Stops the server and the fake, keeping the database for a server built over it next. */
  stopServer(): Promise<void>;
  /** A request to `/api/messenger/<path>` as a caller holding exactly `codes`. */
  call(
    codes: readonly PermissionCode[],
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    path: string,
    payload?: unknown,
    headers?: Readonly<Record<string, string>>,
  ): Promise<LightMyRequestResponse>;
  /** A bot created through the API (MB), running the named handler class; its id. */
  addBot(handlerClass: string, values?: Readonly<Record<string, unknown>>): Promise<number>;
  /**
   * An update posted exactly as Telegram posts it: no session, no cookie, no XSRF header, the bot's
   * secret in its header (unless `secret` says otherwise).
   */
  deliver(botId: number, update: unknown, secret?: string | null): Promise<LightMyRequestResponse>;
}

export interface MessengerAppOptions extends MessengerServerOptions {
  readonly settings?: Readonly<Record<string, unknown>>;
  /** Plugins enabled beside the messenger. */
  readonly plugins?: readonly ServerPlugin[];
  /** The database to build over (a test that restarts the server); a fresh template copy by default. */
  readonly db?: Database;
  /** Tell the server the fake's address through ERP_TELEGRAM_API_BASE (the settings then name a dead one). */
  readonly fakeViaEnv?: boolean;
}

/** A port nothing listens on. */
const DEAD_BASE = 'http://127.0.0.1:9';

let botCount = 0;

/** The API server with only the messenger plugin over a fresh template copy, Telegram being a local fake. */
export async function messengerApp(options: MessengerAppOptions = {}): Promise<MessengerTestApp> {
  const telegram = new FakeTelegram(BOT_TOKEN);
  const telegramApiBase = await telegram.start();
  const env = { ...options.env, ...(options.fakeViaEnv ? { ERP_TELEGRAM_API_BASE: telegramApiBase } : {}) };
  const plugin = createMessengerServerPlugin({
    env,
    ...(options.now ? { now: options.now } : {}),
    ...(options.sleep ? { sleep: options.sleep } : {}),
  });
  const plugins = [plugin, ...(options.plugins ?? [])];
  const db = options.db ?? (await freshDatabase(plugins));
  const settings = {
    telegramApiBase: options.fakeViaEnv ? DEAD_BASE : telegramApiBase,
    publicUrl: PUBLIC_URL,
    webhookSecret: WEBHOOK_KEY,
    ...options.settings,
  };
  const app = await buildServer({ db, plugins, pluginSettings: { messenger: settings } });
  const logs: LogCall[] = [];
  // The configured key, or (when a test configures none) the one the server generated and stored.
  const webhookKey = async (): Promise<string> => {
    if (typeof settings.webhookSecret === 'string') return settings.webhookSecret;
    const { rows } = await db.query<{ key: string }>('SELECT key FROM messenger.webhook_key');
    return rows[0]?.key ?? 'no key stored yet';
  };
  for (const level of LEVELS) {
    vi.spyOn(app.log, level).mockImplementation((...args: unknown[]) => {
      logs.push({ level, args });
    });
  }
  const call: MessengerTestApp['call'] = (codes, method, path, payload, headers = {}) =>
    app.inject({
      method,
      url: `/api/messenger/${path}`,
      headers: { ...bearer(mintToken(codes)), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    app,
    db,
    telegram,
    logs,
    async close() {
      await app.close();
      await db.close();
      await telegram.stop();
    },
    async stopServer() {
      await app.close();
      await telegram.stop();
    },
    call,
    async addBot(handlerClass, values = {}) {
      const classes = (await call(['MB'], 'GET', 'handler-classes')).json<{
        data: { data: { id: number; name: string }[] };
      }>().data.data;
      const handler = classes.find((row) => row.name === handlerClass);
      if (!handler) throw new Error(`no handler class ${handlerClass}`);
      botCount += 1;
      const body = {
        name: `Bot ${botCount}`,
        messenger: 'telegram',
        type: 'other',
        token: BOT_TOKEN,
        handler_class: handler.id,
        ...values,
      };
      const created = await call(['MB'], 'POST', 'bots', body);
      if (created.statusCode !== 201 && created.statusCode !== 200)
        throw new Error(`bot not created: ${created.statusCode} ${created.body}`);
      return created.json<{ data: { id: number } }>().data.id;
    },
    async deliver(botId, update, secret) {
      const header = secret === undefined ? webhookSecretFor(await webhookKey(), botId) : secret;
      return app.inject({
        method: 'POST',
        url: `/api/messenger/webhook/${botId}`,
        headers: {
          'content-type': 'application/json',
          ...(header === null ? {} : { [WEBHOOK_SECRET_HEADER]: header }),
        },
        payload: JSON.stringify(update),
      });
    },
  };
}

/** A private message update as Telegram sends it. */
export function textUpdate(
  updateId: number,
  text: string,
  from: { id: number; language_code?: string } = { id: 555 },
  chatId = 42,
): Record<string, unknown> {
  return {
    update_id: updateId,
    message: {
      message_id: updateId,
      date: 1_790_000_000,
      chat: { id: chatId, type: 'private' },
      from: { is_bot: false, first_name: 'Ann', ...from },
      text,
    },
  };
}

/** What a probe plugin saw of the server: the context every plugin gets. */
export interface Probe {
  readonly plugin: ServerPlugin;
  context: ServerPluginContext | null;
}

/**
 * A plugin of the test's own beside the messenger: it registers `handlers` (other plugins' classes)
 * and keeps its context, so a test can call the notification service as any plugin would.
 */
export function probePlugin(handlers: readonly BotHandler[] = []): Probe {
  const probe: Probe = {
    context: null,
    plugin: defineServerPlugin({
      manifest: {
        id: 'probe',
        version: '0.0.1',
        sdk: '^1.2.0',
        titleKey: 'probe:title',
        service: 'probe',
        dependencies: [],
        namespaces: ['probe'],
        pages: [],
        permissions: [],
      },
      migrations: [],
      register(_app, context) {
        probe.context = context;
        for (const handler of handlers) context.messaging.handlers.register(handler);
      },
    }),
  };
  return probe;
}
