/*
 * How much the benchmark does. The full run (`npm run bench`) gives the figures: 100 000 rows, many
 * runs, 10-second load runs, PostgreSQL when there is one. The smoke run (`npm run bench -- --smoke`,
 * BENCH_SMOKE=1, a stage of `npm test`) only proves the bench still works end to end, within a minute:
 * 1 000 rows (the bench screen's 1000-row page still fills), a few runs, 2-second load runs, PGlite
 * alone, and a screen that fails fails the run instead of becoming a line of the report.
 */

export const SMOKE = process.env.BENCH_SMOKE === '1';

export interface BenchProfile {
  /** Transactions seeded, and as many bench records. */
  readonly rows: number;
  /** Samples of each list, search and overview request. */
  readonly listRuns: number;
  readonly searchRuns: number;
  /** Measured visits of each screen (after one that warms the cache). */
  readonly visits: number;
  readonly loadConnections: readonly number[];
  readonly loadSeconds: number;
  /** Each side's warm-up run before the measured ones; none when 0. */
  readonly loadWarmupSeconds: number;
}

export const PROFILE: BenchProfile = SMOKE
  ? { rows: 1_000, listRuns: 5, searchRuns: 5, visits: 2, loadConnections: [50], loadSeconds: 2, loadWarmupSeconds: 0 }
  : {
      rows: 100_000,
      listRuns: 200,
      searchRuns: 30,
      visits: 7,
      loadConnections: [50, 200],
      loadSeconds: 10,
      loadWarmupSeconds: 3,
    };
