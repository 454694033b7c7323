import type { FastifyInstance } from 'fastify';
import type { Database, Queryable } from '@core/server/database/database';
import { notFound, type FieldErrors } from '@core/server/http/api-error';
import type { DataEnvelope } from '@core/shared/envelopes';
import { TRACKER_SERVICES, type TrackerUser, type TrackerUserInput } from '../../shared/services';
import { ACCESS, ID_PARAMS, isoOf, isUniqueViolation, liveUserExists, requireLiveUser, requireUser, ROW_ID, throwIfErrors, type IdParams } from '../http';
import { addFieldError } from '@core/shared/field-errors';
import type { KeitaroAdapter } from '../keitaro/keitaro-adapter';
import { accessOf, findServer } from '../keitaro/keitaro-store';
import { insertServiceLink } from '../service-links/service-links-store';

export const ACCOUNT_TAKEN = 'This user already has an account of this service on this tracker.';

const createSchema = {
  body: {
    type: 'object',
    required: ['user_id', 'service_name', 'tracker_id'],
    additionalProperties: false,
    properties: {
      user_id: ROW_ID,
      service_name: { type: 'string', minLength: 1, maxLength: 50 },
      is_created_group: { type: 'boolean', default: false },
      tracker_id: ROW_ID,
    },
  },
} as const;

const listSchema = {
  querystring: { type: 'object', required: ['user_id'], additionalProperties: false, properties: { user_id: ROW_ID } },
} as const;

interface TrackerUserRow {
  readonly id: string | number;
  readonly user_id: string | number;
  readonly username: string;
  readonly service_name: string;
  readonly is_created_group: boolean;
  readonly tracker_id: string | number;
  readonly tracker_name: string;
  readonly external_id: string | null;
  readonly created_at: Date | string;
}

const SELECT = `
  SELECT t.id, t.user_id, u.username, t.service_name, t.is_created_group, t.tracker_id, s.name AS tracker_name, t.external_id, t.created_at
  FROM admin.tracker_users t JOIN core.users u ON u.id = t.user_id JOIN admin.keitaro_servers s ON s.id = t.tracker_id`;

const wire = (row: TrackerUserRow): TrackerUser => ({
  id: Number(row.id),
  user_id: Number(row.user_id),
  username: row.username,
  service_name: row.service_name,
  is_created_group: row.is_created_group,
  tracker_id: Number(row.tracker_id),
  tracker_name: row.tracker_name,
  external_id: row.external_id,
  created_at: isoOf(row.created_at),
});

async function inputErrors(db: Queryable, body: TrackerUserInput): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  if (!(await liveUserExists(db, body.user_id))) addFieldError(errors, 'user_id', 'The selected user is invalid.');
  if (!TRACKER_SERVICES.includes(body.service_name)) addFieldError(errors, 'service_name', `Choose one of: ${TRACKER_SERVICES.join(', ')}.`);
  if (!(await findServer(db, body.tracker_id))) addFieldError(errors, 'tracker_id', 'The selected tracker does not exist.');
  if (Object.keys(errors).length === 0) {
    const { rows } = await db.query('SELECT 1 FROM admin.tracker_users WHERE user_id = $1 AND service_name = $2 AND tracker_id = $3', [
      body.user_id,
      body.service_name,
      body.tracker_id,
    ]);
    if (rows.length > 0) addFieldError(errors, 'tracker_id', ACCOUNT_TAKEN);
  }
  return errors;
}

/** Users' accounts on Keitaro trackers (spec §7 `tracker/users`), code JU. */
export function trackerUsersRoutes(app: FastifyInstance, db: Database, adapter: KeitaroAdapter): void {
  const config = { access: ACCESS.users };

  app.get<{ Querystring: { user_id: number } }>('/tracker/users', { schema: listSchema, config }, async (request): Promise<DataEnvelope<TrackerUser[]>> => {
    await requireUser(db, request.query.user_id);
    const { rows } = await db.query<TrackerUserRow>(`${SELECT} WHERE t.user_id = $1 ORDER BY t.created_at, t.id`, [request.query.user_id]);
    return { data: rows.map(wire) };
  });

  app.post<{ Body: TrackerUserInput }>('/tracker/users', { schema: createSchema, config }, async (request, reply) => {
    const body = { ...request.body, service_name: request.body.service_name.trim() };
    throwIfErrors(await inputErrors(db, body));
    const id = await db
      .transaction(async (tx) => {
        const server = await findServer(tx, body.tracker_id, true);
        const user = await requireLiveUser(tx, body.user_id);
        if (!server) throw notFound('Tracker');
        const externalId = await adapter.createUser(accessOf(server), { login: user.username, createGroup: body.is_created_group });
        const { rows } = await tx.query<{ id: string }>(
          `INSERT INTO admin.tracker_users (user_id, service_name, is_created_group, tracker_id, external_id)
           VALUES ($1, $2, $3, $4, $5) RETURNING id`,
          [body.user_id, body.service_name, body.is_created_group, body.tracker_id, externalId],
        );
        const created = Number(rows[0]?.id);
        await insertServiceLink(tx, { userId: body.user_id, service: body.service_name, source: { tracker_user_id: created } });
        return created;
      })
      .catch((error: unknown) => {
        // Two identical requests at once: the loser hears what the check would have said.
        if (isUniqueViolation(error)) throwIfErrors({ tracker_id: [ACCOUNT_TAKEN] });
        throw error;
      });
    const { rows } = await db.query<TrackerUserRow>(`${SELECT} WHERE t.id = $1`, [id]);
    return reply.status(201).send({ data: wire(rows[0] as TrackerUserRow), message: 'New record successfully created' });
  });

  app.delete<{ Params: IdParams }>('/tracker/users/:id', { schema: { params: ID_PARAMS }, config }, async (request) => {
    await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ tracker_id: string; external_id: string | null }>(
        'SELECT tracker_id, external_id FROM admin.tracker_users WHERE id = $1 FOR UPDATE',
        [request.params.id],
      );
      const row = rows[0];
      if (!row) throw notFound('Tracker user');
      const server = await findServer(tx, Number(row.tracker_id));
      if (server) await adapter.deleteUser(accessOf(server), row.external_id);
      // The service link goes with it (ON DELETE CASCADE).
      await tx.query('DELETE FROM admin.tracker_users WHERE id = $1', [request.params.id]);
    });
    return { message: 'Successfully deleted' };
  });
}
