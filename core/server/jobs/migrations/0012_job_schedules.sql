-- Recurring jobs (core/server/jobs/schedules.ts). A row per schedule declared in code; the copies
-- agree on a period through next_run_at alone: the copy whose compare-and-set moves it on from the
-- due time enqueues that period's job.
CREATE TABLE job_schedules (
  -- `<plugin>.<name>` (`core.<name>` for the kernel's own).
  id text PRIMARY KEY,
  kind text NOT NULL,
  payload jsonb NOT NULL DEFAULT 'null',
  -- Exactly one of: a period in milliseconds (counted from 1970), or a 5-field cron expression in UTC.
  every_ms bigint CHECK (every_ms >= 1000),
  cron text,
  -- Periods missed while no copy ran: 'once' runs one catch-up job, 'skip' waits for the next period.
  missed text NOT NULL DEFAULT 'once' CHECK (missed IN ('once', 'skip')),
  next_run_at timestamptz NOT NULL,
  last_run_at timestamptz,
  last_job_id bigint REFERENCES jobs (id) ON DELETE SET NULL,
  -- How late the last run fired: its due time to the moment a copy enqueued it.
  last_lag_ms bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((every_ms IS NULL) <> (cron IS NULL))
);

-- dedupe_key: at most one queued job per key (an enqueue with a queued key returns that job).
-- concurrency_key: at most one running job per key, so jobs sharing it run one at a time across
-- copies; the unique index is what makes a claim race-safe (a second claim of the key fails).
ALTER TABLE jobs ADD COLUMN dedupe_key text;
ALTER TABLE jobs ADD COLUMN concurrency_key text;
CREATE UNIQUE INDEX jobs_dedupe_key_queued ON jobs (dedupe_key) WHERE state = 'queued';
CREATE UNIQUE INDEX jobs_concurrency_key_running ON jobs (concurrency_key) WHERE state = 'running';
-- What retention deletes: finished jobs, oldest first.
CREATE INDEX jobs_finished_idx ON jobs (finished_at, id) WHERE finished_at IS NOT NULL;
