import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DataEnvelope } from '@core/shared/envelopes';
import type { NotificationPreferences, NotificationSummary, StreamTicket } from '@core/shared/notifications';
import { PAGING_PROPERTIES, listPage, pageOffset, type Paging } from '../auth/users-common';
import type { Database } from '../database/database';
import { ApiError, validationError } from '../http/api-error';
import { ID_PARAMS, type IdParams } from '../http/ids';
import { readerOf } from '../http/reader';
import { callerId } from '../http/route-access';
import { assertNoBody } from '../http/no-input';
import { announceUnread } from './fan-out';
import {
  BOT_UNAVAILABLE,
  NOT_SUPERADMIN,
  NOTIFICATION_NOT_FOUND,
  SERVER_STOPPING,
  SERVER_STREAMS_FULL,
  TICKET_INVALID,
  UNKNOWN_SOURCE,
  USER_STREAMS_FULL,
} from './messages-ru';
import {
  consumeTicket,
  insertTicket,
  itemOf,
  listNotifications,
  markAllRead,
  markRead,
  saveLanguage,
  saveSourceChoice,
  saveSuperadminOptIn,
  sourceChoices,
  superadminStanding,
  unreadCount,
  type SourceChoice,
} from './store';
import type { NotificationSystem } from './system';

/*
 * The notifications' API, under /api/notifications: each signed-in user reads and marks their own.
 * The stream is opened with a one-time ticket (EventSource cannot send the bearer token), so its
 * route is public and checks the ticket itself; it is exempt from admission (api-server.ts).
 */

export const STREAM_PATH = '/api/notifications/stream';
export const TICKET_SECONDS = 30;
const LATEST = 8;

const signedIn = { access: { signedIn: true } } as const;

const SOURCE = { type: 'string', minLength: 3, maxLength: 100 } as const;
const LIST_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: { read: { type: 'string', enum: ['true', 'false'] }, source: SOURCE, ...PAGING_PROPERTIES },
} as const;
const STREAM_QUERY = {
  type: 'object',
  additionalProperties: false,
  required: ['ticket'],
  properties: { ticket: { type: 'string', minLength: 20, maxLength: 100 } },
} as const;
const CHOICE = {
  type: 'object',
  additionalProperties: false,
  required: ['receive', 'via_bot'],
  properties: { receive: { type: 'boolean' }, via_bot: { type: 'boolean' } },
} as const;
const PREFERENCES_BODY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    sources: { type: 'object', maxProperties: 200, additionalProperties: CHOICE },
    superadmin_opt_in: { type: 'boolean' },
  },
} as const;

interface ListQuery extends Paging {
  readonly read?: 'true' | 'false';
  readonly source?: string;
}

interface PreferencesBody {
  readonly sources?: Readonly<Record<string, SourceChoice>>;
  readonly superadmin_opt_in?: boolean;
}

const hashOf = (ticket: string): string => createHash('sha256').update(ticket).digest('hex');

export interface NotificationRoutesOptions {
  readonly db: Database;
  readonly system: NotificationSystem;
}

/** Mounts /api/notifications on the server's root. */
export function registerNotificationRoutes(app: FastifyInstance, { db, system }: NotificationRoutesOptions): void {
  const { streams } = system;

  const preferencesOf = async (userId: number, language: 'en' | 'ru'): Promise<NotificationPreferences> => {
    const choices = await sourceChoices(db, userId);
    const standing = await superadminStanding(db, userId);
    return {
      sources: system.sources().map((source) => ({
        id: source.id,
        label: source.label[language],
        receive: choices.get(source.id)?.receive ?? true,
        via_bot: choices.get(source.id)?.via_bot ?? false,
      })),
      bot_available: await system.channelReaches(userId),
      superadmin: standing.superadmin,
      superadmin_opt_in: standing.optIn,
    };
  };

  app.get<{ Querystring: ListQuery }>(
    '/api/notifications',
    { config: signedIn, schema: { querystring: LIST_QUERY } },
    async (request) => {
      const { language } = readerOf(request);
      const { read, source } = request.query;
      const { rows, total } = await listNotifications(
        db,
        callerId(request),
        { read: read === undefined ? undefined : read === 'true', source },
        request.query.per_page,
        pageOffset(request.query),
      );
      return {
        data: listPage(
          rows.map((row) => itemOf(row, language, system.label)),
          total,
          request.query,
        ),
      };
    },
  );

  app.get(
    '/api/notifications/summary',
    { config: signedIn },
    async (request): Promise<DataEnvelope<NotificationSummary>> => {
      const { language } = readerOf(request);
      const userId = callerId(request);
      const { rows } = await listNotifications(db, userId, {}, LATEST, 0);
      return {
        data: { unread: await unreadCount(db, userId), latest: rows.map((row) => itemOf(row, language, system.label)) },
      };
    },
  );

  app.post<{ Params: IdParams }>(
    '/api/notifications/:id/read',
    { config: signedIn, schema: { params: ID_PARAMS } },
    async (request) => {
      assertNoBody(request.body);
      const userId = callerId(request);
      const unread = await db.transaction(async (tx) => {
        if (!(await markRead(tx, userId, request.params.id))) throw new ApiError(404, NOTIFICATION_NOT_FOUND);
        await announceUnread(tx, userId);
        return unreadCount(tx, userId);
      });
      return { data: { unread } };
    },
  );

  app.post('/api/notifications/read-all', { config: signedIn }, async (request) => {
    assertNoBody(request.body);
    const userId = callerId(request);
    await db.transaction(async (tx) => {
      await markAllRead(tx, userId);
      await announceUnread(tx, userId);
    });
    return { data: { unread: 0 } };
  });

  app.get(
    '/api/notifications/preferences',
    { config: signedIn },
    async (request): Promise<DataEnvelope<NotificationPreferences>> => ({
      data: await preferencesOf(callerId(request), readerOf(request).language),
    }),
  );

  app.put<{ Body: PreferencesBody }>(
    '/api/notifications/preferences',
    { config: signedIn, schema: { body: PREFERENCES_BODY } },
    async (request) => {
      const userId = callerId(request);
      const { sources = {}, superadmin_opt_in: optIn } = request.body;
      const declared = new Set(system.sources().map((source) => source.id));
      const unknown = Object.keys(sources).filter((id) => !declared.has(id));
      if (unknown.length > 0)
        throw validationError(Object.fromEntries(unknown.map((id) => [`sources.${id}`, [UNKNOWN_SOURCE]])));
      const current = await sourceChoices(db, userId);
      // Turning the bot on needs a bot that reaches the caller; a choice already made may stay.
      const turnedOn = Object.keys(sources).filter((id) => sources[id]!.via_bot && current.get(id)?.via_bot !== true);
      if (turnedOn.length > 0 && !(await system.channelReaches(userId))) {
        throw validationError(Object.fromEntries(turnedOn.map((id) => [`sources.${id}.via_bot`, [BOT_UNAVAILABLE]])));
      }
      if (optIn !== undefined && !(await superadminStanding(db, userId)).superadmin)
        throw validationError({ superadmin_opt_in: [NOT_SUPERADMIN] });
      await db.transaction(async (tx) => {
        for (const [id, choice] of Object.entries(sources)) await saveSourceChoice(tx, userId, id, choice);
        if (optIn !== undefined) await saveSuperadminOptIn(tx, userId, optIn);
      });
      return { data: await preferencesOf(userId, readerOf(request).language) };
    },
  );

  app.post(
    '/api/notifications/stream-ticket',
    { config: signedIn },
    async (request): Promise<DataEnvelope<StreamTicket>> => {
      assertNoBody(request.body);
      const userId = callerId(request);
      const { language } = readerOf(request);
      const ticket = randomBytes(32).toString('base64url');
      await db.transaction(async (tx) => {
        await insertTicket(tx, hashOf(ticket), userId, language, TICKET_SECONDS);
        await saveLanguage(tx, userId, language);
      });
      return { data: { ticket, expires_in: TICKET_SECONDS } };
    },
  );

  app.get<{ Querystring: { ticket: string } }>(
    STREAM_PATH,
    { config: { access: { public: true } }, schema: { querystring: STREAM_QUERY } },
    async (request, reply) => {
      if (streams.closing) throw new ApiError(503, SERVER_STOPPING);
      const ticket = await consumeTicket(db, hashOf(request.query.ticket));
      if (!ticket) throw new ApiError(401, TICKET_INVALID);
      const unread = await unreadCount(db, ticket.userId);
      // Checked after the last await, right before the stream opens: parallel opens cannot pass the caps together.
      const refusal = streams.refusal(ticket.userId);
      if (refusal === 'closing') throw new ApiError(503, SERVER_STOPPING);
      if (refusal !== null) throw new ApiError(429, refusal === 'user-cap' ? USER_STREAMS_FULL : SERVER_STREAMS_FULL);
      reply.hijack();
      streams.open(ticket.userId, ticket.language, reply.raw, unread, reply.getHeaders());
    },
  );
}
