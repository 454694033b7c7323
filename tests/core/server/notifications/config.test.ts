import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@host/server/config';

/* `notifications.maxStreams` (ERP_NOTIFICATIONS_MAX_STREAMS): 1000 by default, checked like every setting. */

const dir = mkdtempSync(join(tmpdir(), 'erp-notifications-config-'));
const file = (content: object): string => {
  const path = join(dir, `${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(path, JSON.stringify({ plugins: [], dataDir: '.data', ...content }));
  return path;
};

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('notifications.maxStreams', () => {
  it('is 1000 unless the file or the environment says otherwise', () => {
    expect(loadConfig(file({}), {}).notifications).toEqual({ maxStreams: 1000 });
    expect(loadConfig(file({ notifications: { maxStreams: 50 } }), {}).notifications).toEqual({ maxStreams: 50 });
    expect(
      loadConfig(file({ notifications: { maxStreams: 50 } }), { ERP_NOTIFICATIONS_MAX_STREAMS: '7' }).notifications,
    ).toEqual({ maxStreams: 7 });
  });

  it('refuses what is not a whole number in range, and unknown keys', () => {
    expect(() => loadConfig(file({ notifications: { maxStreams: -1 } }), {})).toThrow(ConfigError);
    expect(() => loadConfig(file({}), { ERP_NOTIFICATIONS_MAX_STREAMS: 'many' })).toThrow(
      'ERP_NOTIFICATIONS_MAX_STREAMS',
    );
    expect(() => loadConfig(file({ notifications: { perUser: 5 } }), {})).toThrow('unknown key(s): perUser');
  });
});
