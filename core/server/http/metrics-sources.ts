import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { PluginLoadState } from '@core/shared/plugin-inventory';
import type { Database } from '../database/database';
import { observeStatements } from '../database/statement-timing';
import type { SettledJob } from '../jobs/types';
import type { PluginInventory } from '../plugin';
import type { AdmissionLimiter } from './admission-limiter';

/** What the server's parts expose to the metrics, given once they exist. */
export interface MetricSources {
  readonly db: Database;
  readonly admission: AdmissionLimiter;
  readonly plugins: PluginInventory;
  /** Registers a listener told each job's final state on the copy that recorded it (JobSystem.onSettled). */
  readonly onJobSettled: (listener: (job: SettledJob) => void) => void;
}

const LOAD_STATES: readonly PluginLoadState[] = ['running', 'disabled', 'refused', 'failed'];

// PostgreSQL's codes for a table or column that is not there: a database not yet migrated to the
// schedules (core/server/jobs/migrations/0012) has no core.job_schedules; its gauge is then empty.
const MISSING_RELATION = new Set(['42P01', '42703']);

function isMissingRelation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && MISSING_RELATION.has(code);
}

/**
 * The figures read from the server's parts: admission's queue, every statement's duration, the
 * jobs and schedules (one grouped query each, at scrape time, so the tables' state is the
 * database's and not this copy's), job runs finished here, and each plugin's load state.
 */
export function watchSources(app: FastifyInstance, registry: Registry, sources: MetricSources): void {
  const registers = [registry];
  const { admission, db, plugins } = sources;

  new Gauge({
    name: 'admission_queue_length',
    help: 'API requests waiting for a place at work now.',
    registers,
    collect() {
      this.set(admission.queuedCount);
    },
  });
  new Gauge({
    name: 'admission_active_requests',
    help: 'API requests at work now.',
    registers,
    collect() {
      this.set(admission.activeCount);
    },
  });

  const statements = new Histogram({
    name: 'db_statement_duration_seconds',
    help: 'Database statement durations, by database kind and runner (kernel, or the plugin whose role ran it).',
    labelNames: ['database', 'runner'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers,
  });
  // A statement is the hottest path there is: each runner's series is looked up once, not hashed per statement.
  const byRunner = new Map<string, Histogram.Internal<'database' | 'runner'>>();
  const stopTiming = observeStatements(db, (runner, seconds) => {
    let series = byRunner.get(runner);
    if (series === undefined) {
      series = statements.labels({ database: db.kind, runner });
      byRunner.set(runner, series);
    }
    series.observe(seconds);
  });
  app.addHook('onClose', async () => stopTiming());

  const warn = (what: string, error: unknown): void => {
    app.log.warn({ reason: error instanceof Error ? error.message : String(error) }, `metrics: cannot read ${what}`);
  };

  new Gauge({
    name: 'jobs',
    help: 'Jobs in core.jobs by kind and state (all copies), read at scrape time.',
    labelNames: ['kind', 'state'] as const,
    registers,
    async collect() {
      this.reset();
      try {
        const { rows } = await db.query<{ kind: string; state: string; count: number }>(
          'SELECT kind, state, count(*)::int AS count FROM core.jobs GROUP BY kind, state',
        );
        for (const { kind, state, count } of rows) this.set({ kind, state }, count);
      } catch (error) {
        warn('core.jobs', error);
      }
    },
  });

  new Gauge({
    name: 'job_schedule_lag_seconds',
    help: 'How late each schedule is: overdue now, else how late its last run fired.',
    labelNames: ['schedule'] as const,
    registers,
    async collect() {
      this.reset();
      try {
        const { rows } = await db.query<{ id: string; lag: number }>(
          `SELECT id, CASE WHEN next_run_at < now() THEN EXTRACT(EPOCH FROM now() - next_run_at)::float8
                           ELSE COALESCE(last_lag_ms, 0) / 1000.0 END AS lag
             FROM core.job_schedules`,
        );
        for (const { id, lag } of rows) this.set({ schedule: id }, Number(lag));
      } catch (error) {
        if (!isMissingRelation(error)) warn('core.job_schedules', error);
      }
    },
  });

  const finished = new Counter({
    name: 'job_runs_finished_total',
    help: 'Jobs this copy recorded as finished, by kind and outcome (succeeded, failed, cancelled).',
    labelNames: ['kind', 'outcome'] as const,
    registers,
  });
  sources.onJobSettled((job) => finished.inc({ kind: job.kind, outcome: job.state }));

  new Gauge({
    name: 'plugin_load_state',
    help: 'Each plugin the host could run (built in or external): 1 for its load state, 0 for the others.',
    labelNames: ['plugin', 'source', 'state'] as const,
    registers,
    collect() {
      this.reset();
      for (const plugin of plugins.list()) {
        for (const state of LOAD_STATES)
          this.set({ plugin: plugin.id, source: plugin.source.kind, state }, plugin.state === state ? 1 : 0);
      }
    },
  });
}
