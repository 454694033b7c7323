import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DataEnvelope } from '@core/shared/envelopes';
import type { Database, Queryable } from '../database/database';
import { ApiError, notFound, unauthenticated, validationError } from '../http/api-error';
import { callerId } from '../http/route-access';
import type { MattermostSettings } from './auth-settings';
import {
  authorizeUrl,
  exchangeCode,
  MattermostExchangeError,
  mattermostConfig,
  type MattermostConfig,
} from './mattermost-oauth';
import { sendLinkPage } from './mattermost-page';
import { MATTERMOST_URL_KEY, readSetting } from '../settings';

export const MATTERMOST_NOT_CONFIGURED =
  'Chat-platform linking is not configured: set ERP_MATTERMOST_URL, ERP_MATTERMOST_CLIENT_ID, ERP_MATTERMOST_CLIENT_SECRET and ERP_MATTERMOST_REDIRECT_URI.';
/** One chat account belongs to one person: a second link would let two people act as one. */
export const MATTERMOST_TAKEN = 'This chat-platform account is already linked to another user.';
export const MATTERMOST_PENDING = 'The chat-platform authorization is not finished yet.';
export const MATTERMOST_EXPIRED = 'The chat-platform authorization has expired. Please start linking again.';

/** How long the user has to come back from Mattermost. */
export const LINK_REQUEST_MINUTES = 10;
/** Abandoned requests older than this are swept when the same user starts another. */
const SWEEP_AFTER_HOURS = 24;

interface LinkRequestRow {
  user_id: string;
  mattermost_user_id: string | null;
  mattermost_username: string | null;
  error: string | null;
  finished: boolean;
  fresh: boolean;
}

const REQUEST_COLUMNS = `user_id, mattermost_user_id, mattermost_username, error, completed_at IS NOT NULL AS finished,
  created_at > now() - make_interval(mins => ${LINK_REQUEST_MINUTES}) AS fresh`;

interface Started {
  readonly redirect: string;
  readonly hash: string;
}

const authCheckSchema = {
  body: {
    type: 'object',
    required: ['hash'],
    additionalProperties: false,
    properties: { hash: { type: 'string', minLength: 1, maxLength: 128 } },
  },
} as const;

/** The settings with the chat-platform URL an administrator stored (system setting), if any. */
async function currentSettings(db: Queryable, settings: MattermostSettings): Promise<MattermostSettings> {
  const url = await readSetting(db, MATTERMOST_URL_KEY, settings.url ?? '');
  return { ...settings, url: url === '' ? undefined : url };
}

function configOrThrow(settings: MattermostSettings): MattermostConfig {
  const config = mattermostConfig(settings);
  if (!config) throw new ApiError(503, MATTERMOST_NOT_CONFIGURED);
  return config;
}

async function findRequest(db: Queryable, hash: string, forUpdate = false): Promise<LinkRequestRow | null> {
  const { rows } = await db.query<LinkRequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM core.mattermost_link_requests WHERE hash = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [hash],
  );
  return rows[0] ?? null;
}

/** Records the outcome once: a second callback with the same state finds nothing left to finish. */
async function finishRequest(
  db: Queryable,
  hash: string,
  outcome: { id: string; username: string } | { error: string },
): Promise<boolean> {
  const values = 'error' in outcome ? [null, null, outcome.error] : [outcome.id, outcome.username, null];
  const { rows } = await db.query<{ hash: string }>(
    `UPDATE core.mattermost_link_requests
     SET mattermost_user_id = $2, mattermost_username = $3, error = $4, completed_at = now()
     WHERE hash = $1 AND completed_at IS NULL RETURNING hash`,
    [hash, ...values],
  );
  return rows.length > 0;
}

function queryText(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function clip(text: string): string {
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

const FAILED_TITLE = 'The chat-platform account was not linked';
const START_AGAIN = 'Close this window and start linking again from the application.';

/** Linking the signed-in user's chat-platform account: OAuth 2 authorization code against Mattermost. */
export function mattermostRoutes(app: FastifyInstance, db: Database, settings: MattermostSettings): void {
  app.get(
    '/mattermost/auth',
    { config: { access: { signedIn: true } } },
    async (request): Promise<DataEnvelope<Started>> => {
      const config = configOrThrow(await currentSettings(db, settings));
      const userId = callerId(request);
      // The hash is also the OAuth state, so it must be unguessable: it alone ties the callback to this user.
      const hash = randomBytes(32).toString('base64url');
      await db.query(
        `DELETE FROM core.mattermost_link_requests WHERE user_id = $1 AND created_at < now() - make_interval(hours => ${SWEEP_AFTER_HOURS})`,
        [userId],
      );
      // The access token outlives a block or deletion by minutes; such a caller starts nothing.
      const { rows } = await db.query<{ hash: string }>(
        `INSERT INTO core.mattermost_link_requests (hash, user_id)
       SELECT $1, id FROM core.users WHERE id = $2 AND deleted_at IS NULL AND status = 'active' RETURNING hash`,
        [hash, userId],
      );
      if (rows.length === 0) throw unauthenticated();
      return { data: { redirect: authorizeUrl(config, hash), hash } };
    },
  );

  // Mattermost sends the user's browser here; a person reads the answer, so it is a page, not JSON.
  app.get('/mattermost/callback', { config: { access: { public: true } } }, async (request, reply) => {
    const config = mattermostConfig(await currentSettings(db, settings));
    if (!config) return sendLinkPage(reply, 503, FAILED_TITLE, MATTERMOST_NOT_CONFIGURED);
    const query = request.query as Record<string, unknown>;
    const state = queryText(query.state);
    const row = state ? await findRequest(db, state) : null;
    if (!row || !row.fresh) {
      return sendLinkPage(reply, 400, FAILED_TITLE, `This link request is unknown or has expired. ${START_AGAIN}`);
    }
    if (row.finished)
      return sendLinkPage(reply, 400, FAILED_TITLE, `This link request has already been used. ${START_AGAIN}`);

    // The user declined, or Mattermost refused the client, before any code was issued.
    const refusal = queryText(query.error);
    const code = queryText(query.code);
    if (refusal || !code) {
      const reason = clip(queryText(query.error_description) || refusal || 'no authorization code was sent');
      const error = `Mattermost did not authorize the link: ${reason}`;
      await finishRequest(db, state, { error });
      return sendLinkPage(reply, 400, FAILED_TITLE, `${error} ${START_AGAIN}`);
    }

    let outcome: { id: string; username: string } | { error: string };
    try {
      outcome = await exchangeCode(config, code);
    } catch (error) {
      if (!(error instanceof MattermostExchangeError)) throw error;
      // The adapter's messages name no secret, code or token, so they may be stored and logged.
      request.log.warn({ kind: error.kind }, `Mattermost link failed: ${error.message}`);
      outcome = { error: error.message };
    }
    if (!(await finishRequest(db, state, outcome))) {
      return sendLinkPage(reply, 400, FAILED_TITLE, `This link request has already been used. ${START_AGAIN}`);
    }
    if ('error' in outcome) return sendLinkPage(reply, 502, FAILED_TITLE, `${outcome.error} ${START_AGAIN}`);
    return sendLinkPage(
      reply,
      200,
      'Chat-platform account linked',
      `Your Mattermost account @${outcome.username} is linked. You can close this window and return to the application.`,
    );
  });

  app.post<{ Body: { hash: string } }>(
    '/mattermost/auth-check',
    { schema: authCheckSchema, config: { access: { signedIn: true } } },
    async (request): Promise<DataEnvelope<{ linked: true; mattermost_username: string }>> => {
      const userId = callerId(request);
      const { hash } = request.body;
      return db.transaction(async (tx) => {
        // Locked, so two concurrent checks cannot both link and delete.
        const row = await findRequest(tx, hash, true);
        // Another user's request is reported as missing, so hashes cannot be probed for owners.
        if (!row || Number(row.user_id) !== userId) throw notFound('Chat-platform authorization');
        if (row.error !== null) throw validationError({ hash: [row.error] });
        if (!row.finished)
          throw row.fresh ? new ApiError(409, MATTERMOST_PENDING) : validationError({ hash: [MATTERMOST_EXPIRED] });
        if (row.mattermost_user_id === null || row.mattermost_username === null) {
          throw validationError({ hash: ['The chat-platform authorization failed.'] });
        }
        const taken = await tx.query('SELECT 1 FROM core.users WHERE mattermost_user_id = $1 AND id <> $2', [
          row.mattermost_user_id,
          userId,
        ]);
        if (taken.rows.length > 0) throw validationError({ hash: [MATTERMOST_TAKEN] });
        const { rows } = await tx.query<{ id: string }>(
          'UPDATE core.users SET mattermost_user_id = $2, mattermost_username = $3 WHERE id = $1 AND deleted_at IS NULL RETURNING id',
          [userId, row.mattermost_user_id, row.mattermost_username],
        );
        if (rows.length === 0) throw unauthenticated();
        await tx.query('DELETE FROM core.mattermost_link_requests WHERE hash = $1', [hash]);
        return { data: { linked: true, mattermost_username: row.mattermost_username } };
      });
    },
  );
}
