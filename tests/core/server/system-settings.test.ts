import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@core/server/database/database';
import {
  defineSetting,
  readSetting,
  resetSetting,
  SettingsCatalogue,
  SettingValueError,
  writeSetting,
} from '@core/server/settings';
import { DB_TIMEOUT, freshDatabase } from '../../support/server/test-database';

let db: Database;

beforeAll(async () => {
  db = await freshDatabase();
}, DB_TIMEOUT);
afterAll(async () => {
  await db.close();
});

const depth = defineSetting({
  type: 'integer',
  key: 'test.tree.maxDepth',
  labelKey: 'test:depth',
  description: 'How deep the tree goes.',
  default: 3,
  min: 1,
  max: 10,
});
const mode = defineSetting({
  type: 'string',
  key: 'test.mode',
  labelKey: 'test:mode',
  description: 'A mode.',
  default: 'a',
  values: ['a', 'b'],
});

describe('system settings', () => {
  it('reads the declared default while nothing is stored', async () => {
    expect(await readSetting(db, depth)).toBe(3);
    expect(await readSetting(db, 'test.unknown.key', 7)).toBe(7);
  });

  it('stores a value that fits the declaration, records who, and reads it back', async () => {
    await writeSetting(db, depth, 5, 1);
    expect(await readSetting(db, depth)).toBe(5);
    expect(await readSetting(db, depth.key, 1)).toBe(5);
    const { rows } = await db.query<{ updated_by: string | number }>(
      'SELECT updated_by FROM core.system_settings WHERE key = $1',
      [depth.key],
    );
    expect(Number(rows[0]?.updated_by)).toBe(1);
    await writeSetting(db, depth, 6, null);
    expect(await readSetting(db, depth)).toBe(6);
  });

  it('refuses a value outside the declaration and leaves the stored one', async () => {
    await expect(writeSetting(db, depth, 11, null)).rejects.toThrow(SettingValueError);
    await expect(writeSetting(db, depth, 2.5, null)).rejects.toThrow('whole number');
    await expect(writeSetting(db, mode, 'c', null)).rejects.toThrow('one of a, b');
    expect(await readSetting(db, depth)).toBe(6);
  });

  it('falls back to the default when the stored value no longer fits (or has another type)', async () => {
    await db.query(
      `INSERT INTO core.system_settings (key, value) VALUES ($1, '"deep"'::jsonb)
                    ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      [depth.key],
    );
    expect(await readSetting(db, depth)).toBe(3);
    expect(await readSetting(db, depth.key, 4)).toBe(4);
    await resetSetting(db, depth);
    expect(await readSetting(db, depth)).toBe(3);
  });

  it('refuses bad declarations and a key declared twice', () => {
    expect(() =>
      defineSetting({ type: 'integer', key: 'Bad key', labelKey: 'x', description: 'x', default: 1 }),
    ).toThrow();
    expect(() =>
      defineSetting({ type: 'integer', key: 'a.b', labelKey: 'x', description: 'x', default: 0, min: 1 }),
    ).toThrow('at least 1');
    const catalogue = new SettingsCatalogue([depth, mode]);
    expect(catalogue.all().map((entry) => entry.key)).toEqual(['test.mode', 'test.tree.maxDepth']);
    expect(() => catalogue.add(depth)).toThrow('declared twice');
  });
});
