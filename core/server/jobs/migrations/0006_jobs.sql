-- Durable background jobs (core/server/jobs). A job is claimed by one runner at a time through a
-- lease (locked_by, locked_until) that its runner renews while the handler runs; a lease left to
-- expire (a server killed mid-job) lets any runner take the job again, from its checkpoint.
CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  -- `<plugin>.<name>`: the handler a plugin defined with context.jobs.define.
  kind text NOT NULL,
  -- The handler's input. Never returned by the API nor written to any log: it may hold secrets.
  payload jsonb NOT NULL,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
  -- Attempts started so far; each claim adds one. max_attempts and timeout_ms are the kind's at enqueue.
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  max_attempts integer NOT NULL CHECK (max_attempts >= 1),
  timeout_ms integer NOT NULL CHECK (timeout_ms >= 1),
  -- Not before this time (enqueue's runAt, or the next retry after a backoff).
  run_at timestamptz NOT NULL DEFAULT now(),
  locked_by text,
  locked_until timestamptz,
  step text,
  percent smallint CHECK (percent BETWEEN 0 AND 100),
  -- Where a multi-step handler got to: handed back to the next attempt, which resumes from it.
  checkpoint jsonb,
  result jsonb,
  -- The last attempt's failure, as the handler's error said it.
  error text,
  cancel_requested boolean NOT NULL DEFAULT false,
  -- The record the job is about (`system.domains:12`), so a screen can find the jobs of a record.
  subject text,
  created_by bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
-- What the runners' claim looks at: jobs due, and running jobs whose lease has expired.
CREATE INDEX jobs_queued_idx ON jobs (run_at, id) WHERE state = 'queued';
CREATE INDEX jobs_running_idx ON jobs (locked_until) WHERE state = 'running';
CREATE INDEX jobs_subject_idx ON jobs (subject, id) WHERE subject IS NOT NULL;

-- A job's log lines, read by its page while it runs (after a given line id).
CREATE TABLE job_logs (
  id bigserial PRIMARY KEY,
  job_id bigint NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  at timestamptz NOT NULL DEFAULT now(),
  level text NOT NULL CHECK (level IN ('info', 'warn', 'error')),
  message text NOT NULL
);
CREATE INDEX job_logs_job_idx ON job_logs (job_id, id);
