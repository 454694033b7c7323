/** `GET system-settings`: every declared setting, and the secrets the server was started with. */

export const SYSTEM_SETTINGS_CODE = 'JS';

interface EntryBase {
  /** `<owner>.<area>.<name>`; also the property name in `PUT system-settings`. */
  readonly key: string;
  readonly label_key: string;
  readonly description: string;
}

export interface ValueSettingEntry extends EntryBase {
  readonly type: 'integer' | 'boolean' | 'string';
  readonly default: string | number | boolean;
  readonly value: string | number | boolean;
  /** Whether a value is stored (false: the default applies). */
  readonly is_stored: boolean;
  readonly min?: number;
  readonly max?: number;
  readonly min_length?: number;
  readonly max_length?: number;
  readonly values?: readonly string[];
  readonly format?: 'url';
}

/** Only whether it is set: a secret's value never leaves the server, and it changes only in the environment. */
export interface SecretSettingEntry extends EntryBase {
  readonly type: 'secret';
  readonly is_set: boolean;
  /** The environment variable that sets it. */
  readonly env: string;
}

export type SystemSettingEntry = ValueSettingEntry | SecretSettingEntry;

/** `PUT system-settings`: key → new value, or null to return to the default. */
export type SystemSettingsChanges = Readonly<Record<string, string | number | boolean | null>>;
