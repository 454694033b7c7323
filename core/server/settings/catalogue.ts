/**
 * System settings are values an administrator may change at run time (the admin plugin's screen),
 * stored in `core.system_settings` as JSON. Every key is declared once, with its type, bounds and
 * default, by the core or by the plugin that reads it (`ServerPlugin.systemSettings`); a key that
 * has no row, or whose stored value no longer fits its declaration, reads as its default.
 */

export type SettingValue = string | number | boolean;

interface SettingBase<K extends string, V extends SettingValue> {
  readonly type: K;
  /** `<owner>.<area>.<name>`, e.g. `finance.googleTables.maxNestingLevel`. */
  readonly key: string;
  /** i18n key of the label on the settings screen. */
  readonly labelKey: string;
  /** What the setting does, in English, for operators and the settings screen's hint. */
  readonly description: string;
  readonly default: V;
}

export interface IntegerSetting extends SettingBase<'integer', number> {
  readonly min?: number;
  readonly max?: number;
}

export interface BooleanSetting extends SettingBase<'boolean', boolean> {}

export interface StringSetting extends SettingBase<'string', string> {
  readonly minLength?: number;
  readonly maxLength?: number;
  /** When given, the value must be one of these. */
  readonly values?: readonly string[];
  /** `url`: an http or https address, or empty for none. */
  readonly format?: 'url';
}

export type SettingDefinition = IntegerSetting | BooleanSetting | StringSetting;

/** The value type a declaration holds. */
export type ValueOf<D extends SettingDefinition> = D['default'];

const KEY = /^[a-z][a-zA-Z0-9]*(\.[a-z][a-zA-Z0-9]*)+$/;

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** Identity helper that keeps the literal type of the declaration. */
export function defineSetting<const D extends SettingDefinition>(definition: D): D {
  const problem = settingValueProblem(definition, definition.default);
  if (!KEY.test(definition.key))
    throw new Error(`setting key "${definition.key}" must be dotted lower camel case words`);
  if (problem) throw new Error(`setting ${definition.key}: the default ${problem}`);
  return definition;
}

/** Why `value` does not fit the declaration, or null when it does. */
export function settingValueProblem(definition: SettingDefinition, value: unknown): string | null {
  switch (definition.type) {
    case 'integer':
      if (typeof value !== 'number' || !Number.isSafeInteger(value)) return 'must be a whole number';
      if (definition.min !== undefined && value < definition.min) return `must be at least ${definition.min}`;
      if (definition.max !== undefined && value > definition.max) return `must be at most ${definition.max}`;
      return null;
    case 'boolean':
      return typeof value === 'boolean' ? null : 'must be true or false';
    case 'string':
      if (typeof value !== 'string') return 'must be text';
      if (definition.minLength !== undefined && value.length < definition.minLength)
        return `must have at least ${definition.minLength} character${definition.minLength === 1 ? '' : 's'}`;
      if (definition.maxLength !== undefined && value.length > definition.maxLength)
        return `must have at most ${definition.maxLength} characters`;
      if (definition.values && !definition.values.includes(value))
        return `must be one of ${definition.values.join(', ')}`;
      if (definition.format === 'url' && value !== '' && !isHttpUrl(value)) return 'must be an http or https address';
      return null;
  }
}

/**
 * A secret the server is started with (an environment variable): the settings screen shows only
 * whether it is set, never its value, and it cannot be changed there.
 */
export interface SecretStatus {
  readonly key: string;
  readonly labelKey: string;
  readonly description: string;
  readonly env: string;
  readonly set: boolean;
}

/**
 * The settings every enabled part declares, by key. Two declarations of one key are a programming
 * error and stop start-up.
 */
export class SettingsCatalogue {
  private readonly byKey = new Map<string, SettingDefinition>();

  constructor(definitions: readonly SettingDefinition[] = []) {
    for (const definition of definitions) this.add(definition);
  }

  add(definition: SettingDefinition): void {
    if (this.byKey.has(definition.key)) throw new Error(`setting "${definition.key}" is declared twice`);
    this.byKey.set(definition.key, definition);
  }

  get(key: string): SettingDefinition | undefined {
    return this.byKey.get(key);
  }

  all(): SettingDefinition[] {
    return [...this.byKey.values()].sort((a, b) => a.key.localeCompare(b.key));
  }
}
