import { describe, expect, it } from 'vitest';
import type { JobInfo, JobScheduleInfo } from '@core/sdk/shared';
import {
  buttonByText,
  click,
  jsonResponse,
  query,
  renderAppInKernel,
  stubFetch,
  waitInAct,
  type SeenRequest,
} from '@core/sdk/testing-web';
import { adminKernel, setupAdminTests } from './admin-server';

setupAdminTests();

const WAIT = { timeout: 10_000 };
const AT = '2026-11-29T10:00:00.000Z';

const job = (values: Partial<JobInfo>): JobInfo => ({
  id: 41,
  kind: 'shop.reservation-sweep',
  state: 'succeeded',
  subject: null,
  attempts: 1,
  max_attempts: 3,
  step: null,
  percent: null,
  result: null,
  error: null,
  cancel_requested: false,
  run_at: AT,
  created_by: null,
  created_at: AT,
  updated_at: AT,
  finished_at: AT,
  label: 'Reservation sweep',
  created_by_name: null,
  ...values,
});

const SCHEDULES: JobScheduleInfo[] = [
  {
    id: 'shop.reservation-sweep',
    kind: 'shop.reservation-sweep',
    label: 'Reservation sweep',
    every_ms: 60_000,
    cron: null,
    missed: 'skip',
    next_run_at: AT,
    last_run_at: AT,
    last_job: { id: 41, state: 'succeeded' },
    lag_ms: 250,
    declared: true,
  },
  {
    id: 'system.expiry-sweep',
    kind: 'system.expiry-sweep',
    label: 'Expiry sweep',
    every_ms: null,
    cron: '0 3 * * *',
    missed: 'once',
    next_run_at: AT,
    last_run_at: null,
    last_job: null,
    lag_ms: 300_000,
    declared: true,
  },
];

const RETRIED = job({
  id: 42,
  kind: 'tracker.keitaro-push',
  label: 'Keitaro push',
  state: 'queued',
  finished_at: null,
});
const FAILED = job({
  id: 40,
  kind: 'tracker.keitaro-push',
  label: 'Keitaro push',
  state: 'failed',
  attempts: 1,
  max_attempts: 1,
  error: 'Keitaro refused it (422): Name is taken',
  created_by: 3,
  created_by_name: 'anna',
});

type Answer = (url: URL) => Response;

const answer =
  (body: unknown): Answer =>
  () =>
    jsonResponse(200, body);

/** The kernel's /api/jobs (relative to the page, outside every service's FakeService), answering the screen's reads and a retry. */
function jobsApi(): SeenRequest[] {
  const routes: Readonly<Record<string, Answer>> = {
    'GET schedules': answer({ data: SCHEDULES }),
    'GET kinds': answer({
      data: [
        { kind: 'shop.reservation-sweep', label: 'Reservation sweep' },
        { kind: 'tracker.keitaro-push', label: 'Keitaro push' },
      ],
    }),
    'GET ': (url) => {
      const rows = [job({}), FAILED].filter(
        (row) => !url.searchParams.get('state') || row.state === url.searchParams.get('state'),
      );
      return jsonResponse(200, {
        data: { data: rows, current_page: 1, last_page: 1, per_page: 20, total: rows.length },
      });
    },
    'GET 40': answer({ data: FAILED }),
    'GET 40/logs': answer({ data: { lines: [], next_after: 0, has_more: false, state: 'failed' } }),
    'POST 40/retry': answer({ data: RETRIED }),
    'GET 42': answer({ data: RETRIED }),
    'GET 42/logs': answer({ data: { lines: [], next_after: 0, has_more: false, state: 'queued' } }),
  };
  return stubFetch((request) => {
    const url = new URL(request.url, 'https://app.test');
    const route = routes[`${request.method} ${url.pathname.replace(/^\/api\/jobs\/?/, '')}`];
    return route ? route(url) : jsonResponse(404, { message: 'Not found.' });
  });
}

const sent = (seen: readonly SeenRequest[], method: string, path: string): URL[] =>
  seen
    .filter(
      (request) =>
        request.method === method && new URL(request.url, 'https://app.test').pathname === `/api/jobs${path}`,
    )
    .map((request) => new URL(request.url, 'https://app.test'));

describe('Jobs screen', { timeout: 30_000 }, () => {
  it('shows the schedules in words with their last runs, and the jobs with who started them', async () => {
    jobsApi();
    const kernel = await adminKernel(['JS']);
    const view = await renderAppInKernel(kernel, { path: '/jobs' });
    await waitInAct(() => expect(view.element.querySelector('tr[data-job="40"]')).not.toBeNull(), WAIT);
    const main = query(view.element, 'main');
    expect(query(main, 'h1').textContent).toBe('Jobs');

    const sweep = query(main, 'tr[data-schedule="shop.reservation-sweep"]').textContent;
    expect(sweep).toContain('every minute');
    expect(sweep).toContain('Succeeded');
    expect(sweep).toContain('On time');
    const expiry = query(main, 'tr[data-schedule="system.expiry-sweep"]').textContent;
    expect(expiry).toContain('daily at 03:00 UTC');
    expect(expiry).toContain('Not yet');
    expect(expiry).toContain('Late by 5 min');

    expect(query(main, 'tr[data-job="40"]').textContent).toContain('Keitaro push #40');
    expect(query(main, 'tr[data-job="40"]').textContent).toContain('anna');
    expect(query(main, 'tr[data-job="41"]').textContent).toContain('System');
  });

  it('opens a failed job with its error and retries it after asking, opening the new job', async () => {
    const seen = jobsApi();
    const kernel = await adminKernel(['JS']);
    const view = await renderAppInKernel(kernel, { path: '/jobs?state=failed&job=40' });
    await waitInAct(
      () => expect(document.querySelector('[data-job-error]')?.textContent).toContain('Name is taken'),
      WAIT,
    );
    expect(sent(seen, 'GET', '').at(-1)?.searchParams.get('state')).toBe('failed');

    await click(buttonByText(query(document, '[role="dialog"]'), 'Retry'));
    await waitInAct(() =>
      expect(document.querySelector('[role="alertdialog"]')?.textContent).toContain('Queue this job again?'),
    );
    await click(buttonByText(query(document, '[role="alertdialog"]'), 'Retry'));
    await waitInAct(() => expect(sent(seen, 'POST', '/40/retry')).toHaveLength(1));
    await waitInAct(() => expect(document.querySelector('[data-job-id="42"]')).not.toBeNull(), WAIT);
    expect(view.element.textContent).toContain('Keitaro push #40');
  });
});
