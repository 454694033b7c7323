import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@host/server/config';

let dir: string;
let counter = 0;

function file(content: object): string {
  const path = join(dir, `config-${++counter}.json`);
  writeFileSync(path, JSON.stringify(content));
  return path;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'erp-config-jobs-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('jobs configuration', () => {
  it('keeps finished jobs 30 days by default, or as the file says, the environment over it', () => {
    expect(loadConfig(file({}), {}).jobs).toEqual({ retentionDays: 30 });
    expect(loadConfig(file({ jobs: { retentionDays: 7 } }), {}).jobs).toEqual({ retentionDays: 7 });
    expect(loadConfig(file({ jobs: { retentionDays: 7 } }), { ERP_JOBS_RETENTION_DAYS: '90' }).jobs).toEqual({
      retentionDays: 90,
    });
  });

  it('refuses days that are not a whole number from 1 to 3650, and unknown keys', () => {
    for (const [content, env] of [
      [{ jobs: { retentionDays: 0 } }, {}],
      [{}, { ERP_JOBS_RETENTION_DAYS: '1.5' }],
      [{ jobs: { retentionDays: 3651 } }, {}],
    ] as const) {
      expect(() => loadConfig(file(content), env)).toThrow(
        'config "jobs.retentionDays" (ERP_JOBS_RETENTION_DAYS) must be a whole number of days from 1 to 3650',
      );
    }
    expect(() => loadConfig(file({ jobs: { keepDays: 3 } }), {})).toThrow(ConfigError);
    expect(() => loadConfig(file({ jobs: { keepDays: 3 } }), {})).toThrow('config "jobs" has unknown key(s): keepDays');
  });
});
