import type { FastifyInstance } from 'fastify';
import type { DataEnvelope } from '@core/sdk/shared';
import {
  callerHolds,
  callerId,
  isoInstant,
  ID_PARAMS,
  notFound,
  type IdParams,
  type Queryable,
  type ServerPluginContext,
} from '@core/sdk/server';
import type { OrderPosition } from '../../shared/orders';
import { ordersResource, positionsResource } from '../../shared/resources';

/*
 * `GET orders/{id}/positions`: what an order holds. The positions' data (the assets themselves)
 * is shown only to the buyer the order is for and to stock staff (SQ); order staff (SO) see the
 * positions without it; anyone else is told there is no such order. Every answer that shows data
 * is audited, one entry per position, in the position's history. The data is selected only when
 * it will be shown, so it is never even read for anyone else.
 */

/** Who may see what of one order. */
type Sight = 'with-data' | 'without-data' | 'nothing';

async function orderBuyer(db: Queryable, orderId: number): Promise<number | null | undefined> {
  const { rows } = await db.query<{ user: string | null }>(
    `SELECT "user"::text AS "user" FROM shop.orders WHERE id = $1 AND deleted_at IS NULL`,
    [orderId],
  );
  const row = rows[0];
  return row === undefined ? undefined : row.user === null ? null : Number(row.user);
}

async function orderPositions(db: Queryable, orderId: number, withData: boolean): Promise<OrderPosition[]> {
  const { rows } = await db.query<Omit<OrderPosition, 'id' | 'product'> & { id: string; product: string }>(
    `SELECT id::text AS id, title, product::text AS product, state, ${isoInstant('reserved_until')} AS reserved_until,
            ${withData ? 'data' : 'NULL::text'} AS data
       FROM shop.positions WHERE "order" = $1 AND deleted_at IS NULL ORDER BY id`,
    [orderId],
  );
  return rows.map((row) => ({ ...row, id: Number(row.id), product: Number(row.product) }));
}

export function orderPositionsRoute(app: FastifyInstance, context: ServerPluginContext): void {
  const { db } = context;
  app.get<{ Params: IdParams }>(
    `/${ordersResource.path}/:id/positions`,
    // Signed in: the buyer may hold no shop code at all; the route decides what each caller sees.
    { config: { access: { signedIn: true } }, schema: { params: ID_PARAMS } },
    async (request): Promise<DataEnvelope<OrderPosition[]>> => {
      const caller = callerId(request);
      const orderId = request.params.id;
      return db.transaction(async (tx) => {
        const buyer = await orderBuyer(tx, orderId);
        const sight: Sight =
          buyer === undefined
            ? 'nothing'
            : buyer === caller || callerHolds(request, 'SQ')
              ? 'with-data'
              : callerHolds(request, 'SO')
                ? 'without-data'
                : 'nothing';
        if (sight === 'nothing') throw notFound();
        const positions = await orderPositions(tx, orderId, sight === 'with-data');
        if (sight === 'with-data') {
          for (const position of positions) {
            await context.audit.record(tx, {
              resource: positionsResource.id,
              recordId: position.id,
              action: 'reveal',
              actorId: caller,
              before: null,
              after: { order: orderId },
            });
          }
        }
        return { data: positions };
      });
    },
  );
}
