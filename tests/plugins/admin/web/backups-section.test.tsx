import { describe, expect, it } from 'vitest';
import type { BackupsOverview } from '@core/sdk/shared';
import {
  click,
  FakeJobs,
  FakeService,
  installJobs,
  jsonResponse,
  query,
  renderAppInKernel,
  TEST_API,
  waitInAct,
} from '@core/sdk/testing-web';
import { adminKernel, buttonNamed, setupAdminTests } from './admin-server';

setupAdminTests();

const OVERVIEW: BackupsOverview = {
  database: 'pglite',
  dir: '/srv/erp/.data-backups',
  keep: 7,
  schedule: '30 2 * * *',
  files: [
    { name: 'erp-20261129T023000.120Z.tar.gz', size: 8_664_595, created_at: '2026-11-29T02:30:00.120Z' },
    { name: 'erp-20261128T023000.410Z.tar.gz', size: 8_600_000, created_at: '2026-11-28T02:30:00.410Z' },
  ],
};

const section = (): HTMLElement => query<HTMLElement>(document, '[data-section="backups"]');
const dialog = (): HTMLElement => document.body.querySelector<HTMLElement>('[role="dialog"]') ?? document.body;

/** /system-settings as a holder of JS, once the backups are listed. */
async function openSettings(): Promise<void> {
  const kernel = await adminKernel(['JS']);
  await renderAppInKernel(kernel, { path: '/system-settings' });
  await waitInAct(() => expect(document.querySelector('[data-backup]')).not.toBeNull(), { timeout: 10_000 });
}

describe('the Backups section of System settings', { timeout: 20_000 }, () => {
  it('says where the backups are, how many are kept and when, and lists them with sizes and times', async () => {
    new FakeService(TEST_API)
      .on('GET', 'auth/system-settings', { data: [] })
      .on('GET', 'system/backups', { data: OVERVIEW });
    await openSettings();
    const text = section().textContent ?? '';
    expect(text).toContain('the last 7, in /srv/erp/.data-backups');
    expect(text).toContain('every day at 02:30 UTC');
    expect([...section().querySelectorAll('[data-backup]')].map((row) => row.getAttribute('data-backup'))).toEqual(
      OVERVIEW.files.map((file) => file.name),
    );
    expect(text).toContain('8.3 MB');
  });

  it('"Back up now" starts the job, follows it in the job panel, then reads the list again', async () => {
    const server = new FakeService(TEST_API)
      .on('GET', 'auth/system-settings', { data: [] })
      .on('GET', 'system/backups', { data: OVERVIEW })
      .on('POST', 'system/backups', { data: { id: 7, kind: 'core.backup', state: 'queued' } });
    const jobs = new FakeJobs().job(7, [
      { job: { kind: 'core.backup', state: 'running', step: 'write', percent: 40 } },
      {
        job: { kind: 'core.backup', state: 'succeeded', step: 'prune', percent: 100 },
        lines: ['Wrote erp-20261129T180240.746Z.tar.gz (8,664,595 bytes).'],
      },
    ]);
    installJobs(jobs);
    await openSettings();
    await click(buttonNamed('Back up now', section()));
    await waitInAct(() => expect(dialog().querySelector('[data-job-state]')?.textContent).toBe('Succeeded'), {
      timeout: 5_000,
    });
    expect(server.requests('POST', 'system/backups')).toHaveLength(1);
    expect(dialog().textContent).toContain('Database backup');
    expect([...dialog().querySelectorAll('[data-step]')].map((step) => step.textContent)).toEqual([
      expect.stringContaining('Copy the database'),
      expect.stringContaining('Write the backup file'),
      expect.stringContaining('Delete the oldest backups'),
    ]);
    await waitInAct(() => expect(server.requests('GET', 'system/backups')).toHaveLength(2));
  });

  it('on PostgreSQL points to pg_dump, in Russian too, and offers no button', async () => {
    const server = new FakeService(TEST_API)
      .on('GET', 'auth/system-settings', { data: [] })
      .on('GET', 'system/backups', { data: { database: 'postgres', dir: null, keep: 7, schedule: null, files: [] } });
    const kernel = await adminKernel(['JS'], { language: 'ru' });
    await renderAppInKernel(kernel, { path: '/system-settings' });
    await waitInAct(() => expect(section().textContent).toContain('pg_dump -Fc'), { timeout: 10_000 });
    expect(section().textContent).toContain('База данных — PostgreSQL');
    expect(section().querySelector('button')).toBeNull();
    expect(server.requests('GET', 'system/backups')).toHaveLength(1);
  });

  it('says when the backups cannot be read, and Try again reads them again', async () => {
    let asked = 0;
    const server = new FakeService(TEST_API)
      .on('GET', 'auth/system-settings', { data: [] })
      .on('GET', 'system/backups', () =>
        asked++ === 0 ? jsonResponse(500, { message: 'Disk is busy.' }) : jsonResponse(200, { data: OVERVIEW }),
      );
    const kernel = await adminKernel(['JS']);
    await renderAppInKernel(kernel, { path: '/system-settings' });
    await waitInAct(() => expect(section().textContent).toContain('The data could not be loaded.'), {
      timeout: 10_000,
    });
    await click(buttonNamed('Try again', section()));
    await waitInAct(() => expect(section().querySelectorAll('[data-backup]')).toHaveLength(2));
    expect(server.requests('GET', 'system/backups')).toHaveLength(2);
  });
});
