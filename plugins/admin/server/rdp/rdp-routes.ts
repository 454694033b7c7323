import type { FastifyInstance } from 'fastify';
import type { Database, Queryable } from '@core/server/database/database';
import { notFound } from '@core/server/http/api-error';
import { callerId } from '@core/server/http/route-access';
import { findRecord, listRecords, readValues, type ResourceHooks } from '@core/server/resource';
import { translated } from '@core/server/resource/database-errors';
import { readListQuery } from '@core/server/resource/list-params';
import { updateRecord } from '@core/server/resource/mutations';
import { actorOf } from '@core/server/resource/route-kit';
import type { DataEnvelope, ListEnvelope } from '@core/shared/envelopes';
import type { ResourceRecord } from '@core/shared/resource/definition';
import { rdpServersResource, type RdpGrant, type RdpServer } from '../../shared/rdp';
import { RDP_SERVICE } from '../../shared/services';
import { ACCESS, conflict, existingUserId, ID_PARAMS, idParams, isoOf, isUniqueViolation, languageOf, requireLiveUser, type IdParams } from '../http';
import { insertServiceLink } from '../service-links/service-links-store';
import type { RdpHostAccess, RdpHostAdapter } from './rdp-adapter';

export const ALREADY_GRANTED = 'This user already has access to this RDP server.';

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

/** Engine records with the users granted on each. */
async function withUsers(db: Queryable, records: readonly ResourceRecord[]): Promise<RdpServer[]> {
  const grants = await grantsOf(db, records.map((record) => record.id));
  return records.map((record) => ({ ...record, users: grants.get(record.id) ?? [] }) as unknown as RdpServer);
}

async function findHost(db: Queryable, id: number, forUpdate = false): Promise<HostRow | null> {
  const { rows } = await db.query<HostRow>(`SELECT id, name, ip, username, password FROM admin.rdp_servers WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] ?? null;
}

async function requireServer(db: Queryable, id: number): Promise<RdpServer> {
  const record = await findRecord(db, rdpServersResource, id);
  if (!record) throw notFound('RDP server');
  const [server] = await withUsers(db, [record]);
  return server as RdpServer;
}

/**
 * What the engine runs around its writes of an RDP server: deleting one (alone or in a bulk
 * delete) revokes every grant on it through the host adapter first, in the delete's transaction.
 */
export function rdpServerHooks(adapter: RdpHostAdapter): ResourceHooks {
  return {
    beforeWrite: async ({ tx, action, id }) => {
      if (action !== 'delete' || id === null) return;
      const host = await findHost(tx, id);
      if (!host) return;
      const { rows } = await tx.query<GrantRow>(`${GRANT_SELECT} WHERE g.server_id = $1 FOR UPDATE OF g`, [id]);
      for (const grant of rows) await adapter.revoke(hostOf(host), { userId: Number(grant.user_id), username: grant.username });
      // The grants and their service links then go with the server (ON DELETE CASCADE).
    },
  };
}

/**
 * RDP servers are an engine resource (`rdpServersResource`): it serves `POST rdps/server`,
 * `PATCH` and `DELETE rdps/server/{id}`, history, CSV export, bulk delete and references. These
 * routes add what a generic resource cannot: the list and the record with the users granted on
 * each server, `PUT rdps/server/{id}` of spec §7 (the whole form, no version needed), and the
 * grants themselves (`POST rdps/{serverId}/users/{userId}`, `DELETE rdps/{id}`), which go
 * through the RDP host adapter. Code VR.
 */
export function rdpRoutes(app: FastifyInstance, db: Database, adapter: RdpHostAdapter): void {
  const config = { access: ACCESS.servers };
  const definition = rdpServersResource;

  app.get('/rdps/server', { config }, async (request): Promise<ListEnvelope<RdpServer>> => {
    const language = languageOf(request);
    const query = readListQuery(definition, request.query, language);
    const page = await translated(definition, language, () => listRecords(db, definition, query));
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

  /** The whole form (required fields too); a blank password keeps the stored one; `version`, when sent, must be current. */
  app.put<{ Params: IdParams }>('/rdps/server/:id', { schema: { params: ID_PARAMS, body: { type: 'object' } }, config }, async (request): Promise<DataEnvelope<RdpServer>> => {
    const { id } = request.params;
    const actor = actorOf(request);
    // As a new record's form reads it: an optional field left out is cleared, a blank secret is kept.
    const values = readValues(definition, request.body, 'create', actor.language);
    let version = (request.body as Record<string, unknown>).version;
    if (version === undefined) {
      const current = await findRecord(db, definition, id);
      if (!current) throw notFound('RDP server');
      version = current.version;
    }
    await updateRecord(db, definition, id, { ...values, version }, actor);
    return { data: await requireServer(db, id) };
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
