import type { FastifyInstance, FastifyReply } from 'fastify';
import type { DataEnvelope, FieldValue, ResourceRecord, RowAction } from '@core/sdk/shared';
import {
  ApiError,
  assertNoBody,
  findRecord,
  ID_PARAMS,
  validationError,
  type Actor,
  type IdParams,
  type ServerPluginContext,
} from '@core/sdk/server';
import { botsResource, CHAT_ID_PATTERN, MESSAGE_MAX_LENGTH, type SendTestBody } from '../../shared/resources';
import { PUBLIC_URL_MISSING, type MessengerConfig } from '../config';
import { TelegramUnreachableError, type TelegramBotApi } from '../telegram/bot-api';
import { telegramFailure, TelegramWaitError } from '../telegram/telegram-failures';
import type { WebhookSecrets } from '../webhook/webhook-secrets';
import { webhookPath } from '../webhook/webhook-route';
import { liveBot } from './bot-store';
import { unreachableFields, webhookFields } from './webhook-fields';

/*
 * The bots' row actions (`POST bots/{id}/<endpoint>`, MB). Each reads the bot and its token,
 * calls Telegram with no database transaction open (PGlite has one connection, and Telegram may
 * take seconds), then writes what it learnt through the engine as one versioned, audited change
 * named after the action. Every action but send-test ends by reading the webhook's status back.
 */

export interface BotActionDeps {
  readonly config: MessengerConfig;
  readonly secrets: WebhookSecrets;
  readonly telegram: (token: string) => TelegramBotApi;
  readonly now: () => Date;
}

type Fields = Record<string, FieldValue>;

/** One action's calls: what they learnt goes into `learnt` as it is learnt, so a failure half-way keeps it. */
type TelegramSteps = (api: TelegramBotApi, learnt: Fields, botId: number) => Promise<void>;

/** Runs a route's work; a flood-control refusal leaves with Retry-After naming Telegram's wait. */
async function answering<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TelegramWaitError && error.retryAfter !== null)
      void reply.header('retry-after', String(error.retryAfter));
    throw error;
  }
}

function actionOf(name: string): RowAction {
  const action = botsResource.rowActions?.find((candidate) => candidate.name === name);
  if (!action) throw new Error(`messenger.bots declares no "${name}" action`);
  return action;
}

export function botActionRoutes(app: FastifyInstance, context: ServerPluginContext, deps: BotActionDeps): void {
  const { db, records, routes } = context;
  const refreshStatus = async (api: TelegramBotApi, learnt: Fields): Promise<void> => {
    Object.assign(learnt, webhookFields(await api.getWebhookInfo(), deps.now()));
  };

  /** Runs `steps` against the bot's Telegram and stores what they learnt as the action's change. */
  async function perform(name: string, id: number, actor: Actor, steps: TelegramSteps): Promise<ResourceRecord> {
    const bot = await liveBot(db, id);
    if (!bot) throw routes.notFound();
    const learnt: Fields = {};
    try {
      await steps(deps.telegram(bot.token), learnt, id);
    } catch (error) {
      const failure = telegramFailure(error);
      const stored =
        error instanceof TelegramUnreachableError ? { ...learnt, ...unreachableFields(deps.now()) } : learnt;
      if (Object.keys(stored).length > 0)
        await records.change(botsResource, id, { action: name, values: stored, version: null }, actor);
      throw failure;
    }
    return records.change(botsResource, id, { action: name, values: learnt, version: null }, actor);
  }

  const statusAction = (name: string, steps: TelegramSteps): void => {
    const action = actionOf(name);
    app.post<{ Params: IdParams }>(
      `/${botsResource.path}/:id/${action.endpoint}`,
      { config: { access: { requires: action.requires } }, schema: { params: ID_PARAMS } },
      async (request, reply): Promise<DataEnvelope<ResourceRecord>> => {
        assertNoBody(request.body);
        const record = await answering(reply, () =>
          perform(action.name, request.params.id, routes.actorOf(request), steps),
        );
        return { data: record };
      },
    );
  };

  statusAction('check-token', async (api, learnt) => {
    learnt.username = (await api.getMe()).username;
    await refreshStatus(api, learnt);
  });
  statusAction('set-webhook', async (api, learnt, botId) => {
    if (!deps.config.publicUrl) throw new ApiError(503, PUBLIC_URL_MISSING);
    await api.setWebhook(`${deps.config.publicUrl}${webhookPath(botId)}`, await deps.secrets.forBot(botId));
    await refreshStatus(api, learnt);
  });
  statusAction('delete-webhook', async (api, learnt) => {
    await api.deleteWebhook();
    await refreshStatus(api, learnt);
  });
  statusAction('refresh-webhook', refreshStatus);

  const sendTest = actionOf('send-test');
  app.post<{ Params: IdParams; Body: SendTestInput }>(
    `/${botsResource.path}/:id/${sendTest.endpoint}`,
    { config: { access: { requires: sendTest.requires } }, schema: { params: ID_PARAMS, body: SEND_TEST_BODY } },
    async (request, reply): Promise<DataEnvelope<ResourceRecord>> => {
      const { chat_id: chatId, text } = request.body;
      const bot = await liveBot(db, request.params.id);
      if (!bot) throw routes.notFound();
      // A test message is the user's to repeat: a longer wait than the adapter's is answered, not queued.
      await answering(reply, async () => {
        try {
          await deps.telegram(bot.token).sendMessage(chatIdOf(chatId), text);
        } catch (error) {
          throw telegramFailure(error);
        }
      });
      // The message changes no record: the bot is answered as it stands.
      const record = await findRecord(db, botsResource, request.params.id);
      if (!record) throw routes.notFound();
      return { data: record };
    },
  );
}

/** `chat_id` as the form sends it (text) or as JSON allows it (a number). */
type SendTestInput = Omit<SendTestBody, 'chat_id'> & { readonly chat_id: string | number };

const SEND_TEST_BODY = {
  type: 'object',
  required: ['chat_id', 'text'],
  additionalProperties: false,
  properties: {
    chat_id: {
      anyOf: [
        { type: 'integer', minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER, not: { const: 0 } },
        { type: 'string', pattern: CHAT_ID_PATTERN },
      ],
    },
    // A text of blanks only is refused by Telegram, so here too.
    text: { type: 'string', minLength: 1, maxLength: MESSAGE_MAX_LENGTH, pattern: '\\S' },
  },
} as const;

function chatIdOf(chatId: string | number): string | number {
  if (typeof chatId === 'number' || chatId.startsWith('@')) return chatId;
  const number = Number(chatId);
  if (!Number.isSafeInteger(number)) throw validationError({ chat_id: ['Enter a chat id: a number, or @channel.'] });
  return number;
}
