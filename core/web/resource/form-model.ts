import type { ResourceDefinition, ResourceRecord } from '@core/shared/resource/definition';
import {
  SECRET_MASK,
  SECRET_VALUE_MASK,
  type FieldDefinition,
  type FieldValue,
  type KeyValueField,
} from '@core/shared/resource/field';
import type { Language } from '@core/shared/runtime-config';
import { issueMessage } from '@core/shared/resource/messages';
import { validateInput, type ValidationMode } from '@core/shared/resource/validation';

/** What a money input holds while it is edited. */
export interface MoneyDraft {
  readonly amount: string;
  readonly currency: string;
}

/** One line of a key/value editor; `id` keeps React's rows stable while keys are typed. */
export interface KeyValueRow {
  readonly id: number;
  readonly key: string;
  readonly value: string;
  /**
   * A secret value stored on the server and never shown: the row starts with an empty value, and
   * left empty it sends the mask back, which keeps what is stored.
   */
  readonly keepsStored?: boolean;
}

/**
 * A field's value while the form is open: text for everything typed (numbers and decimals
 * included, so nothing is lost to a float), a boolean for switches, ids for references, a draft
 * for money and rows for key/value maps.
 */
export type FormValue = string | boolean | number | null | readonly number[] | MoneyDraft | readonly KeyValueRow[];
export type FormValues = Readonly<Record<string, FormValue>>;

export function asText(value: FormValue | undefined): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

export function asMoney(value: FormValue | undefined): MoneyDraft {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as MoneyDraft)
    : { amount: '', currency: '' };
}

export function asIds(value: FormValue | undefined): readonly number[] {
  return Array.isArray(value) ? value.filter((item): item is number => typeof item === 'number') : [];
}

export function asId(value: FormValue | undefined): number | null {
  return typeof value === 'number' ? value : null;
}

export function asRows(value: FormValue | undefined): readonly KeyValueRow[] {
  return Array.isArray(value)
    ? value.filter((item): item is KeyValueRow => typeof item === 'object' && item !== null)
    : [];
}

let rowSequence = 0;
export function keyValueRow(key = '', value = '', keepsStored = false): KeyValueRow {
  rowSequence += 1;
  return keepsStored ? { id: rowSequence, key, value, keepsStored } : { id: rowSequence, key, value };
}

function keyValueRows(field: KeyValueField, value: unknown): readonly KeyValueRow[] {
  if (typeof value !== 'object' || value === null) return [];
  const entries = Object.entries(value);
  if (!field.secretValues) return entries.map(([key, entry]) => keyValueRow(key, String(entry)));
  return entries.map(([key, entry]) =>
    entry === SECRET_VALUE_MASK ? keyValueRow(key, '', true) : keyValueRow(key, String(entry)),
  );
}

/** What a key/value row sends: a stored secret left empty sends the mask, which keeps it. */
const rowValue = (row: KeyValueRow): string => (row.keepsStored && row.value === '' ? SECRET_VALUE_MASK : row.value);

/** The read-only fields that keep a reference's text from before it was one (`legacyField`): shown with the reference, not on their own. */
export function legacyFieldNames(definition: ResourceDefinition): ReadonlySet<string> {
  return new Set(
    definition.fields.flatMap((field) =>
      field.kind === 'reference' && field.legacyField !== undefined ? [field.legacyField] : [],
    ),
  );
}

/** Fields the form edits: every field that is not read-only. */
export function formFields(definition: ResourceDefinition): readonly FieldDefinition[] {
  return definition.fields.filter((field) => !field.readOnly);
}

const pad = (value: number): string => String(value).padStart(2, '0');

/** An instant as a `datetime-local` input shows it: `YYYY-MM-DDTHH:mm` in the browser's time zone. */
export function isoToLocalInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** A `datetime-local` value as ISO 8601 with the browser's offset; anything else is left for validation. */
export function localInputToIso(text: string): string {
  const match = LOCAL_INPUT.exec(text);
  if (!match) return text;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const offset = -new Date(year, month - 1, day, hour, minute).getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  return `${text}:00${sign}${pad(Math.trunc(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}

function fromRecord(field: FieldDefinition, value: unknown): FormValue {
  switch (field.kind) {
    case 'boolean':
      return value === true;
    case 'number':
      return typeof value === 'number' ? String(value) : '';
    case 'money':
      return typeof value === 'object' && value !== null && 'amount' in value && 'currency' in value
        ? { amount: String(value.amount), currency: String(value.currency) }
        : { amount: '', currency: field.defaultCurrency ?? field.currencies?.[0] ?? '' };
    case 'datetime':
      return typeof value === 'string' ? isoToLocalInput(value) : '';
    case 'reference':
      if (field.many) return Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : [];
      return typeof value === 'number' ? value : null;
    case 'keyValue':
      return keyValueRows(field, value);
    case 'secret':
      // Write-only: the form starts empty, and empty means "keep what is stored".
      return '';
    default:
      return typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);
  }
}

function defaultOf(field: FieldDefinition): unknown {
  return 'default' in field ? field.default : undefined;
}

/**
 * The form's starting values: the record's (edit), or the definition's defaults overridden by
 * `prefill` (create: a related section's Add names the record the new one belongs to).
 */
export function initialFormValues(
  definition: ResourceDefinition,
  record: ResourceRecord | null,
  prefill: Readonly<Record<string, unknown>> = {},
): FormValues {
  const start = (field: FieldDefinition): unknown =>
    record ? record[field.name] : Object.hasOwn(prefill, field.name) ? prefill[field.name] : defaultOf(field);
  return Object.fromEntries(formFields(definition).map((field) => [field.name, fromRecord(field, start(field))]));
}

/** One field's form value as the API's JSON value; undefined leaves the field out of the body. */
export function toWire(field: FieldDefinition, value: FormValue | undefined): unknown {
  switch (field.kind) {
    case 'boolean':
      return value === true;
    case 'number': {
      const text = asText(value).trim();
      if (text === '') return null;
      const number = Number(text);
      // Text that is not a number goes as typed, and validation says so.
      return Number.isFinite(number) ? number : text;
    }
    case 'money': {
      const money = asMoney(value);
      return money.amount.trim() === '' ? null : { amount: money.amount.trim(), currency: money.currency };
    }
    case 'datetime': {
      const text = asText(value).trim();
      return text === '' ? null : localInputToIso(text);
    }
    case 'reference':
      return field.many ? asIds(value) : asId(value);
    case 'keyValue':
      return Object.fromEntries(
        asRows(value)
          .filter((row) => row.key.trim() !== '' || row.value !== '')
          .map((row) => [row.key, rowValue(row)]),
      );
    case 'secret': {
      const text = asText(value);
      return text === '' || text === SECRET_MASK ? undefined : text;
    }
    case 'enum':
    case 'date':
    case 'decimal':
    case 'percent': {
      const text = asText(value).trim();
      return text === '' ? null : text;
    }
    default:
      return asText(value);
  }
}

function body(fields: readonly FieldDefinition[], values: FormValues): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const field of fields) {
    const wire = toWire(field, values[field.name]);
    if (wire !== undefined) result[field.name] = wire;
  }
  return result;
}

/** Everything the create form holds, as the POST body before validation. */
export function createBody(definition: ResourceDefinition, values: FormValues): Record<string, unknown> {
  return body(formFields(definition), values);
}

/** Only what the user changed since `initial` (a typed secret always counts as a change). */
export function changedBody(
  definition: ResourceDefinition,
  initial: FormValues,
  current: FormValues,
): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  for (const field of formFields(definition)) {
    const now = toWire(field, current[field.name]);
    if (now === undefined) continue;
    if (field.kind === 'secret' || JSON.stringify(toWire(field, initial[field.name])) !== JSON.stringify(now))
      changed[field.name] = now;
  }
  return changed;
}

export interface FormCheck {
  /** The normalised values to send, when there are no messages. */
  readonly values: Record<string, FieldValue>;
  /** Field → messages in the user's language. */
  readonly messages: Record<string, string[]>;
  /** Some required field is empty: the form says 'Please fill in all required fields.' */
  readonly missingRequired: boolean;
  /** The required fields that are empty. */
  readonly missing: readonly string[];
}

/**
 * The same checks the server makes (`validateInput`), worded in the user's language. A field's own
 * message for a pattern it does not match (its `patternMessageKey`, in the plugin's strings) is
 * put through `translate`; the server, which has no plugin strings, says the general one.
 */
export function checkForm(
  definition: ResourceDefinition,
  input: Readonly<Record<string, unknown>>,
  mode: ValidationMode,
  language: Language,
  translate: (key: string) => string,
): FormCheck {
  const { values, issues } = validateInput(definition, input, mode);
  const messages: Record<string, string[]> = {};
  const missing: string[] = [];
  for (const [name, list] of Object.entries(issues)) {
    const field = definition.fields.find((candidate) => candidate.name === name);
    const patternKey = field && 'patternMessageKey' in field ? field.patternMessageKey : undefined;
    messages[name] = list.map((issue) =>
      issue.code === 'pattern' && patternKey ? translate(patternKey) : issueMessage(issue, language),
    );
    if (list.some((issue) => issue.code === 'required')) missing.push(name);
  }
  return { values, messages, missingRequired: missing.length > 0, missing };
}

/** What the form shows about its fields: each field's messages, and whether a required one is empty. */
export interface ShownProblems {
  readonly messages: Readonly<Record<string, readonly string[]>>;
  readonly missingRequired: boolean;
}

/**
 * The problems shown once `edited` changed: its messages are those of `check` (the form checked
 * again with the new value), so they go as soon as the value passes and change when it fails in
 * another way; the other fields keep theirs until they are edited or the form is sent. A field
 * with nothing shown gets nothing while it is typed into.
 */
export function problemsAfterEdit(shown: ShownProblems, edited: string, check: FormCheck): ShownProblems {
  if (!Object.hasOwn(shown.messages, edited)) return shown;
  const messages: Record<string, readonly string[]> = { ...shown.messages };
  const now = check.messages[edited];
  if (now && now.length > 0) messages[edited] = now;
  else delete messages[edited];
  return {
    messages,
    missingRequired: shown.missingRequired && check.missing.some((name) => Object.hasOwn(messages, name)),
  };
}
