import type { FastifyInstance } from 'fastify';
import type { DataEnvelope } from '@core/sdk/shared';
import { callerHolds, callerId, ID_PARAMS, notFound, type IdParams, type ServerPluginContext } from '@core/sdk/server';
import { positionsResource } from '../../shared/resources';

/*
 * `GET positions/:id/data`: a position's data, for staff holding SQ and for the buyer the position
 * went to (its owner) without SQ; anyone else is told there is no such position (404), so the
 * route never confirms what exists. Every reveal leaves an audit entry on the position (`reveal`:
 * who and which, never the data), and the answer is never cached.
 */

const REVEAL_CODE = 'SQ';

/** The position's data as revealed. */
export interface RevealedData {
  readonly data: string;
}

interface StoredPosition {
  readonly data: string | null;
  readonly owner: string | number | null;
  readonly deleted: boolean;
}

export function revealRoute(app: FastifyInstance, context: ServerPluginContext): void {
  app.get<{ Params: IdParams }>(
    '/positions/:id/data',
    { config: { access: { signedIn: true } }, schema: { params: ID_PARAMS } },
    async (request, reply): Promise<DataEnvelope<RevealedData>> => {
      const caller = callerId(request);
      // The route is open to any signed-in user, the buyer included; SQ is checked here.
      const staff = callerHolds(request, REVEAL_CODE);
      const data = await context.db.transaction(async (tx) => {
        const { rows } = await tx.query<StoredPosition>(
          `SELECT data, owner, deleted_at IS NOT NULL AS deleted FROM ${positionsResource.table} WHERE id = $1`,
          [request.params.id],
        );
        const position = rows[0];
        const mayRead =
          position !== undefined &&
          (staff || (!position.deleted && position.owner !== null && Number(position.owner) === caller));
        if (!mayRead) throw notFound();
        await context.audit.record(tx, {
          resource: positionsResource.id,
          recordId: request.params.id,
          action: 'reveal',
          actorId: caller,
          before: null,
          after: null,
        });
        return position.data ?? '';
      });
      void reply.header('cache-control', 'no-store');
      return { data: { data } };
    },
  );
}
