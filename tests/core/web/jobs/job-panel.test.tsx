import { describe, expect, it, vi } from 'vitest';
import { JobPanel, LatestJobPanel, type JobStep } from '@core/sdk/web';
import {
  createTestKernel,
  FakeService,
  renderInKernel,
  testUser,
  setupPopupTests,
  waitInAct,
} from '@core/sdk/testing-web';
import { stepMarks } from '@core/web/jobs/job-steps';
import { FakeJobs, installJobs } from '../../../support/web/fake-jobs';

setupPopupTests({ quiet: true });

const STEPS = ['read', 'write', 'report'];
const dialog = () => document.body.querySelector<HTMLElement>('[role="dialog"]') ?? document.body;
const marks = () =>
  [...dialog().querySelectorAll('[data-step]')].map(
    (item) => `${item.getAttribute('data-step')}:${item.getAttribute('data-step-mark')}`,
  );

async function render(node: React.ReactNode, language: 'en' | 'ru' = 'en') {
  const kernel = await createTestKernel({ user: testUser([]), language });
  return renderInKernel(kernel, node);
}

describe('job step marks', () => {
  it('marks the steps before the reported one done, it current, the rest waiting', () => {
    expect(stepMarks(STEPS, null)).toEqual(['waiting', 'waiting', 'waiting']);
    expect(stepMarks(STEPS, { state: 'running', step: 'write' })).toEqual(['done', 'current', 'waiting']);
    expect(stepMarks(STEPS, { state: 'failed', step: 'write' })).toEqual(['done', 'failed', 'waiting']);
    expect(stepMarks(STEPS, { state: 'succeeded', step: 'write' })).toEqual(['done', 'done', 'done']);
    expect(stepMarks(STEPS, { state: 'running', step: 'elsewhere' })).toEqual(['waiting', 'waiting', 'waiting']);
  });
});

describe('the SDK’s job panel', () => {
  it('follows a job through its named steps, a pause outside them, its log and its result, then stops reading', {
    timeout: 20_000,
  }, async () => {
    new FakeService('/api/unused/');
    const jobs = new FakeJobs().job(7, [
      { job: { state: 'running', step: 'read', percent: 10 }, lines: ['Reading'] },
      { job: { state: 'running', step: 'waiting-for-platform', percent: 30 }, lines: ['Rate limited: waiting 2 s'] },
      { job: { state: 'succeeded', step: 'report', percent: 100, result: { rows: 12 } }, lines: ['Done'] },
    ]);
    installJobs(jobs);
    const finished = vi.fn();
    const steps: JobStep[] = STEPS.map((name) => ({ name, label: `Step ${name}` }));
    await render(
      <JobPanel
        jobId={7}
        title="Sync"
        steps={steps}
        stepLabel={(step) => (step === 'waiting-for-platform' ? 'Waiting for the platform' : step)}
        onClose={() => undefined}
        onFinished={finished}
      >
        {(job) =>
          job.state === 'succeeded' && <p data-result>{`Rows: ${String((job.result as { rows: number }).rows)}`}</p>
        }
      </JobPanel>,
    );
    await waitInAct(() => expect(marks()).toEqual(['read:current', 'write:waiting', 'report:waiting']));
    expect(dialog().textContent).toContain('Job #7');
    expect(dialog().querySelector('[data-job-state]')?.textContent).toBe('Running');

    // The rate-limit pause is named in the reader's words, and the marks stay where they were.
    await waitInAct(
      () => expect(dialog().querySelector('[data-job-step]')?.textContent).toBe('Waiting for the platform'),
      { timeout: 3_000 },
    );
    expect(marks()).toEqual(['read:current', 'write:waiting', 'report:waiting']);

    await waitInAct(() => expect(dialog().querySelector('[data-job-state]')?.textContent).toBe('Succeeded'), {
      timeout: 3_000,
    });
    expect(marks()).toEqual(['read:done', 'write:done', 'report:done']);
    expect(dialog().querySelector('[data-result]')?.textContent).toBe('Rows: 12');
    expect([...dialog().querySelectorAll('[data-log-line]')].map((line) => line.textContent)).toEqual([
      expect.stringContaining('Reading'),
      expect.stringContaining('Rate limited'),
      expect.stringContaining('Done'),
    ]);
    expect(dialog().querySelector('[data-job-step]')).toBeNull();
    expect(finished).toHaveBeenCalledTimes(1);
    const reads = jobs.readsOf(7);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(jobs.readsOf(7)).toBe(reads);
  });

  it('speaks Russian and says why a job could not be read', async () => {
    new FakeService('/api/unused/');
    installJobs(
      new FakeJobs().job(8, [{ job: { state: 'failed', step: 'read', percent: 10, error: 'Token expired.' } }]),
    );
    await render(<JobPanel jobId={8} title="Синхронизация" onClose={() => undefined} />, 'ru');
    await waitInAct(() => expect(dialog().querySelector('[data-job-state]')?.textContent).toBe('Ошибка'));
    expect(dialog().textContent).toContain('Задание №8');
    expect(dialog().querySelector('[data-job-error]')?.textContent).toBe('Ошибка: Token expired.');
  });

  it('says so when the job cannot be read', async () => {
    new FakeService('/api/unused/');
    installJobs(new FakeJobs());
    await render(<JobPanel jobId={99} title="Sync" onClose={() => undefined} />);
    await waitInAct(() => expect(dialog().textContent).toContain('The job could not be read: Job not found.'));
  });

  it('shows a record’s newest job by subject, or that it has none', async () => {
    new FakeService('/api/unused/');
    const jobs = new FakeJobs().job(
      9,
      [{ job: { state: 'succeeded', percent: 100 }, lines: ['Checked'] }],
      'test.things:3',
    );
    installJobs(jobs);
    await render(<LatestJobPanel subject="test.things:3" kind="test.check" title="Check" onClose={() => undefined} />);
    await waitInAct(() =>
      expect(dialog().querySelector('[data-job-id="9"] [data-job-state]')?.textContent).toBe('Succeeded'),
    );
    expect(jobs.seen.some((url) => url.includes('kind=test.check'))).toBe(true);
  });

  it('says a record has no job yet', async () => {
    new FakeService('/api/unused/');
    installJobs(new FakeJobs());
    await render(<LatestJobPanel subject="test.things:4" title="Check" onClose={() => undefined} />);
    await waitInAct(() => expect(dialog().textContent).toContain('This record has no job yet.'));
  });
});
