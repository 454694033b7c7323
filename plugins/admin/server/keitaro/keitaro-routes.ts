import type { FastifyInstance } from 'fastify';
import type { Database, Queryable } from '@core/server/database/database';
import { notFound, validationError } from '@core/server/http/api-error';
import type { DataEnvelope } from '@core/shared/envelopes';
import type { FieldValue } from '@core/shared/resource/field';
import type { Language } from '@core/shared/runtime-config';
import {
  ACTIVE_REVERSE_UNDELETABLE,
  canDeleteReverse,
  DISPLACED_STATE,
  keitaroReversesResource,
  keitaroServersResource,
  reverseTransition,
  type KeitaroBoard,
  type KeitaroServerCard,
  type Reverse,
  type ReverseAction,
  type ReverseActionResult,
} from '../../shared/keitaro';
import { ACCESS, conflict, ID_PARAMS, isUniqueViolation, languageOf, ROW_ID, throwIfErrors, type IdParams } from '../http';
import { readValues } from '@core/server/resource';
import { checkVersion, columnValues, uniqueErrors, versionOf } from '../resource-rows';
import type { KeitaroAdapter } from './keitaro-adapter';
import {
  accessOf,
  findReverse,
  findServer,
  readBoard,
  readCard,
  REVERSE_COLUMNS,
  SERVER_COLUMNS,
  wireReverse,
  type ReverseRow,
  type ServerRow,
} from './keitaro-store';

export const REVERSE_MOVED = 'This reverse changed while the action ran. Reload and try again.';
const SERVER_GONE = 'The selected server does not exist.';

// Checked by the shared resource rules (the engine's readValues); the schema only bounds the size.
const OBJECT_BODY = { type: 'object', maxProperties: 20 } as const;

const transferSchema = {
  params: ID_PARAMS,
  body: { type: 'object', required: ['server_id'], additionalProperties: false, properties: { server_id: ROW_ID } },
} as const;

/** A race lost to another request on the same rows answers 409, never 500. */
function raceToConflict(error: unknown): never {
  if (isUniqueViolation(error)) throw conflict(REVERSE_MOVED);
  throw error;
}

async function serverValues(db: Queryable, body: unknown, exceptId: number | null, language: Language): Promise<Record<string, FieldValue>> {
  const values = readValues(keitaroServersResource, body, 'create', language);
  throwIfErrors(await uniqueErrors(db, keitaroServersResource, values, exceptId, language));
  return values;
}

/**
 * Keitaro servers and reverses (spec §3, §4; code VR). The state machine lives in
 * plugins/admin/shared/keitaro.ts; every refused action answers 409 with its reason.
 */
export function keitaroRoutes(app: FastifyInstance, db: Database, adapter: KeitaroAdapter): void {
  const config = { access: ACCESS.servers };

  app.get('/keitaro/servers', { config }, async (): Promise<DataEnvelope<KeitaroBoard>> => ({ data: await readBoard(db) }));

  app.post('/keitaro/servers', { schema: { body: OBJECT_BODY }, config }, async (request, reply) => {
    const values = await serverValues(db, request.body, null, languageOf(request));
    const columns = columnValues(keitaroServersResource, values);
    const server = await db
      .query<ServerRow>(
        `INSERT INTO admin.keitaro_servers (${columns.map(([name]) => name).join(', ')})
         VALUES (${columns.map((_, index) => `$${index + 1}`).join(', ')}) RETURNING ${SERVER_COLUMNS}`,
        columns.map(([, value]) => value),
      )
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw validationError({ name: ['This value is already taken.'] });
        throw error;
      });
    const row = server.rows[0] as ServerRow;
    return reply.status(201).send({ data: await readCard(db, row), message: 'New record successfully created' });
  });

  /** The whole form; an api_key left empty (or the mask) keeps the stored key. */
  app.put<{ Params: IdParams }>('/keitaro/servers/:id', { schema: { params: ID_PARAMS, body: OBJECT_BODY }, config }, async (request) => {
    const { id } = request.params;
    const language = languageOf(request);
    const card = await db.transaction(async (tx): Promise<KeitaroServerCard> => {
      const stored = await findServer(tx, id, true);
      if (!stored) throw notFound('Keitaro server');
      checkVersion(stored.version, versionOf(request.body, language));
      const columns = columnValues(keitaroServersResource, await serverValues(tx, request.body, id, language));
      const { rows } = await tx.query<ServerRow>(
        `UPDATE admin.keitaro_servers SET ${columns.map(([name], index) => `${name} = $${index + 2}`).join(', ')},
           version = version + 1, updated_at = now()
         WHERE id = $1 RETURNING ${SERVER_COLUMNS}`,
        [id, ...columns.map(([, value]) => value)],
      );
      return readCard(tx, rows[0] as ServerRow);
    });
    return { data: card, message: 'Successfully updated' };
  });

  /** Its reverses return to the free pool; refused while users have tracker accounts on it. */
  app.delete<{ Params: IdParams }>('/keitaro/servers/:id', { schema: { params: ID_PARAMS }, config }, async (request) => {
    const { id } = request.params;
    await db
      .transaction(async (tx) => {
        const server = await findServer(tx, id, true);
        if (!server) throw notFound('Keitaro server');
        const accounts = Number(
          (await tx.query<{ n: string }>('SELECT count(*) AS n FROM admin.tracker_users WHERE tracker_id = $1', [id])).rows[0]?.n ?? 0,
        );
        if (accounts > 0) {
          throw conflict(`${accounts} tracker user account(s) live on this server: delete them first.`);
        }
        const { rows } = await tx.query<ReverseRow>(`SELECT ${REVERSE_COLUMNS} FROM admin.keitaro_reverses WHERE server_id = $1 FOR UPDATE`, [id]);
        await tx.query(`UPDATE admin.keitaro_reverses SET state = 'free', server_id = NULL, state_changed_at = now() WHERE server_id = $1`, [id]);
        for (const row of rows) {
          await adapter.reverseChanged({ reverse: { id: Number(row.id), address: row.address }, from: row.state, to: 'free', server: accessOf(server) });
        }
        await tx.query('DELETE FROM admin.keitaro_servers WHERE id = $1', [id]);
      })
      .catch(raceToConflict);
    return { message: 'Successfully deleted' };
  });

  /** A new reverse joins the free pool. */
  app.post('/keitaro/reverses', { schema: { body: OBJECT_BODY }, config }, async (request, reply) => {
    const language = languageOf(request);
    const values = readValues(keitaroReversesResource, request.body, 'create', language);
    const address = String(values.address).toLowerCase();
    throwIfErrors(await uniqueErrors(db, keitaroReversesResource, { address }, null, language));
    const { rows } = await db
      .query<ReverseRow>(`INSERT INTO admin.keitaro_reverses (address, comment) VALUES ($1, $2) RETURNING ${REVERSE_COLUMNS}`, [
        address,
        values.comment ?? null,
      ])
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw validationError({ address: ['This value is already taken.'] });
        throw error;
      });
    return reply.status(201).send({ data: wireReverse(rows[0] as ReverseRow), message: 'New record successfully created' });
  });

  app.delete<{ Params: IdParams }>('/keitaro/reverses/:id', { schema: { params: ID_PARAMS }, config }, async (request) => {
    await db.transaction(async (tx) => {
      const reverse = await findReverse(tx, request.params.id, true);
      if (!reverse) throw notFound('Reverse');
      if (!canDeleteReverse(reverse.state)) throw conflict(ACTIVE_REVERSE_UNDELETABLE);
      if (reverse.server_id !== null) {
        const server = await findServer(tx, Number(reverse.server_id));
        if (server) {
          await adapter.reverseChanged({ reverse: { id: Number(reverse.id), address: reverse.address }, from: reverse.state, to: 'free', server: accessOf(server) });
        }
      }
      await tx.query('DELETE FROM admin.keitaro_reverses WHERE id = $1', [request.params.id]);
    });
    return { message: 'Successfully deleted' };
  });

  /**
   * One action of the state machine. The server is locked before the reverse, so two actions on
   * one server (two activations) run one after the other and never leave two active reverses.
   */
  async function act(id: number, action: ReverseAction, targetServerId: number | null): Promise<ReverseActionResult> {
    return db
      .transaction(async (tx) => {
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
        if (action !== 'transfer' && (reverse.server_id === null ? null : Number(reverse.server_id)) !== serverId) throw conflict(REVERSE_MOVED);
        if (!server) throw conflict(REVERSE_MOVED);

        let displaced: Reverse | null = null;
        if (verdict.to === 'active') {
          const { rows } = await tx.query<ReverseRow>(
            `UPDATE admin.keitaro_reverses SET state = $2, state_changed_at = now()
             WHERE server_id = $1 AND state = 'active' AND id <> $3 RETURNING ${REVERSE_COLUMNS}`,
            [server.id, DISPLACED_STATE, id],
          );
          const previous = rows[0];
          if (previous) {
            displaced = wireReverse(previous);
            await adapter.reverseChanged({ reverse: { id: displaced.id, address: displaced.address }, from: 'active', to: DISPLACED_STATE, server: accessOf(server) });
          }
        }
        const { rows } = await tx.query<ReverseRow>(
          `UPDATE admin.keitaro_reverses SET state = $2, server_id = $3, state_changed_at = now() WHERE id = $1 RETURNING ${REVERSE_COLUMNS}`,
          [id, verdict.to, verdict.to === 'free' ? null : server.id],
        );
        const updated = wireReverse(rows[0] as ReverseRow);
        await adapter.reverseChanged({ reverse: { id: updated.id, address: updated.address }, from: reverse.state, to: verdict.to, server: accessOf(server) });
        return { reverse: updated, displaced };
      })
      .catch(raceToConflict);
  }

  app.post<{ Params: IdParams; Body: { server_id: number } }>(
    '/keitaro/reverses/:id/transfer',
    { schema: transferSchema, config },
    async (request) => ({ data: await act(request.params.id, 'transfer', request.body.server_id), message: 'Successfully updated' }),
  );

  for (const action of ['wait', 'activate', 'release'] as const) {
    app.post<{ Params: IdParams }>(`/keitaro/reverses/:id/${action}`, { schema: { params: ID_PARAMS }, config }, async (request) => ({
      data: await act(request.params.id, action, null),
      message: 'Successfully updated',
    }));
  }
}
