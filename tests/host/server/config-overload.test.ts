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
  dir = mkdtempSync(join(tmpdir(), 'erp-config-overload-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('overload configuration', () => {
  it("sets nothing by default, so each bound is the database kind's default", () => {
    expect(loadConfig(file({}), {}).overload).toEqual({});
  });

  it('reads the bounds from the file, and the environment over it', () => {
    const path = file({ overload: { maxConcurrent: 8, maxQueued: 100, maxQueueWaitMs: 1500 } });
    expect(loadConfig(path, {}).overload).toEqual({ maxConcurrent: 8, maxQueued: 100, maxQueueWaitMs: 1500 });
    expect(
      loadConfig(path, {
        ERP_OVERLOAD_MAX_CONCURRENT: '3',
        ERP_OVERLOAD_MAX_QUEUED: '0',
        ERP_OVERLOAD_MAX_QUEUE_WAIT_MS: '250',
      }).overload,
    ).toEqual({
      maxConcurrent: 3,
      maxQueued: 0,
      maxQueueWaitMs: 250,
    });
  });

  it('refuses a bound that is not a whole number in its range, and unknown keys', () => {
    const refused = (load: () => unknown, message: string) => {
      expect(load).toThrow(ConfigError);
      expect(load).toThrow(message);
    };
    refused(
      () => loadConfig(file({ overload: { maxConcurrent: 0 } }), {}),
      'config "overload.maxConcurrent" (ERP_OVERLOAD_MAX_CONCURRENT) must be a whole number from 1 to 10000',
    );
    refused(
      () => loadConfig(file({}), { ERP_OVERLOAD_MAX_QUEUED: '-1' }),
      'config "overload.maxQueued" (ERP_OVERLOAD_MAX_QUEUED)',
    );
    refused(() => loadConfig(file({ overload: { maxQueueWaitMs: 2.5 } }), {}), 'config "overload.maxQueueWaitMs"');
    refused(
      () => loadConfig(file({ overload: { maxConcurent: 4 } }), {}),
      'config "overload" has unknown key(s): maxConcurent',
    );
    refused(() => loadConfig(file({ overload: 4 }), {}), 'config "overload" must be an object');
  });
});
