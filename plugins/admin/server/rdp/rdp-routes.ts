import type { FastifyInstance } from 'fastify';
import type { DataEnvelope, ListEnvelope, ResourceRecord } from '@core/sdk/shared';
import {
  findRecord,
  listRecords,
  type Actor,
  type IdParams,
  type Queryable,
  type ResourceHooks,
  type ServerPluginContext,
  type UsersService,
} from '@core/sdk/server';
import { rdpServersResource, type RdpGrant, type RdpServer } from '../../shared/rdp';
import { RDP_SERVICE } from '../../shared/services';
import { rdpGrantRecords } from '../account-records';
import { ACCESS, isoOf } from '../http';
import { deleteServiceLink, insertServiceLink } from '../service-links/service-links-store';
import type { RdpHostAccess, RdpHostAdapter } from './rdp-adapter';

export const ALREADY_GRANTED = 'This user already has access to this RDP server.';

interface GrantRow {
  readonly id: string | number;
  readonly server_id: string | number;
  readonly user_id: string | number;
  readonly created_at: Date | string;
}

interface HostRow {
  readonly id: string | number;
  readonly name: string;
  readonly ip: string;
  readonly username: string | null;
  readonly password: string | null;
}

const GRANT_SELECT = 'SELECT g.id, g.server_id, g.user_id, g.created_at FROM admin.rdp_users g';

/** The grants as the API shows them, each with its user's name, ordered by it. */
async function wireGrants(db: Queryable, users: UsersService, rows: readonly GrantRow[]): Promise<RdpGrant[]> {
  const names = await users.labels(
    db,
    rows.map((row) => Number(row.user_id)),
  );
  return rows
    .map((row) => ({
      id: Number(row.id),
      server_id: Number(row.server_id),
      user_id: Number(row.user_id),
      username: names.get(Number(row.user_id)) ?? '',
      created_at: isoOf(row.created_at),
    }))
    .sort((a, b) => a.username.toLowerCase().localeCompare(b.username.toLowerCase()) || a.id - b.id);
}

const hostOf = (row: HostRow): RdpHostAccess => ({
  id: Number(row.id),
  name: row.name,
  ip: row.ip,
  username: row.username,
  password: row.password,
});

async function grantsOf(
  db: Queryable,
  users: UsersService,
  serverIds: readonly number[],
): Promise<Map<number, RdpGrant[]>> {
  const byServer = new Map<number, RdpGrant[]>();
  if (serverIds.length === 0) return byServer;
  const { rows } = await db.query<GrantRow>(`${GRANT_SELECT} WHERE g.server_id = ANY($1::bigint[])`, [serverIds]);
  for (const grant of await wireGrants(db, users, rows))
    byServer.set(grant.server_id, [...(byServer.get(grant.server_id) ?? []), grant]);
  return byServer;
}

/** Engine records with the users granted on each. */
async function withUsers(db: Queryable, users: UsersService, records: readonly ResourceRecord[]): Promise<RdpServer[]> {
  const grants = await grantsOf(
    db,
    users,
    records.map((record) => record.id),
  );
  return records.map((record) => ({ ...record, users: grants.get(record.id) ?? [] }) as unknown as RdpServer);
}

async function findHost(db: Queryable, id: number, forUpdate = false): Promise<HostRow | null> {
  const { rows } = await db.query<HostRow>(
    `SELECT id, name, ip, username, password FROM admin.rdp_servers WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

/** What taking a grant away needs of the plugin's context. */
type GrantServices = Pick<ServerPluginContext, 'users' | 'audit' | 'records'>;

/**
 * Takes a grant away: the host first, then its service link and the grant itself, each audited
 * with `actor`, in `tx`.
 */
async function revokeGrant(
  tx: Queryable,
  { users, audit, records }: GrantServices,
  adapter: RdpHostAdapter,
  grant: GrantRow,
  actor: Actor,
): Promise<void> {
  const host = await findHost(tx, Number(grant.server_id));
  const user = await users.find(tx, Number(grant.user_id));
  if (host) await adapter.revoke(hostOf(host), { userId: Number(grant.user_id), username: user?.username ?? '' });
  await deleteServiceLink(tx, audit, { rdp_user_id: Number(grant.id) }, actor);
  await records.removeIn(tx, rdpGrantRecords, Number(grant.id), actor);
}

/**
 * What the engine runs around its writes of an RDP server: deleting one (alone or in a bulk
 * delete) revokes every grant on it through the host adapter first, in the delete's transaction.
 */
export function rdpServerHooks(adapter: RdpHostAdapter, services: GrantServices): ResourceHooks {
  return {
    beforeWrite: async ({ tx, action, id, actorId }) => {
      if (action !== 'delete' || id === null) return;
      const { rows } = await tx.query<GrantRow>(`${GRANT_SELECT} WHERE g.server_id = $1 FOR UPDATE OF g`, [id]);
      for (const grant of rows) await revokeGrant(tx, services, adapter, grant, { id: actorId, language: 'en' });
    },
  };
}

/**
 * RDP servers are an engine resource (`rdpServersResource`): it serves `POST rdps/server`,
 * `PATCH` and `DELETE rdps/server/{id}`, history, CSV export, bulk delete and references. These
 * routes add what a generic resource cannot: the list and the record with the users granted on
 * each server, `PUT rdps/server/{id}` as the spec's section on the calls it makes shapes it (the
 * whole form, no version needed), and the grants themselves (`POST rdps/{serverId}/users/{userId}`,
 * `DELETE rdps/{id}`), which go through the RDP host adapter. Code VR.
 */
export function rdpRoutes(app: FastifyInstance, context: ServerPluginContext, adapter: RdpHostAdapter): void {
  const { db, users, audit, records, routes } = context;
  const config = { access: ACCESS.servers };
  const definition = rdpServersResource;
  const { ID_PARAMS, idParams, notFound, conflict, languageOf, actorOf, isUniqueViolation, translated, readListQuery } =
    routes;

  async function requireServer(tx: Queryable, id: number): Promise<RdpServer> {
    const record = await findRecord(tx, definition, id);
    if (!record) throw notFound('RDP server');
    const [server] = await withUsers(tx, users, [record]);
    return server as RdpServer;
  }

  app.get('/rdps/server', { config }, async (request): Promise<ListEnvelope<RdpServer>> => {
    const language = languageOf(request);
    const query = readListQuery(definition, request.query, language);
    const page = await translated(definition, language, () => listRecords(db, definition, query));
    return { data: { ...page, data: await withUsers(db, users, page.data) } };
  });

  app.get<{ Params: IdParams }>(
    '/rdps/server/:id',
    { schema: { params: ID_PARAMS }, config },
    async (request): Promise<DataEnvelope<RdpServer>> => ({
      data: await requireServer(db, request.params.id),
    }),
  );

  app.get<{ Params: IdParams }>(
    '/rdps/server/:id/users',
    { schema: { params: ID_PARAMS }, config },
    async (request): Promise<DataEnvelope<readonly RdpGrant[]>> => ({
      data: (await requireServer(db, request.params.id)).users,
    }),
  );

  /** The whole form (required fields too); a blank password keeps the stored one; `version`, when sent, must be current. */
  app.put<{ Params: IdParams }>(
    '/rdps/server/:id',
    { schema: { params: ID_PARAMS, body: { type: 'object' } }, config },
    async (request): Promise<DataEnvelope<RdpServer>> => {
      const { id } = request.params;
      await records.replace(definition, id, request.body, actorOf(request));
      return { data: await requireServer(db, id) };
    },
  );

  app.post<{ Params: { serverId: number; userId: number } }>(
    '/rdps/:serverId/users/:userId',
    { schema: { params: idParams('serverId', 'userId') }, config },
    async (request, reply) => {
      const { serverId, userId } = request.params;
      const actor = actorOf(request);
      const grantId = await db
        .transaction(async (tx) => {
          const host = await findHost(tx, serverId, true);
          if (!host) throw notFound('RDP server');
          const user = await users.require(tx, userId, { live: true });
          const taken = await tx.query('SELECT 1 FROM admin.rdp_users WHERE server_id = $1 AND user_id = $2', [
            serverId,
            userId,
          ]);
          if (taken.rows.length > 0) throw conflict(ALREADY_GRANTED);
          await adapter.grant(hostOf(host), { userId, username: user.username });
          const grant = await records.createIn(tx, rdpGrantRecords, { server_id: serverId, user_id: userId }, actor);
          await insertServiceLink(
            tx,
            audit,
            { userId, service: RDP_SERVICE, source: { rdp_user_id: grant.id } },
            actor,
          );
          return grant.id;
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw conflict(ALREADY_GRANTED);
          throw error;
        });
      const { rows } = await db.query<GrantRow>(`${GRANT_SELECT} WHERE g.id = $1`, [grantId]);
      const [grant] = await wireGrants(db, users, rows);
      return reply.status(201).send({ data: grant, message: 'New record successfully created' });
    },
  );

  /** `{id}` is the grant's id (`users[].id` in the server list). */
  app.delete<{ Params: IdParams }>('/rdps/:id', { schema: { params: ID_PARAMS }, config }, async (request) => {
    await db.transaction(async (tx) => {
      const { rows } = await tx.query<GrantRow>(`${GRANT_SELECT} WHERE g.id = $1 FOR UPDATE OF g`, [request.params.id]);
      const grant = rows[0];
      if (!grant) throw notFound('RDP grant');
      await revokeGrant(tx, context, adapter, grant, actorOf(request));
    });
    return { message: 'Successfully deleted' };
  });
}
