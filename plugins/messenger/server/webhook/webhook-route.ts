import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { DataEnvelope } from '@core/sdk/shared';
import { ApiError, ID_PARAMS } from '@core/sdk/server';
import type { IdParams, ServerPluginContext } from '@core/sdk/server';
import type { BotHandler, BotHandlerRegistry, MessengerUpdate } from '../services';
import { messengerManifest } from '../../manifest';
import { liveBot, type StoredBot } from '../bots/bot-store';
import type { TelegramBotApi } from '../telegram/bot-api';
import type { LaterMessages } from '../telegram/later-messages';
import { handlerContext } from './handler-context';
import { claimUpdate } from './processed-updates';
import { normaliseUpdate } from './telegram-update';
import type { WebhookSecrets } from './webhook-secrets';

/*
 * `POST /api/messenger/webhook/{bot id}`: where Telegram delivers a bot's updates. Public, since
 * Telegram signs in nowhere; the bot's secret in X-Telegram-Bot-Api-Secret-Token is what vouches
 * for it (401 without it, before anything is read). An update is claimed once per bot, answered
 * 200 at once, and handed to the bot's handler class after the answer; a handler's failure is
 * logged with the bot's and the update's ids, never answered as an error, so Telegram does not
 * deliver it again and again. A handler's message that flood control holds back longer than the
 * adapter waits is sent by a job after Telegram's wait.
 */

export const WEBHOOK_SECRET_HEADER = 'x-telegram-bot-api-secret-token';
export const WEBHOOK_UNAUTHORIZED = 'This webhook call does not carry the bot’s secret.';

/** Where Telegram posts a bot's updates, below the product's public address. */
export const webhookPath = (botId: number): string => `/api/${messengerManifest.service}/webhook/${botId}`;

/** What the receiver answers: which update it was, and whether it had been handled before. */
export interface WebhookReceipt {
  readonly update_id: number;
  readonly duplicate: boolean;
}

interface TelegramUpdateBody {
  readonly update_id: number;
  readonly [part: string]: unknown;
}

const UPDATE_BODY = {
  type: 'object',
  required: ['update_id'],
  properties: { update_id: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER } },
} as const;

export interface WebhookDeps {
  readonly secrets: WebhookSecrets;
  /** The handler classes every plugin added (the `messenger.botHandlers` extension point). */
  readonly handlers: BotHandlerRegistry;
  readonly telegram: (token: string) => TelegramBotApi;
  readonly later: LaterMessages;
}

/** An error as a log line may carry it: the adapter's errors name no address, so no token either. */
const described = (error: unknown): { name: string; message: string } =>
  error instanceof Error ? { name: error.name, message: error.message } : { name: 'Error', message: String(error) };

export function webhookRoute(app: FastifyInstance, context: ServerPluginContext, deps: WebhookDeps): void {
  const { db, routes } = context;
  // Handlers run after the answer; a stopping server lets them finish before the database closes.
  const running = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...running]);
  });

  // `log` is the request's: its lines carry the request id, also after the answer.
  const dispatch = (bot: StoredBot, handler: BotHandler, update: MessengerUpdate, log: FastifyBaseLogger): void => {
    const api = deps.telegram(bot.token);
    const send = (chatId: number | string, text: string): Promise<void> =>
      deps.later.send(api, { botId: bot.identity.id, chatId, text });
    const work = handler
      .handle(update, bot.identity, handlerContext(send, update))
      .catch((error: unknown) => {
        log.error(
          { botId: bot.identity.id, updateId: update.updateId, handlerClass: handler.name, error: described(error) },
          'Bot handler failed',
        );
      })
      .finally(() => running.delete(work));
    running.add(work);
  };

  app.post<{ Params: IdParams; Body: TelegramUpdateBody }>(
    '/webhook/:id',
    { config: { access: { public: true, webhook: true } }, schema: { params: ID_PARAMS, body: UPDATE_BODY } },
    async (request): Promise<DataEnvelope<WebhookReceipt>> => {
      const botId = request.params.id;
      const secret = request.headers[WEBHOOK_SECRET_HEADER];
      if (!(await deps.secrets.matches(botId, typeof secret === 'string' ? secret : undefined)))
        throw new ApiError(401, WEBHOOK_UNAUTHORIZED);
      const bot = await liveBot(db, botId);
      if (!bot) throw routes.notFound();
      const updateId = request.body.update_id;
      if (!(await claimUpdate(db, botId, updateId))) return { data: { update_id: updateId, duplicate: true } };
      const handler = bot.handlerClass === null ? undefined : deps.handlers.find(bot.handlerClass);
      if (handler) dispatch(bot, handler, normaliseUpdate(request.body), request.log);
      else
        request.log.warn(
          { botId, updateId, handlerClass: bot.handlerClass },
          'Bot update left unhandled: its handler class is not registered',
        );
      return { data: { update_id: updateId, duplicate: false } };
    },
  );
}
