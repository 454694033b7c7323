import type { Queryable } from '../database/database';
import { asKernel } from '../database/plugin-handle';
import { settingValueProblem, type SettingDefinition, type SettingValue, type ValueOf } from './catalogue';

interface SettingRow {
  readonly value: unknown;
}

function sameType(value: unknown, fallback: SettingValue): value is SettingValue {
  if (typeof fallback === 'number') return typeof value === 'number' && Number.isFinite(value);
  return typeof value === typeof fallback;
}

async function storedValue(db: Queryable, key: string): Promise<unknown> {
  const { rows } = await db.query<SettingRow>('SELECT value FROM core.system_settings WHERE key = $1', [key]);
  return rows[0]?.value;
}

/**
 * A setting's value: the stored one when it fits the declaration, else the declared default.
 * Given a declaration, the type is the declaration's; given a key and a fallback, the stored value
 * must have the fallback's JavaScript type.
 */
export async function readSetting<D extends SettingDefinition>(db: Queryable, definition: D): Promise<ValueOf<D>>;
export async function readSetting<T extends SettingValue>(db: Queryable, key: string, fallback: T): Promise<T>;
export async function readSetting(
  db: Queryable,
  what: SettingDefinition | string,
  fallback?: SettingValue,
): Promise<SettingValue> {
  db = asKernel(db);
  if (typeof what === 'string') {
    const value = await storedValue(db, what);
    return fallback !== undefined && sameType(value, fallback) ? value : (fallback as SettingValue);
  }
  const value = await storedValue(db, what.key);
  return value !== undefined && settingValueProblem(what, value) === null ? (value as SettingValue) : what.default;
}

/** Every stored value by key, as stored: a value that no longer fits its declaration is the caller's to judge. */
export async function storedSettings(db: Queryable): Promise<Map<string, unknown>> {
  const { rows } = await asKernel(db).query<SettingRow & { key: string }>(
    'SELECT key, value FROM core.system_settings',
  );
  return new Map(rows.map((row) => [row.key, row.value]));
}

/** Thrown by `writeSetting` for a value the declaration refuses; the message says why. */
export class SettingValueError extends Error {}

/** Stores a value after checking it against the declaration; `actorId` is recorded as `updated_by`. */
export async function writeSetting<D extends SettingDefinition>(
  db: Queryable,
  definition: D,
  value: unknown,
  actorId: number | null,
): Promise<ValueOf<D>> {
  db = asKernel(db);
  const problem = settingValueProblem(definition, value);
  if (problem) throw new SettingValueError(`The value ${problem}.`);
  await db.query(
    `INSERT INTO core.system_settings (key, value, updated_at, updated_by) VALUES ($1, $2::jsonb, now(), $3)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now(), updated_by = EXCLUDED.updated_by`,
    [definition.key, JSON.stringify(value), actorId],
  );
  return value as ValueOf<D>;
}

/** Removes the stored value, so the setting reads as its default again. */
export async function resetSetting(db: Queryable, definition: SettingDefinition): Promise<void> {
  db = asKernel(db);
  await db.query('DELETE FROM core.system_settings WHERE key = $1', [definition.key]);
}
