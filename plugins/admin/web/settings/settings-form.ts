import type {
  SecretSettingEntry,
  SystemSettingEntry,
  SystemSettingsChanges,
  ValueSettingEntry,
} from '../../shared/system-settings';

/**
 * The system settings form: each setting's input as text (numbers too, so a half-typed number is
 * kept as typed), or a boolean; secrets are empty inputs, written only when something is typed.
 */
export type SettingInput = string | boolean;
export type SettingInputs = Readonly<Record<string, SettingInput>>;

export function isSecret(entry: SystemSettingEntry): entry is SecretSettingEntry {
  return entry.type === 'secret';
}

function asInput(value: string | number | boolean): SettingInput {
  return typeof value === 'boolean' ? value : String(value);
}

/** The inputs as the settings are now: current values, and empty secret inputs. */
export function initialInputs(entries: readonly SystemSettingEntry[]): Record<string, SettingInput> {
  return Object.fromEntries(entries.map((entry) => [entry.key, isSecret(entry) ? '' : asInput(entry.value)]));
}

/** An input as the value `PUT system-settings` takes for its setting. */
export function wireValue(entry: ValueSettingEntry, input: SettingInput): string | number | boolean {
  if (entry.type === 'boolean') return input === true;
  if (entry.type === 'integer')
    return typeof input === 'string' && /^-?\d+$/.test(input.trim()) ? Number(input.trim()) : String(input);
  return typeof input === 'string' ? input.trim() : String(input);
}

/**
 * `PUT system-settings` body: only the settings whose input differs from the current value, plus
 * settings the user asked to return to their default (`null`), plus secrets with a typed value.
 */
export function settingsChanges(
  entries: readonly SystemSettingEntry[],
  inputs: SettingInputs,
  resets: ReadonlySet<string> = new Set(),
): SystemSettingsChanges {
  const changes: Record<string, string | number | boolean | null> = {};
  for (const entry of entries) {
    const input = inputs[entry.key];
    if (isSecret(entry)) {
      if (typeof input === 'string' && input.trim() !== '') changes[entry.key] = input;
      continue;
    }
    if (resets.has(entry.key)) {
      changes[entry.key] = null;
      continue;
    }
    if (input === undefined) continue;
    const value = wireValue(entry, input);
    if (value !== entry.value) changes[entry.key] = value;
  }
  return changes;
}

export type SettingProblem =
  | { readonly code: 'integer' }
  | { readonly code: 'min'; readonly min: number }
  | { readonly code: 'max'; readonly max: number }
  | { readonly code: 'minLength'; readonly min: number }
  | { readonly code: 'maxLength'; readonly max: number }
  | { readonly code: 'values'; readonly values: string }
  | { readonly code: 'url' };

/** What the browser can tell is wrong with a changed value before sending it (the server checks again). */
export function settingProblem(entry: ValueSettingEntry, value: string | number | boolean): SettingProblem | null {
  if (entry.type === 'integer') {
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) return { code: 'integer' };
    if (entry.min !== undefined && value < entry.min) return { code: 'min', min: entry.min };
    if (entry.max !== undefined && value > entry.max) return { code: 'max', max: entry.max };
    return null;
  }
  if (entry.type === 'string' && typeof value === 'string') {
    if (entry.values && !entry.values.includes(value)) return { code: 'values', values: entry.values.join(', ') };
    if (entry.min_length !== undefined && value.length < entry.min_length)
      return { code: 'minLength', min: entry.min_length };
    if (entry.max_length !== undefined && value.length > entry.max_length)
      return { code: 'maxLength', max: entry.max_length };
    if (entry.format === 'url' && value !== '' && !/^https?:\/\/[^\s]+$/i.test(value)) return { code: 'url' };
  }
  return null;
}

/**
 * The server's 422 answer laid over the form: messages naming a setting's key go under that
 * setting; anything else (no key matches) is shown above the form.
 */
export function splitSettingErrors(
  entries: readonly SystemSettingEntry[],
  fieldErrors: Readonly<Record<string, readonly string[]>>,
): { readonly byKey: Record<string, readonly string[]>; readonly general: readonly string[] } {
  const keys = new Set(entries.map((entry) => entry.key));
  const byKey: Record<string, readonly string[]> = {};
  const general: string[] = [];
  for (const [key, messages] of Object.entries(fieldErrors)) {
    if (keys.has(key)) byKey[key] = messages;
    else general.push(...messages);
  }
  return { byKey, general };
}
