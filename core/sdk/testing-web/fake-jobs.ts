/**
 * The kernel's /api/jobs in browser tests (its base URL is relative, `/api/jobs/`, outside every
 * service's FakeService), with jobs that move on one frame per read.
 */
import { vi } from 'vitest';
import { jsonResponse } from './fetch';
import type { JobInfo, JobLogLine } from '@core/shared/jobs';

/** One read of a job: its state then, and the log lines written by then. */
export interface JobFrame {
  readonly job: Partial<JobInfo>;
  readonly lines?: readonly string[];
}

function jobInfo(id: number, job: Partial<JobInfo>): JobInfo {
  const at = '2026-11-24T10:00:00.000Z';
  return {
    id,
    kind: 'test.job',
    state: 'queued',
    subject: null,
    attempts: 1,
    max_attempts: 3,
    step: null,
    percent: null,
    result: null,
    error: null,
    cancel_requested: false,
    run_at: at,
    created_by: null,
    created_at: at,
    updated_at: at,
    finished_at: null,
    label: null,
    created_by_name: null,
    ...job,
  };
}

/** The kernel's jobs API: each `GET /api/jobs/:id` shows the job's next frame (the last one stays). */
export class FakeJobs {
  readonly seen: string[] = [];
  private readonly frames = new Map<number, readonly JobFrame[]>();
  private readonly reads = new Map<number, number>();
  private readonly latest = new Map<string, number>();

  job(id: number, frames: readonly JobFrame[], subject?: string): this {
    this.frames.set(id, frames);
    if (subject) this.latest.set(subject, id);
    return this;
  }

  /** Reads of `GET /api/jobs/:id` so far. */
  readsOf(id: number): number {
    return this.reads.get(id) ?? 0;
  }

  private linesOf(id: number): JobLogLine[] {
    const frames = this.frames.get(id) ?? [];
    const shown = frames.slice(0, Math.max(1, this.readsOf(id)));
    return shown
      .flatMap((frame) => frame.lines ?? [])
      .map((message, index) => ({ id: id * 1000 + index + 1, at: '2026-11-24T10:00:00.000Z', level: 'info', message }));
  }

  answer(url: string): Response {
    this.seen.push(url);
    const parsed = new URL(url, 'https://app.test');
    const path = parsed.pathname.replace(/^\/api\/jobs\/?/, '');
    if (path === '') {
      const id = this.latest.get(parsed.searchParams.get('subject') ?? '');
      const frames = id === undefined ? undefined : this.frames.get(id);
      const data = id === undefined || !frames ? [] : [jobInfo(id, frames.at(-1)?.job ?? {})];
      return jsonResponse(200, { data: { data, current_page: 1, last_page: 1, per_page: 1, total: data.length } });
    }
    const [idText, logs] = path.split('/');
    const id = Number(idText);
    const frames = this.frames.get(id);
    if (!frames) return jsonResponse(404, { message: 'Job not found.' });
    if (logs === 'logs') {
      const after = Number(parsed.searchParams.get('after') ?? '0');
      const lines = this.linesOf(id).filter((line) => line.id > after);
      return jsonResponse(200, { data: { lines, next_after: lines.at(-1)?.id ?? after, has_more: false } });
    }
    const read = this.readsOf(id);
    this.reads.set(id, read + 1);
    return jsonResponse(200, { data: jobInfo(id, frames[Math.min(read, frames.length - 1)]?.job ?? {}) });
  }
}

/** Answers `/api/jobs…` with `jobs` and everything else as before (the FakeService made first). */
export function installJobs(jobs: FakeJobs): void {
  const before = globalThis.fetch;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      return url.startsWith('/api/jobs') ? jobs.answer(url) : before(input, init);
    }),
  );
}
