import type { ResourceDefinition } from '@core/shared/resource/definition';
import type { Database, Queryable } from '../database/database';
import { quoteTable } from '../database/sql';

/*
 * PostgreSQL's planner needs statistics to use the engine's indexes well: without them it guesses
 * `deleted_at IS NULL` matches almost nothing and sorts a whole table for one page (measured: a
 * 500-row export batch over 100 000 rows took 250 ms unanalysed, 20 ms analysed). A real server's
 * autovacuum keeps them; PGlite has none, so the engine analyses a table at start-up and again
 * after every ANALYZE_EVERY rows it has written there.
 */

export const ANALYZE_EVERY = 2000;

const written = new WeakMap<Database, Map<string, number>>();

export async function analyzeTable(db: Queryable, definition: ResourceDefinition): Promise<void> {
  await db.query(`ANALYZE ${quoteTable(definition.table)}`);
}

/** Counts rows written; on PGlite, re-analyses the table once enough have changed. Never fails the write. */
export function noteWrites(db: Database, definition: ResourceDefinition, rows: number): void {
  if (db.kind !== 'pglite' || rows <= 0) return;
  const counts = written.get(db) ?? new Map<string, number>();
  written.set(db, counts);
  const total = (counts.get(definition.table) ?? 0) + rows;
  if (total < ANALYZE_EVERY) {
    counts.set(definition.table, total);
    return;
  }
  counts.set(definition.table, 0);
  // Statistics are an optimisation: a failure here (the database closing) must not reach a caller.
  analyzeTable(db, definition).catch(() => undefined);
}
