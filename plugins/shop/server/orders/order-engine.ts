import type { FastifyInstance } from 'fastify';
import type { ResourceRecord } from '@core/sdk/shared';
import {
  conflict,
  findRecord,
  notFound,
  translated,
  type Actor,
  type Database,
  type Queryable,
  type ServerPluginContext,
} from '@core/sdk/server';
import { ordersResource, type OrderStatus } from '../../shared/resources';
import { holdsSoldPositions, releasePositions } from '../stock/positions-handout';
import { fillPresaleOrders } from '../stock/presale-fill';
import { readReservationHours, type HandoutPolicy } from '../stock/reservation';
import { defineReservationSweep, sellExpiredReservations } from '../stock/reservation-sweep';
import { lowStockNotices } from '../stock/low-stock';
import { stockArrived } from '../stock/stock-arrived';
import { refreshStockCounts } from '../stock/stock-counts';
import { fillOrder, orderEvent } from './fill-order';
import { ORDER_STATE_REFUSES, POSITIONS_SOLD } from './order-messages';
import { OrderEvents, type OrderEvent } from './order-events';

/*
 * The order life cycle (spec: new → in progress → completed | cancelled), one transaction per
 * step, the order written through the engine (versioned, audited). Listeners hear of completed
 * and cancelled orders only after the transaction committed, so they never act on a rolled-back
 * change. The screens' row actions (order-routes.ts), the team bot and automation all go through here.
 */

const STARTABLE: readonly OrderStatus[] = ['new'];
const COMPLETABLE: readonly OrderStatus[] = ['new', 'in_progress'];
const CANCELLABLE: readonly OrderStatus[] = ['new', 'in_progress', 'completed'];

interface Outcome {
  readonly record: ResourceRecord;
  readonly completed: readonly OrderEvent[];
  readonly cancelled: OrderEvent | null;
}

/** What the engine needs of the running server; known once the plugin is registered. */
interface Attached {
  readonly db: Database;
  readonly log: FastifyInstance['log'];
  readonly events: OrderEvents;
  readonly policy: HandoutPolicy;
}

/** The stock engine as writers of positions call it (the positions part's `PositionStock`). */
export interface StockEntryPoints {
  refreshStockCounts(tx: Queryable, productIds: readonly number[]): Promise<void>;
  stockArrived(tx: Queryable, productIds: readonly number[], actor: Actor): Promise<void>;
}

/**
 * The order engine of one shop plugin. Created with the plugin (resource hooks are declared before
 * the server runs) and attached to the server in `register` (registerOrders): its database, its
 * logger for failed listeners, the configured reservation length.
 */
export class OrderEngine {
  private attached: Attached | null = null;

  constructor(private readonly now: () => Date) {}

  attach(app: FastifyInstance, context: ServerPluginContext): void {
    const policy = {
      now: this.now,
      records: context.records,
      reservationHours: readReservationHours(context.settings),
      lowStock: lowStockNotices(context, this.now),
    };
    this.attached = { db: context.db, log: app.log, events: new OrderEvents(app.log), policy };
    defineReservationSweep(context, this.now);
  }

  private get running(): Attached {
    if (!this.attached) throw new Error('the shop order engine is used before the plugin was registered');
    return this.attached;
  }

  /** Where `completed` and `cancelled` are announced, after commit: `orders.events.on(kind, listener)`. */
  get events(): OrderEvents {
    return this.running.events;
  }

  /** new → in progress. */
  startOrder(db: Database, orderId: number, actor: Actor): Promise<ResourceRecord> {
    return this.step(db, orderId, actor, STARTABLE, async (tx, order) => ({
      record: await this.running.policy.records.changeIn(
        tx,
        ordersResource,
        order.id,
        { action: 'start', values: { status: 'in_progress' }, version: null },
        actor,
      ),
      completed: [],
      cancelled: null,
    }));
  }

  /**
   * new | in progress → completed: hands the order the free positions it lacks, reserved for its
   * buyer. Short of stock, an ordinary order is refused (StockShortage, 409 with `available`) and
   * nothing changes; a presale order takes what there is and waits in progress for the rest.
   */
  completeOrder(db: Database, orderId: number, actor: Actor): Promise<ResourceRecord> {
    return this.step(db, orderId, actor, COMPLETABLE, async (tx, order) => {
      const filled = await fillOrder(
        tx,
        order,
        order.presale === true ? 'what-there-is' : 'whole',
        'complete',
        this.running.policy,
        actor,
      );
      return {
        record: filled?.record ?? order,
        completed: filled?.completed ? [filled.completed] : [],
        cancelled: null,
      };
    });
  }

  /**
   * new | in progress | completed → cancelled: the positions still reserved go back to stock (and
   * to waiting presale orders first). Positions whose reservation ran out count as sold, and an
   * order holding a sold position cannot be cancelled.
   */
  async cancelOrder(db: Database, orderId: number, actor: Actor): Promise<ResourceRecord> {
    // The sweep first, in a transaction of its own, so what ran out is stored as sold even when the cancel is refused.
    await db.transaction((tx) => sellExpiredReservations(tx, this.running.policy.records, this.now(), orderId));
    return this.step(db, orderId, actor, CANCELLABLE, async (tx, order) => {
      if (await holdsSoldPositions(tx, order.id, this.now())) throw conflict(POSITIONS_SOLD);
      const { records } = this.running.policy;
      const released = await releasePositions(tx, records, order.id, actor);
      const record = await records.changeIn(
        tx,
        ordersResource,
        order.id,
        { action: 'cancel', values: { status: 'cancelled', count: 0 }, version: null },
        actor,
      );
      const completed = released.length > 0 ? await this.stockArrivedIn(tx, [Number(order.product)], actor) : [];
      return { record, completed, cancelled: orderEvent(record, released) };
    });
  }

  /** Serves the product's waiting presale orders from its free stock inside the caller's transaction; pass what it returns to announceCompleted after commit. */
  fillPresaleOrders(tx: Queryable, productId: number, actor: Actor): Promise<OrderEvent[]> {
    return fillPresaleOrders(tx, productId, actor, this.running.policy);
  }

  /**
   * For a writer that added free positions, inside its transaction right after: waiting presale
   * orders first, then the stock counters. Pass what it returns to announceCompleted once committed.
   */
  stockArrivedIn(tx: Queryable, productIds: readonly number[], actor: Actor): Promise<OrderEvent[]> {
    return stockArrived(tx, productIds, actor, this.running.policy);
  }

  /** stockArrivedIn in a transaction of its own, announced after commit. */
  async stockArrived(db: Database, productIds: readonly number[], actor: Actor): Promise<void> {
    const completed = await translated(ordersResource, actor.language, () =>
      db.transaction((tx) => this.stockArrivedIn(tx, productIds, actor)),
    );
    await this.announceCompleted(completed);
  }

  async announceCompleted(completed: readonly OrderEvent[]): Promise<void> {
    for (const event of completed) await this.events.emit('completed', event);
  }

  /**
   * The entry points for a writer that cannot see its own commit (an engine hook of positions):
   * stockArrived fills and recounts in its transaction, and announces each completed order once
   * that transaction has committed: it waits for the order's row (locked until then) and announces
   * only if the order is stored completed; a rolled-back fill is never announced.
   */
  get stockEntryPoints(): StockEntryPoints {
    return {
      refreshStockCounts: (tx, productIds) => refreshStockCounts(tx, productIds, this.running.policy),
      stockArrived: async (tx, productIds, actor) => {
        const completed = await this.stockArrivedIn(tx, productIds, actor);
        for (const event of completed) {
          this.announceOnceCommitted(event).catch((error: unknown) =>
            this.running.log.error(
              { orderId: event.orderId, err: error instanceof Error ? error.message : String(error) },
              'shop order announcement failed',
            ),
          );
        }
      },
    };
  }

  private async announceOnceCommitted(event: OrderEvent): Promise<void> {
    // FOR SHARE waits for the writing transaction to end (on PGlite the query waits for it anyway).
    const { rows } = await this.running.db.query<{ status: string }>(
      'SELECT status FROM shop.orders WHERE id = $1 FOR SHARE',
      [event.orderId],
    );
    if (rows[0]?.status === 'completed') await this.events.emit('completed', event);
  }

  /** One step of the life cycle on the locked order, in one transaction; its events announced after commit. */
  private async step(
    db: Database,
    orderId: number,
    actor: Actor,
    from: readonly OrderStatus[],
    work: (tx: Queryable, order: ResourceRecord) => Promise<Outcome>,
  ): Promise<ResourceRecord> {
    const outcome = await translated(ordersResource, actor.language, () =>
      db.transaction(async (tx) => {
        const order = await findRecord(tx, ordersResource, orderId, { lock: true });
        if (!order) throw notFound();
        if (!from.includes(order.status as OrderStatus)) throw conflict(ORDER_STATE_REFUSES);
        return work(tx, order);
      }),
    );
    await this.announceCompleted(outcome.completed);
    if (outcome.cancelled) await this.events.emit('cancelled', outcome.cancelled);
    return outcome.record;
  }
}
