import type { FastifyInstance } from 'fastify';
import type { Database, Queryable } from '@core/server/database/database';
import { notFound, validationError } from '@core/server/http/api-error';
import { callerId } from '@core/server/http/route-access';
import type { DataEnvelope, ListEnvelope } from '@core/shared/envelopes';
import type { Language } from '@core/shared/runtime-config';
import type { ValidationMode } from '@core/shared/resource/validation';
import { rdpServersResource, type RdpGrant, type RdpServer } from '../../shared/rdp';
import { RDP_SERVICE } from '../../shared/services';
import { ACCESS, conflict, existingUserId, ID_PARAMS, idParams, isoOf, isUniqueViolation, languageOf, requireLiveUser, throwIfErrors, type IdParams } from '../http';
import { checkVersion, columnValues, listRows, readResourceBody, selectColumns, singleValued, uniqueErrors, versionOf, wireRecord } from '../resource-rows';
import { insertServiceLink } from '../service-links/service-links-store';
import type { RdpHostAccess, RdpHostAdapter } from './rdp-adapter';

export const ALREADY_GRANTED = 'This user already has access to this RDP server.';

const OBJECT_BODY = { type: 'object', maxProperties: 20 } as const;
const LIST_QUERY = { type: 'object', maxProperties: 30 } as const;

interface GrantRow {
  readonly id: string | number;
  readonly server_id: string | number;
  readonly user_id: string | number;
  readonly username: string;
  readonly created_at: Date | string;
}

interface HostRow {
  readonly id: string | number;
  readonly name: string;
  readonly ip: string;
  readonly username: string | null;
  readonly password: string | null;
}

const GRANT_SELECT = `SELECT g.id, g.server_id, g.user_id, u.username, g.created_at
  FROM admin.rdp_users g JOIN core.users u ON u.id = g.user_id`;

const wireGrant = (row: GrantRow): RdpGrant => ({
  id: Number(row.id),
  server_id: Number(row.server_id),
  user_id: Number(row.user_id),
  username: row.username,
  created_at: isoOf(row.created_at),
});

const hostOf = (row: HostRow): RdpHostAccess => ({ id: Number(row.id), name: row.name, ip: row.ip, username: row.username, password: row.password });

async function grantsOf(db: Queryable, serverIds: readonly number[]): Promise<Map<number, RdpGrant[]>> {
  const byServer = new Map<number, RdpGrant[]>();
  if (serverIds.length === 0) return byServer;
  const { rows } = await db.query<GrantRow>(`${GRANT_SELECT} WHERE g.server_id = ANY($1::bigint[]) ORDER BY lower(u.username), g.id`, [serverIds]);
  for (const grant of rows.map(wireGrant)) byServer.set(grant.server_id, [...(byServer.get(grant.server_id) ?? []), grant]);
  return byServer;
}

async function withUsers(db: Queryable, records: readonly Record<string, unknown>[]): Promise<RdpServer[]> {
  const grants = await grantsOf(db, records.map((record) => Number(record.id)));
  return records.map((record) => ({ ...record, users: grants.get(Number(record.id)) ?? [] }) as unknown as RdpServer);
}

async function findHost(db: Queryable, id: number, forUpdate = false): Promise<HostRow | null> {
  const { rows } = await db.query<HostRow>(`SELECT id, name, ip, username, password FROM admin.rdp_servers WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] ?? null;
}

async function requireServer(db: Queryable, id: number): Promise<RdpServer> {
  const { rows } = await db.query<Record<string, unknown>>(`SELECT ${selectColumns(rdpServersResource)} FROM admin.rdp_servers WHERE id = $1`, [id]);
  if (!rows[0]) throw notFound('RDP server');
  const [server] = await withUsers(db, [wireRecord(rdpServersResource, rows[0])]);
  return server as RdpServer;
}

function uniqueNameToError(error: unknown): never {
  if (isUniqueViolation(error)) throw validationError({ name: ['This value is already taken.'] });
  throw error;
}

/**
 * RDP servers (an ordinary list, declared as `rdpServersResource`) and the users granted on each
 * (spec §7 `rdps/…`), code VR. Grants and revokes go through the RDP host adapter.
 */
export function rdpRoutes(app: FastifyInstance, db: Database, adapter: RdpHostAdapter): void {
  const config = { access: ACCESS.servers };

  app.get('/rdps/server', { schema: { querystring: LIST_QUERY }, config }, async (request): Promise<ListEnvelope<RdpServer>> => {
    const page = await listRows(db, rdpServersResource, singleValued(request.query));
    return { data: { ...page, data: await withUsers(db, page.data) } };
  });

  app.get<{ Params: IdParams }>('/rdps/server/:id', { schema: { params: ID_PARAMS }, config }, async (request): Promise<DataEnvelope<RdpServer>> => ({
    data: await requireServer(db, request.params.id),
  }));

  app.get<{ Params: IdParams }>(
    '/rdps/server/:id/users',
    { schema: { params: ID_PARAMS }, config },
    async (request): Promise<DataEnvelope<readonly RdpGrant[]>> => ({ data: (await requireServer(db, request.params.id)).users }),
  );

  app.post('/rdps/server', { schema: { body: OBJECT_BODY }, config }, async (request, reply) => {
    const language = languageOf(request);
    const values = readResourceBody(rdpServersResource, request.body, 'create', language);
    throwIfErrors(await uniqueErrors(db, rdpServersResource, values, null, language));
    const columns = columnValues(rdpServersResource, values);
    const { rows } = await db
      .query<{ id: string }>(
        `INSERT INTO admin.rdp_servers (${columns.map(([name]) => name).join(', ')})
         VALUES (${columns.map((_, index) => `$${index + 1}`).join(', ')}) RETURNING id`,
        columns.map(([, value]) => value),
      )
      .catch(uniqueNameToError);
    return reply.status(201).send({ data: await requireServer(db, Number(rows[0]?.id)), message: 'New record successfully created' });
  });

  /** PUT (spec §7) takes the whole form, PATCH (the resource engine's edit) only what changed; a blank password keeps the stored one. */
  const update = (mode: ValidationMode) => async (id: number, body: unknown, language: Language) => {
    await db
      .transaction(async (tx) => {
        const { rows } = await tx.query<{ version: number }>('SELECT version FROM admin.rdp_servers WHERE id = $1 FOR UPDATE', [id]);
        if (!rows[0]) throw notFound('RDP server');
        checkVersion(rows[0].version, versionOf(body, language));
        const values = readResourceBody(rdpServersResource, body, mode, language);
        throwIfErrors(await uniqueErrors(tx, rdpServersResource, values, id, language));
        const columns = columnValues(rdpServersResource, values);
        const sets = columns.map(([name], index) => `${name} = $${index + 2}`);
        await tx.query(`UPDATE admin.rdp_servers SET ${[...sets, 'version = version + 1', 'updated_at = now()'].join(', ')} WHERE id = $1`, [
          id,
          ...columns.map(([, value]) => value),
        ]);
      })
      .catch(uniqueNameToError);
    return { data: await requireServer(db, id), message: 'Successfully updated' };
  };
  const put = update('create');
  const patch = update('update');
  app.put<{ Params: IdParams }>('/rdps/server/:id', { schema: { params: ID_PARAMS, body: OBJECT_BODY }, config }, (request) =>
    put(request.params.id, request.body, languageOf(request)),
  );
  app.patch<{ Params: IdParams }>('/rdps/server/:id', { schema: { params: ID_PARAMS, body: OBJECT_BODY }, config }, (request) =>
    patch(request.params.id, request.body, languageOf(request)),
  );

  /** Every grant on it is revoked through the adapter first. */
  app.delete<{ Params: IdParams }>('/rdps/server/:id', { schema: { params: ID_PARAMS }, config }, async (request) => {
    const { id } = request.params;
    await db.transaction(async (tx) => {
      const host = await findHost(tx, id, true);
      if (!host) throw notFound('RDP server');
      const { rows } = await tx.query<GrantRow>(`${GRANT_SELECT} WHERE g.server_id = $1`, [id]);
      for (const grant of rows) await adapter.revoke(hostOf(host), { userId: Number(grant.user_id), username: grant.username });
      // Grants and their service links go with the server (ON DELETE CASCADE).
      await tx.query('DELETE FROM admin.rdp_servers WHERE id = $1', [id]);
    });
    return { message: 'Successfully deleted' };
  });

  app.post<{ Params: { serverId: number; userId: number } }>(
    '/rdps/:serverId/users/:userId',
    { schema: { params: idParams('serverId', 'userId') }, config },
    async (request, reply) => {
      const { serverId, userId } = request.params;
      const grantId = await db
        .transaction(async (tx) => {
          const host = await findHost(tx, serverId, true);
          if (!host) throw notFound('RDP server');
          const user = await requireLiveUser(tx, userId);
          const taken = await tx.query('SELECT 1 FROM admin.rdp_users WHERE server_id = $1 AND user_id = $2', [serverId, userId]);
          if (taken.rows.length > 0) throw conflict(ALREADY_GRANTED);
          await adapter.grant(hostOf(host), { userId, username: user.username });
          const { rows } = await tx.query<{ id: string }>(
            'INSERT INTO admin.rdp_users (server_id, user_id, created_by) VALUES ($1, $2, $3) RETURNING id',
            [serverId, userId, await existingUserId(tx, callerId(request))],
          );
          const id = Number(rows[0]?.id);
          await insertServiceLink(tx, { userId, service: RDP_SERVICE, source: { rdp_user_id: id } });
          return id;
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw conflict(ALREADY_GRANTED);
          throw error;
        });
      const { rows } = await db.query<GrantRow>(`${GRANT_SELECT} WHERE g.id = $1`, [grantId]);
      return reply.status(201).send({ data: wireGrant(rows[0] as GrantRow), message: 'New record successfully created' });
    },
  );

  /** `{id}` is the grant's id (`users[].id` in the server list). */
  app.delete<{ Params: IdParams }>('/rdps/:id', { schema: { params: ID_PARAMS }, config }, async (request) => {
    await db.transaction(async (tx) => {
      const { rows } = await tx.query<GrantRow>(`${GRANT_SELECT} WHERE g.id = $1 FOR UPDATE OF g`, [request.params.id]);
      const grant = rows[0];
      if (!grant) throw notFound('RDP grant');
      const host = await findHost(tx, Number(grant.server_id));
      if (host) await adapter.revoke(hostOf(host), { userId: Number(grant.user_id), username: grant.username });
      await tx.query('DELETE FROM admin.rdp_users WHERE id = $1', [request.params.id]);
    });
    return { message: 'Successfully deleted' };
  });
}
