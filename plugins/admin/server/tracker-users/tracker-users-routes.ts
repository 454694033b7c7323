import type { FastifyInstance } from 'fastify';
import { addFieldError, type DataEnvelope, type FieldErrors } from '@core/sdk/shared';
import type { IdParams, Queryable, ServerPluginContext } from '@core/sdk/server';
import { TRACKER_SERVICES, type TrackerUser, type TrackerUserInput } from '../../shared/services';
import { trackerUserRecords } from '../account-records';
import { ACCESS, isoOf, throwIfErrors } from '../http';
import type { KeitaroAdapter } from '../keitaro/keitaro-adapter';
import { accessOf, findServer } from '../keitaro/keitaro-store';
import { deleteServiceLink, insertServiceLink } from '../service-links/service-links-store';

export const ACCOUNT_TAKEN = 'This user already has an account of this service on this tracker.';

interface TrackerUserRow {
  readonly id: string | number;
  readonly user_id: string | number;
  readonly service_name: string;
  readonly is_created_group: boolean;
  readonly tracker_id: string | number;
  readonly tracker_name: string;
  readonly external_id: string | null;
  readonly created_at: Date | string;
}

const SELECT = `
  SELECT t.id, t.user_id, t.service_name, t.is_created_group, t.tracker_id, s.name AS tracker_name, t.external_id, t.created_at
  FROM admin.tracker_users t JOIN admin.keitaro_servers s ON s.id = t.tracker_id`;

const wire = (row: TrackerUserRow, username: string): TrackerUser => ({
  id: Number(row.id),
  user_id: Number(row.user_id),
  username,
  service_name: row.service_name,
  is_created_group: row.is_created_group,
  tracker_id: Number(row.tracker_id),
  tracker_name: row.tracker_name,
  external_id: row.external_id,
  created_at: isoOf(row.created_at),
});

/** Users' accounts on Keitaro trackers (`tracker/users`), code JU. */
export function trackerUsersRoutes(app: FastifyInstance, context: ServerPluginContext, adapter: KeitaroAdapter): void {
  const { db, users, audit, records, routes } = context;
  const config = { access: ACCESS.users };
  const { ROW_ID, ID_PARAMS, notFound, actorOf, isUniqueViolation } = routes;

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
    querystring: {
      type: 'object',
      required: ['user_id'],
      additionalProperties: false,
      properties: { user_id: ROW_ID },
    },
  } as const;

  async function withUsernames(tx: Queryable, rows: readonly TrackerUserRow[]): Promise<TrackerUser[]> {
    const names = await users.labels(
      tx,
      rows.map((row) => Number(row.user_id)),
    );
    return rows.map((row) => wire(row, names.get(Number(row.user_id)) ?? ''));
  }

  async function inputErrors(tx: Queryable, body: TrackerUserInput): Promise<FieldErrors> {
    const errors: FieldErrors = {};
    if (!(await users.isLive(tx, body.user_id))) addFieldError(errors, 'user_id', 'The selected user is invalid.');
    if (!TRACKER_SERVICES.includes(body.service_name))
      addFieldError(errors, 'service_name', `Choose one of: ${TRACKER_SERVICES.join(', ')}.`);
    if (!(await findServer(tx, body.tracker_id)))
      addFieldError(errors, 'tracker_id', 'The selected tracker does not exist.');
    if (Object.keys(errors).length === 0) {
      const { rows } = await tx.query(
        'SELECT 1 FROM admin.tracker_users WHERE user_id = $1 AND service_name = $2 AND tracker_id = $3',
        [body.user_id, body.service_name, body.tracker_id],
      );
      if (rows.length > 0) addFieldError(errors, 'tracker_id', ACCOUNT_TAKEN);
    }
    return errors;
  }

  app.get<{ Querystring: { user_id: number } }>(
    '/tracker/users',
    { schema: listSchema, config },
    async (request): Promise<DataEnvelope<TrackerUser[]>> => {
      await users.require(db, request.query.user_id);
      const { rows } = await db.query<TrackerUserRow>(`${SELECT} WHERE t.user_id = $1 ORDER BY t.created_at, t.id`, [
        request.query.user_id,
      ]);
      return { data: await withUsernames(db, rows) };
    },
  );

  app.post<{ Body: TrackerUserInput }>('/tracker/users', { schema: createSchema, config }, async (request, reply) => {
    const body = { ...request.body, service_name: request.body.service_name.trim() };
    const actor = actorOf(request);
    throwIfErrors(await inputErrors(db, body));
    const id = await db
      .transaction(async (tx) => {
        const server = await findServer(tx, body.tracker_id, true);
        const user = await users.require(tx, body.user_id, { live: true });
        if (!server) throw notFound('Tracker');
        const externalId = await adapter.createUser(accessOf(server), {
          login: user.username,
          createGroup: body.is_created_group,
        });
        const created = await records.createIn(
          tx,
          trackerUserRecords,
          {
            user_id: body.user_id,
            service_name: body.service_name,
            is_created_group: body.is_created_group,
            tracker_id: body.tracker_id,
            external_id: externalId,
          },
          actor,
        );
        await insertServiceLink(
          tx,
          audit,
          { userId: body.user_id, service: body.service_name, source: { tracker_user_id: created.id } },
          actor,
        );
        return created.id;
      })
      .catch((error: unknown) => {
        // Two identical requests at once: the loser hears what the check would have said.
        if (isUniqueViolation(error)) throwIfErrors({ tracker_id: [ACCOUNT_TAKEN] });
        throw error;
      });
    const { rows } = await db.query<TrackerUserRow>(`${SELECT} WHERE t.id = $1`, [id]);
    const [created] = await withUsernames(db, rows);
    return reply.status(201).send({ data: created, message: 'New record successfully created' });
  });

  app.delete<{ Params: IdParams }>('/tracker/users/:id', { schema: { params: ID_PARAMS }, config }, async (request) => {
    const actor = actorOf(request);
    await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ tracker_id: string; external_id: string | null }>(
        'SELECT tracker_id, external_id FROM admin.tracker_users WHERE id = $1 FOR UPDATE',
        [request.params.id],
      );
      const row = rows[0];
      if (!row) throw notFound('Tracker user');
      const server = await findServer(tx, Number(row.tracker_id));
      if (server) await adapter.deleteUser(accessOf(server), row.external_id);
      await deleteServiceLink(tx, audit, { tracker_user_id: request.params.id }, actor);
      await records.removeIn(tx, trackerUserRecords, request.params.id, actor);
    });
    return { message: 'Successfully deleted' };
  });
}
