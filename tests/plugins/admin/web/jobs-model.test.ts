import { describe, expect, it, vi } from 'vitest';
import i18next, { type TFunction } from 'i18next';
import type { JobInfo } from '@core/sdk/shared';
import { HttpError, JobsApi, type HttpClients } from '@core/sdk/web';
import { cancelJob, canCancel, canRetry, retryJob, type JobCommandDeps } from '@plugins/admin/web/jobs/job-commands';
import {
  jobsQuery,
  openedJob,
  readJobsFilters,
  withJobsFilters,
  withOpenedJob,
} from '@plugins/admin/web/jobs/jobs-filters';
import { durationWords, isLate, periodWords } from '@plugins/admin/web/jobs/schedule-words';
import adminEn from '@plugins/admin/web/i18n/en.json';
import adminRu from '@plugins/admin/web/i18n/ru.json';

async function translator(language: 'en' | 'ru'): Promise<TFunction> {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: language,
    ns: ['admin'],
    defaultNS: 'admin',
    resources: { en: { admin: adminEn }, ru: { admin: adminRu } },
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

const job = (values: Partial<JobInfo>): JobInfo => ({
  id: 41,
  kind: 'tracker.keitaro-push',
  state: 'failed',
  subject: 'tracker.offers:7',
  attempts: 1,
  max_attempts: 1,
  step: null,
  percent: null,
  result: null,
  error: 'Keitaro refused it (422): Name is taken',
  cancel_requested: false,
  run_at: '2026-11-29T10:00:00Z',
  created_by: 3,
  created_at: '2026-11-29T10:00:00Z',
  updated_at: '2026-11-29T10:00:01Z',
  finished_at: '2026-11-29T10:00:01Z',
  label: 'Keitaro push',
  created_by_name: 'anna',
  ...values,
});

describe('the Jobs screen filters', () => {
  it('are read from the URL, ignoring what they cannot be', () => {
    expect(readJobsFilters(new URLSearchParams('state=failed&kind=shop.sweep&page=3'))).toEqual({
      state: 'failed',
      kind: 'shop.sweep',
      page: 3,
    });
    expect(readJobsFilters(new URLSearchParams('state=broken&kind=&page=-2'))).toEqual({
      state: null,
      kind: null,
      page: 1,
    });
  });

  it('go into the URL without defaults; a new state or kind starts at page 1 and keeps the opened job', () => {
    const search = new URLSearchParams('kind=shop.sweep&page=3&job=41');
    expect(withJobsFilters(search, { state: 'running' }).toString()).toBe('kind=shop.sweep&job=41&state=running');
    expect(withJobsFilters(search, { kind: null }).toString()).toBe('job=41');
    expect(withJobsFilters(search, { page: 4 }).toString()).toBe('kind=shop.sweep&page=4&job=41');
    // The same state again is no new filter: the page stays.
    expect(withJobsFilters(new URLSearchParams('state=failed&page=2'), { state: 'failed' }).toString()).toBe(
      'state=failed&page=2',
    );
  });

  it('ask the server for that page of those jobs', async () => {
    expect(jobsQuery(readJobsFilters(new URLSearchParams('state=queued&page=2')))).toEqual({
      state: 'queued',
      page: 2,
      perPage: 20,
    });
    const get = vi.fn(async () => ({ data: { data: [], current_page: 2, last_page: 2, per_page: 20, total: 21 } }));
    const api = new JobsApi({ get: () => ({ get }) } as unknown as Pick<HttpClients, 'get'>);
    await api.list(jobsQuery(readJobsFilters(new URLSearchParams('state=queued&kind=system.expiry&page=2'))));
    expect(get).toHaveBeenCalledWith(
      '',
      expect.objectContaining({
        query: { state: 'queued', kind: 'system.expiry', page: '2', per_page: '20' },
        silent: true,
      }),
    );
  });

  it('keep the opened job in the URL', () => {
    expect(openedJob(new URLSearchParams('state=failed&job=41'))).toBe(41);
    expect(openedJob(new URLSearchParams('job=x'))).toBeNull();
    expect(withOpenedJob(new URLSearchParams('state=failed'), 41).toString()).toBe('state=failed&job=41');
    expect(withOpenedJob(new URLSearchParams('state=failed&job=41'), null).toString()).toBe('state=failed');
  });
});

describe('retry and cancel', () => {
  const deps = async (answer: boolean, api: Partial<JobCommandDeps['api']>) => {
    const t = await translator('en');
    const toast = { success: vi.fn(), error: vi.fn() };
    const ask = vi.fn(async () => answer);
    return {
      deps: { api: { retry: vi.fn(), cancel: vi.fn(), ...api }, ask, toast, t } satisfies JobCommandDeps,
      toast,
      ask,
    };
  };

  it('are offered where they apply', () => {
    expect(
      ['queued', 'running', 'succeeded', 'failed', 'cancelled'].map((state) =>
        canRetry(job({ state: state as JobInfo['state'] })),
      ),
    ).toEqual([false, false, false, true, true]);
    expect(
      ['queued', 'running', 'succeeded', 'failed', 'cancelled'].map((state) =>
        canCancel(job({ state: state as JobInfo['state'] })),
      ),
    ).toEqual([true, true, false, false, false]);
    expect(canCancel(job({ state: 'running', cancel_requested: true }))).toBe(false);
  });

  it('ask first and call nothing when the answer is no', async () => {
    const { deps: commands, ask } = await deps(false, {});
    expect(await retryJob(job({}), commands)).toBeNull();
    expect(ask).toHaveBeenCalledWith(
      'Queue this job again?',
      expect.objectContaining({ confirmLabel: 'Retry', subject: 'Keitaro push #41' }),
    );
    expect(commands.api.retry).not.toHaveBeenCalled();
  });

  it('retry queues a new job and says which', async () => {
    const again = job({ id: 42, state: 'queued', finished_at: null });
    const { deps: commands, toast } = await deps(true, { retry: vi.fn(async () => again) });
    expect(await retryJob(job({}), commands)).toBe(again);
    expect(commands.api.retry).toHaveBeenCalledWith(41);
    expect(toast.success).toHaveBeenCalledWith('Keitaro push #41 was queued again as job #42.');
  });

  it("say the server's refusal in its words", async () => {
    const refusal = new HttpError(409, ['Only a failed or cancelled job can be retried.'], {
      message: 'Only a failed or cancelled job can be retried.',
    });
    const { deps: commands, toast } = await deps(true, { retry: vi.fn(async () => Promise.reject(refusal)) });
    expect(await retryJob(job({}), commands)).toBeNull();
    expect(toast.error).toHaveBeenCalledWith(
      'The job could not be retried: Only a failed or cancelled job can be retried.',
    );
  });

  it('cancel a queued job at once, and ask a running one to stop', async () => {
    const queued = await deps(true, { cancel: vi.fn(async () => job({ state: 'cancelled' })) });
    await cancelJob(job({ state: 'queued', finished_at: null }), queued.deps);
    expect(queued.ask).toHaveBeenCalledWith(
      'Cancel this job?',
      expect.objectContaining({ detail: 'It has not started yet, and it will not run.' }),
    );
    expect(queued.toast.success).toHaveBeenCalledWith('Keitaro push #41 was cancelled.');

    const running = await deps(true, { cancel: vi.fn(async () => job({ state: 'running', cancel_requested: true })) });
    await cancelJob(job({ state: 'running', finished_at: null }), running.deps);
    expect(running.deps.api.cancel).toHaveBeenCalledWith(41);
    expect(running.toast.success).toHaveBeenCalledWith('Keitaro push #41 was asked to stop.');
  });
});

describe('a schedule in words', () => {
  it('says an interval in its largest whole unit, in English and Russian', async () => {
    const [en, ru] = [await translator('en'), await translator('ru')];
    const every = (ms: number) => ({ every_ms: ms, cron: null });
    expect(
      [60_000, 300_000, 30_000, 3_600_000, 21_600_000, 86_400_000, 90_000].map((ms) =>
        periodWords(every(ms), en, 'en'),
      ),
    ).toEqual([
      'every minute',
      'every 5 minutes',
      'every 30 seconds',
      'every hour',
      'every 6 hours',
      'every day',
      'every 90 seconds',
    ]);
    expect([60_000, 300_000, 120_000, 21_600_000, 172_800_000].map((ms) => periodWords(every(ms), ru, 'ru'))).toEqual([
      'каждую минуту',
      'каждые 5 минут',
      'каждые 2 минуты',
      'каждые 6 часов',
      'каждые 2 дня',
    ]);
  });

  it('says the usual cron shapes, UTC, and shows any other as written', async () => {
    const [en, ru] = [await translator('en'), await translator('ru')];
    const cron = (expression: string) => ({ every_ms: null, cron: expression });
    expect(
      ['0 3 * * *', '*/15 * * * *', '* * * * *', '30 * * * *', '0 9 * * 1', '15 4 1 * *', '0 0 1 1 *'].map(
        (expression) => periodWords(cron(expression), en, 'en'),
      ),
    ).toEqual([
      'daily at 03:00 UTC',
      'every 15 minutes',
      'every minute',
      'every hour at :30',
      'weekly on Monday at 09:00 UTC',
      'monthly on day 1 at 04:15 UTC',
      'cron “0 0 1 1 *” (UTC)',
    ]);
    expect(periodWords(cron('0 3 * * *'), ru, 'ru')).toBe('ежедневно в 03:00 UTC');
    expect(periodWords(cron('0 9 * * 0'), ru, 'ru')).toBe('еженедельно, воскресенье, в 09:00 UTC');
  });

  it('says a lag in its two largest units, and calls a schedule late after a minute', async () => {
    const [en, ru] = [await translator('en'), await translator('ru')];
    expect([45_000, 180_000, 3_900_000, 187_200_000].map((ms) => durationWords(ms, en))).toEqual([
      '45 s',
      '3 min',
      '1 h 5 min',
      '2 d 4 h',
    ]);
    expect(durationWords(3_900_000, ru)).toBe('1 ч 5 мин');
    expect([isLate({ lag_ms: 900 }), isLate({ lag_ms: 60_000 }), isLate({ lag_ms: 61_000 })]).toEqual([
      false,
      false,
      true,
    ]);
  });
});
