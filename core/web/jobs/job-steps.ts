import type { JobInfo } from '@core/shared/jobs';

/** Where a step stands in a job that runs its steps in order. */
export type StepMark = 'done' | 'current' | 'failed' | 'waiting';

/**
 * Each of `steps` marked by the job's state and the step it last reported: the ones before it are
 * done, it is current (or failed, when the job failed there), the rest wait; all are done once the
 * job succeeded. A step name the list does not know marks nothing as done.
 */
export function stepMarks(steps: readonly string[], job: Pick<JobInfo, 'state' | 'step'> | null): StepMark[] {
  if (job?.state === 'succeeded') return steps.map(() => 'done');
  const at = job?.step ? steps.indexOf(job.step) : -1;
  return steps.map((_, index): StepMark => {
    if (at < 0 || index > at) return 'waiting';
    if (index < at) return 'done';
    if (job?.state === 'failed' || job?.state === 'cancelled') return 'failed';
    return job?.state === 'running' ? 'current' : 'waiting';
  });
}
