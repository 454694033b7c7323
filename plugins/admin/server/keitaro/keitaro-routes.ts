import type { FastifyInstance } from 'fastify';
import type { DataEnvelope, ResourceDefinition } from '@core/sdk/shared';
import {
  conflict,
  type Actor,
  type IdParams,
  type Queryable,
  type RecordWriter,
  type ResourceHooks,
  type ServerPluginContext,
} from '@core/sdk/server';
import {
  ACTIVE_REVERSE_UNDELETABLE,
  canDeleteReverse,
  DISPLACED_STATE,
  keitaroReversesResource,
  keitaroServersResource,
  reverseTransition,
  type KeitaroBoard,
  type ReverseAction,
  type ReverseActionResult,
  type ReverseState,
} from '../../shared/keitaro';
import { ACCESS } from '../http';
import type { KeitaroAdapter } from './keitaro-adapter';
import {
  accessOf,
  findReverse,
  findServer,
  readBoard,
  readCard,
  REVERSE_COLUMNS,
  wireReverse,
  type ReverseRow,
  type ServerRow,
} from './keitaro-store';

export const REVERSE_MOVED = 'This reverse changed while the action ran. Reload and try again.';
const SERVER_GONE = 'The selected server does not exist.';

// Checked by the shared resource rules (the engine's readValues); the schema only bounds the size.
const OBJECT_BODY = { type: 'object', maxProperties: 20 } as const;

/** Moves a reverse to `to` (on `serverId`, or none when free) through the engine: versioned and audited as `action`. */
function moveReverse(
  records: RecordWriter,
  tx: Queryable,
  id: number,
  action: string,
  to: ReverseState,
  serverId: number | null,
  actor: Actor,
) {
  return records.changeIn(
    tx,
    keitaroReversesResource,
    id,
    { action, values: { state: to, server_id: serverId }, meta: ['state_changed_at = now()'] },
    actor,
  );
}

/** Refuses (409) to delete a server users have tracker accounts on: their accounts would go without the tracker being told. */
async function refuseWhileAccounts(tx: Queryable, serverId: number): Promise<void> {
  const { rows } = await tx.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM admin.tracker_users WHERE tracker_id = $1',
    [serverId],
  );
  const accounts = rows[0]?.n ?? 0;
  if (accounts > 0) throw conflict(`${accounts} tracker user account(s) live on this server: delete them first.`);
}

/**
 * What the engine runs around writes of Keitaro servers and reverses, whichever route makes them
 * (this file's, or the engine's bulk delete): a server with tracker accounts on it is not deleted;
 * an active reverse is not deleted, and the tracker of a reverse deleted off a server is told in
 * the same transaction.
 */
export function keitaroHooks(adapter: KeitaroAdapter): Readonly<Record<string, ResourceHooks>> {
  return {
    [keitaroServersResource.id]: {
      beforeWrite: async ({ tx, action, id }) => {
        if (action === 'delete' && id !== null) await refuseWhileAccounts(tx, id);
      },
    },
    [keitaroReversesResource.id]: {
      beforeWrite: async ({ tx, action, id }) => {
        if (action !== 'delete' || id === null) return;
        const reverse = await findReverse(tx, id);
        if (!reverse) return;
        if (!canDeleteReverse(reverse.state)) throw conflict(ACTIVE_REVERSE_UNDELETABLE);
        const server = reverse.server_id === null ? null : await findServer(tx, Number(reverse.server_id));
        if (server)
          await adapter.reverseChanged({
            reverse: { id, address: reverse.address },
            from: reverse.state,
            to: 'free',
            server: accessOf(server),
          });
      },
    },
  };
}

/**
 * Keitaro servers and reverses (code VR). Both are engine resources, so every write
 * here goes through the engine (validated, versioned, audited, in the record's history); these
 * routes keep the shapes the screens read: the board, the card answers, and the state machine of
 * plugins/admin/shared/keitaro.ts, where every refused action answers 409 with its reason.
 */
export function keitaroRoutes(
  app: FastifyInstance,
  { db, records, routes }: ServerPluginContext,
  adapter: KeitaroAdapter,
): void {
  const config = { access: ACCESS.servers };
  const { ID_PARAMS, ROW_ID, notFound, validationError, actorOf, isUniqueViolation, translated } = routes;
  const transferSchema = {
    params: ID_PARAMS,
    body: { type: 'object', required: ['server_id'], additionalProperties: false, properties: { server_id: ROW_ID } },
  } as const;

  async function card(tx: Queryable, id: number) {
    return readCard(tx, (await findServer(tx, id)) as ServerRow);
  }

  // The whole board, never a page: the engine's list parameters (which its other routes of this resource take) are refused.
  app.get(
    '/keitaro/servers',
    { schema: { querystring: { type: 'object', additionalProperties: false } }, config },
    async (): Promise<DataEnvelope<KeitaroBoard>> => ({
      data: await readBoard(db),
    }),
  );

  app.post('/keitaro/servers', { schema: { body: OBJECT_BODY }, config }, async (request, reply) => {
    const actor = actorOf(request);
    const values = records.readValues(keitaroServersResource, request.body, 'create', actor.language);
    const created = await records.create(keitaroServersResource, values, actor);
    return reply.status(201).send({ data: await card(db, created.id), message: 'New record successfully created' });
  });

  /** The whole form; an api_key left empty (or the mask) keeps the stored key; `version`, when sent, must be current. */
  app.put<{ Params: IdParams }>(
    '/keitaro/servers/:id',
    { schema: { params: ID_PARAMS, body: OBJECT_BODY }, config },
    async (request) => {
      await records.replace(keitaroServersResource, request.params.id, request.body, actorOf(request));
      return { data: await card(db, request.params.id), message: 'Successfully updated' };
    },
  );

  /** Its reverses return to the free pool first; refused while users have tracker accounts on it. */
  app.delete<{ Params: IdParams }>(
    '/keitaro/servers/:id',
    { schema: { params: ID_PARAMS }, config },
    async (request) => {
      const { id } = request.params;
      const actor = actorOf(request);
      await inTransaction(keitaroServersResource, actor, async (tx) => {
        const server = await findServer(tx, id, true);
        if (!server) throw notFound('Keitaro server');
        await refuseWhileAccounts(tx, id);
        const { rows } = await tx.query<ReverseRow>(
          `SELECT ${REVERSE_COLUMNS} FROM admin.keitaro_reverses WHERE server_id = $1 ORDER BY id FOR UPDATE`,
          [id],
        );
        for (const row of rows) {
          await moveReverse(records, tx, Number(row.id), 'release', 'free', null, actor);
          await adapter.reverseChanged({
            reverse: { id: Number(row.id), address: row.address },
            from: row.state,
            to: 'free',
            server: accessOf(server),
          });
        }
        await records.removeIn(tx, keitaroServersResource, id, actor);
      });
      return { message: 'Successfully deleted' };
    },
  );

  /** A new reverse joins the free pool. */
  app.post('/keitaro/reverses', { schema: { body: OBJECT_BODY }, config }, async (request, reply) => {
    const actor = actorOf(request);
    const values = records.readValues(keitaroReversesResource, request.body, 'create', actor.language);
    const created = await records.create(
      keitaroReversesResource,
      { ...values, address: String(values.address).toLowerCase() },
      actor,
    );
    return reply.status(201).send({
      data: wireReverse((await findReverse(db, created.id)) as ReverseRow),
      message: 'New record successfully created',
    });
  });

  app.delete<{ Params: IdParams }>(
    '/keitaro/reverses/:id',
    { schema: { params: ID_PARAMS }, config },
    async (request) => {
      const actor = actorOf(request);
      await inTransaction(keitaroReversesResource, actor, async (tx) => {
        if (!(await findReverse(tx, request.params.id, true))) throw notFound('Reverse');
        await records.removeIn(tx, keitaroReversesResource, request.params.id, actor);
      });
      return { message: 'Successfully deleted' };
    },
  );

  /** A transaction whose lost races (a unique index refusing a second active reverse) answer 409, never 500. */
  function inTransaction<T>(
    definition: ResourceDefinition,
    actor: Actor,
    work: (tx: Queryable) => Promise<T>,
  ): Promise<T> {
    return translated(definition, actor.language, () =>
      db.transaction(work).catch((error: unknown) => {
        if (isUniqueViolation(error)) throw conflict(REVERSE_MOVED);
        throw error;
      }),
    );
  }

  /**
   * One action of the state machine. The server is locked before the reverse, so two actions on
   * one server (two activations) run one after the other and never leave two active reverses.
   */
  async function act(
    id: number,
    action: ReverseAction,
    targetServerId: number | null,
    actor: Actor,
  ): Promise<ReverseActionResult> {
    return inTransaction(keitaroReversesResource, actor, async (tx) => {
      const seen = await findReverse(tx, id);
      if (!seen) throw notFound('Reverse');
      const serverId = action === 'transfer' ? targetServerId : seen.server_id === null ? null : Number(seen.server_id);
      const server = serverId === null ? null : await findServer(tx, serverId, true);
      if (action === 'transfer' && !server) throw validationError({ server_id: [SERVER_GONE] });
      const reverse = await findReverse(tx, id, true);
      if (!reverse) throw notFound('Reverse');
      const verdict = reverseTransition(action, reverse.state);
      if (!verdict.ok) throw conflict(verdict.message);
      // Moved to another server between the first look and the lock.
      if (action !== 'transfer' && (reverse.server_id === null ? null : Number(reverse.server_id)) !== serverId)
        throw conflict(REVERSE_MOVED);
      if (!server) throw conflict(REVERSE_MOVED);

      let displaced: ReverseRow | null = null;
      if (verdict.to === 'active') {
        const { rows } = await tx.query<ReverseRow>(
          `SELECT ${REVERSE_COLUMNS} FROM admin.keitaro_reverses WHERE server_id = $1 AND state = 'active' AND id <> $2 FOR UPDATE`,
          [server.id, id],
        );
        const previous = rows[0];
        if (previous) {
          await moveReverse(records, tx, Number(previous.id), 'hold', DISPLACED_STATE, Number(server.id), actor);
          displaced = (await findReverse(tx, Number(previous.id))) as ReverseRow;
          await adapter.reverseChanged({
            reverse: { id: Number(previous.id), address: previous.address },
            from: 'active',
            to: DISPLACED_STATE,
            server: accessOf(server),
          });
        }
      }
      await moveReverse(records, tx, id, action, verdict.to, verdict.to === 'free' ? null : Number(server.id), actor);
      const updated = wireReverse((await findReverse(tx, id)) as ReverseRow);
      await adapter.reverseChanged({
        reverse: { id: updated.id, address: updated.address },
        from: reverse.state,
        to: verdict.to,
        server: accessOf(server),
      });
      return { reverse: updated, displaced: displaced ? wireReverse(displaced) : null };
    });
  }

  app.post<{ Params: IdParams; Body: { server_id: number } }>(
    '/keitaro/reverses/:id/transfer',
    { schema: transferSchema, config },
    async (request) => ({
      data: await act(request.params.id, 'transfer', request.body.server_id, actorOf(request)),
      message: 'Successfully updated',
    }),
  );

  for (const action of ['wait', 'activate', 'release'] as const) {
    app.post<{ Params: IdParams }>(
      `/keitaro/reverses/:id/${action}`,
      { schema: { params: ID_PARAMS }, config },
      async (request) => ({
        data: await act(request.params.id, action, null, actorOf(request)),
        message: 'Successfully updated',
      }),
    );
  }
}
