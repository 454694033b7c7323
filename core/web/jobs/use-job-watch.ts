import { useEffect, useMemo, useRef, useState } from 'react';
import { isFinishedJob, type JobInfo, type JobLogLine } from '@core/shared/jobs';
import { HttpClients } from '../http/http-clients';
import { useInjection } from '../react/container-context';
import { isAbort, serverMessage } from '../resource/resource-feedback';
import { JobsApi } from './jobs-api';

/** How often a running job is read again (the kernel's guidance: every second). */
export const JOB_POLL_MS = 1000;

export interface JobWatch {
  /** The job as last read; null before the first answer. */
  readonly job: JobInfo | null;
  /** Every log line read so far, oldest first. */
  readonly lines: readonly JobLogLine[];
  /** Why the job could not be read (polling stops), or null. */
  readonly failure: string | null;
}

const NOTHING_YET: JobWatch = { job: null, lines: [], failure: null };

/**
 * Follows job `jobId`: reads it and the log lines after the last one seen, every second until it
 * has finished; stops on unmount or when `jobId` changes. `onFinished` is told once, with the final
 * state, after the last lines have been read.
 */
export function useJobWatch(jobId: number, onFinished?: (job: JobInfo) => void): JobWatch {
  const clients = useInjection(HttpClients);
  const api = useMemo(() => new JobsApi(clients), [clients]);
  const [watch, setWatch] = useState<JobWatch>(NOTHING_YET);
  // The latest callback, so a parent re-rendering with a new function does not restart polling.
  const finished = useRef(onFinished);
  finished.current = onFinished;

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let after = 0;
    setWatch(NOTHING_YET);

    const read = async (): Promise<void> => {
      try {
        // The state first, then the log: a job seen finished has all its lines in the read after it.
        const job = await api.job(jobId, controller.signal);
        const lines: JobLogLine[] = [];
        for (let more = true; more; ) {
          const page = await api.logs(jobId, after, controller.signal);
          lines.push(...page.lines);
          after = page.next_after;
          more = page.has_more && page.lines.length > 0;
        }
        if (controller.signal.aborted) return;
        setWatch((before) => ({
          job,
          lines: lines.length > 0 ? [...before.lines, ...lines] : before.lines,
          failure: null,
        }));
        if (isFinishedJob(job.state)) {
          finished.current?.(job);
          return;
        }
        timer = setTimeout(() => void read(), JOB_POLL_MS);
      } catch (error) {
        if (isAbort(error) || controller.signal.aborted) return;
        setWatch((before) => ({
          ...before,
          failure: serverMessage(error) ?? (error instanceof Error ? error.message : String(error)),
        }));
      }
    };
    void read();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [api, jobId]);

  return watch;
}
