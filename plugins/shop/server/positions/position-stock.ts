import type { Actor, Queryable } from '@core/sdk/server';

/**
 * The stock engine's entry points the positions part calls (server/stock): the free counts kept on
 * categories and products, and the news that free positions arrived (presale orders fill first).
 * Handed in rather than imported, so the rules and the bulk load can be read and tested on their own.
 */
export interface PositionStock {
  /** Recounts the free positions of these products and their categories. */
  refreshStockCounts(tx: Queryable, productIds: readonly number[]): Promise<void>;
  /** Free positions of these products appeared: waiting presale orders take them, and the counts follow. */
  stockArrived(tx: Queryable, productIds: readonly number[], actor: Actor): Promise<void>;
}
