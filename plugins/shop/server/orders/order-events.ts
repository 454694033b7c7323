import type { FastifyBaseLogger } from 'fastify';

/** An order as its listeners hear of it, after the transaction that changed it committed. */
export interface OrderEvent {
  readonly orderId: number;
  readonly teamId: number;
  readonly productId: number;
  /** The buyer the positions are reserved for. */
  readonly userId: number;
  readonly quantity: number;
  /** The positions handed to the order (all of them, on completion). */
  readonly positionIds: readonly number[];
  /** The bot the order came through, and the messenger account that placed it; null from the screens. */
  readonly botId: number | null;
  readonly teamUser: string | null;
}

export type OrderEventKind = 'completed' | 'cancelled';
type Listener = (event: OrderEvent) => Promise<void>;

/**
 * What happens to orders, for the parts that react to it (the team bot's delivery, the setup
 * queue) without the order engine knowing them. Listeners run after commit, one after another; a
 * listener that fails is logged and never undoes the order.
 */
export class OrderEvents {
  private readonly listeners = new Map<OrderEventKind, Listener[]>();

  constructor(private readonly log: Pick<FastifyBaseLogger, 'error'>) {}

  on(kind: OrderEventKind, listener: Listener): void {
    this.listeners.set(kind, [...(this.listeners.get(kind) ?? []), listener]);
  }

  async emit(kind: OrderEventKind, event: OrderEvent): Promise<void> {
    for (const listener of this.listeners.get(kind) ?? []) {
      try {
        await listener(event);
      } catch (error) {
        this.log.error(
          { orderId: event.orderId, kind, err: error instanceof Error ? error.message : String(error) },
          'shop order listener failed',
        );
      }
    }
  }
}
