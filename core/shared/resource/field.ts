import type { Language } from '../runtime-config';
import type { ServiceName } from '../services';

/**
 * The kinds a resource field can have. Each kind fixes the JSON shape of its value on the wire,
 * its column type, the filter operators it allows and the input the generated form shows.
 *
 * | kind       | JSON value                          | column            |
 * | ---------- | ----------------------------------- | ----------------- |
 * | text       | string                              | text              |
 * | longText   | string                              | text              |
 * | email      | string                              | text              |
 * | url        | string (http or https)              | text              |
 * | number     | number                              | numeric           |
 * | money      | { amount: "12.30", currency: "USD" }| numeric + text    |
 * | decimal    | decimal string, "0.01234567"        | numeric           |
 * | percent    | decimal string, "12.5"              | numeric           |
 * | boolean    | boolean                             | boolean           |
 * | date       | "2026-11-22"                        | date              |
 * | datetime   | ISO 8601 with offset                | timestamptz       |
 * | enum       | one of `values`                     | text              |
 * | reference  | id, or ids when `many`              | bigint / bigint[] |
 * | keyValue   | { [key: string]: string }           | jsonb             |
 * | secret     | never returned; written as a string | text              |
 *
 * Money, decimal and percent are decimal strings end to end: no floating point touches them.
 */
export type FieldKind =
  | 'text'
  | 'longText'
  | 'email'
  | 'url'
  | 'number'
  | 'money'
  | 'decimal'
  | 'percent'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'enum'
  | 'reference'
  | 'keyValue'
  | 'secret';

/** The list filters' text operators plus ranges (numbers, dates) and any-of (enums, references). */
export type FilterOperator = 'eq' | 'contains' | 'neq' | 'startsWith' | 'gte' | 'lte' | 'in';

/** Where a reference points: any resource (or core table) that answers `GET references/<path>`. */
export interface ReferenceTarget {
  readonly service: ServiceName;
  /** `references/<path>` on the service lists `{ id, label }`. */
  readonly path: string;
  /** Schema-qualified table whose `id` column the stored value must exist in. */
  readonly table: string;
  /** Column shown as the record's label and searched by `q`. */
  readonly labelColumn: string;
  /**
   * The label's column for a reader of another language, when the target keeps its names in
   * several (core countries' `name_ru`); `labelColumn` labels the record for every other language.
   */
  readonly translatedLabelColumns?: Readonly<Partial<Record<Language, string>>>;
  /** Rows with a non-null `deleted_at` are not valid targets. */
  readonly softDelete?: boolean;
}

/** The column that labels a record of `target` for a reader of `language`. */
export function labelColumnIn(target: ReferenceTarget, language: Language): string {
  return target.translatedLabelColumns?.[language] ?? target.labelColumn;
}

interface FieldBase<K extends FieldKind> {
  readonly kind: K;
  /** Column and JSON property name: lower snake case. */
  readonly name: string;
  /** i18n key, `namespace:key`. */
  readonly labelKey: string;
  readonly required?: boolean;
  /** Shown, never written by callers (computed on the server, or set by an action). */
  readonly readOnly?: boolean;
  /** A list column unless the user hides it. Default true; secrets and key/value maps never. */
  readonly list?: boolean;
  /** Operators offered in the filter panel and accepted by the API; none means not filterable. */
  readonly filter?: readonly FilterOperator[];
  readonly sortable?: boolean;
  /** No two live records share the value (case-insensitive for text kinds). */
  readonly unique?: boolean;
  /** i18n key of a hint under the input. */
  readonly hintKey?: string;
  /**
   * Ctrl+K finds records by this field as well as by their label (a code, a hash, an e-mail, a
   * domain name). Text kinds only; the engine keeps an index that serves the search.
   */
  readonly searchable?: boolean;
  /**
   * i18n key of the word an empty value reads as in lists and on record pages, where a blank would
   * say nothing: a nullable limit's "No limit". Without it an empty value is a blank cell (a dash on
   * a record page).
   */
  readonly emptyLabelKey?: string;
}

/**
 * How a number or text value reads. `identifier`: a code that names something (an id, a port, a
 * campaign id), shown as it is, never grouped like an amount ("1420", not "1,420"), and aligned
 * as text. The meta column `id` always reads so.
 */
export type ValueFormat = 'identifier';

/** A status badge's colour, Fluent's badge palette: what the state means at a glance. */
export type StatusTone = 'success' | 'warning' | 'danger' | 'informative' | 'subtle' | 'brand';

export const STATUS_TONES: readonly StatusTone[] = ['success', 'warning', 'danger', 'informative', 'subtle', 'brand'];

interface TextBounds {
  readonly minLength?: number;
  readonly maxLength?: number;
  /** A JavaScript regular expression source, checked on both sides. */
  readonly pattern?: string;
  /** i18n key of the message shown when `pattern` does not match. */
  readonly patternMessageKey?: string;
}

export interface TextField extends FieldBase<'text' | 'longText' | 'email' | 'url'>, TextBounds {
  readonly default?: string;
  /** Placeholder shown in the empty input, e.g. 'ERP-321'. */
  readonly placeholder?: string;
  readonly format?: ValueFormat;
}

export interface NumberField extends FieldBase<'number'> {
  readonly min?: number;
  readonly max?: number;
  readonly integer?: boolean;
  readonly default?: number;
  readonly format?: ValueFormat;
}

export interface DecimalBounds {
  /** Decimal strings, compared exactly. */
  readonly min?: string;
  readonly max?: string;
  /** Most digits after the point; default 2 for money and percent. */
  readonly scale?: number;
}

export interface MoneyField extends FieldBase<'money'>, DecimalBounds {
  /** Currency codes offered; any code of three to five capital letters when absent. */
  readonly currencies?: readonly string[];
  readonly defaultCurrency?: string;
}

/** An exact number that is not money (a rate, a quantity with decimals); percent is 0..100 by default. */
export interface DecimalField extends FieldBase<'decimal' | 'percent'>, DecimalBounds {
  readonly default?: string;
}

export interface BooleanField extends FieldBase<'boolean'> {
  readonly default?: boolean;
}

export interface DateField extends FieldBase<'date' | 'datetime'> {
  /** `YYYY-MM-DD` (date) or ISO 8601 (datetime) bounds. */
  readonly min?: string;
  readonly max?: string;
}

export interface EnumField extends FieldBase<'enum'> {
  readonly values: readonly string[];
  /** Labels are `<labelPrefix>.<value>`; default `<labelKey>Values`. */
  readonly valueLabelPrefix?: string;
  readonly default?: string;
  /**
   * The enum is a status: each value's tone, and lists and record pages draw the value as a badge
   * of that colour. Values left out read as `subtle` badges.
   */
  readonly tones?: Readonly<Partial<Record<string, StatusTone>>>;
}

export interface ReferenceField extends FieldBase<'reference'> {
  readonly target: ReferenceTarget;
  readonly many?: boolean;
  /**
   * The section this field gives the target's record page (the records pointing there): `false`
   * leaves it out; `labelKey` renames it, `order` places it (default 100, lower first).
   */
  readonly related?: false | { readonly labelKey?: string; readonly order?: number };
  /**
   * A read-only text field of the same resource that keeps what this field was typed as before it
   * became a reference, where that text named no record (its migration fills it). While the
   * reference is empty, lists read the text, marked as not in the list; writing the reference
   * empties it.
   */
  readonly legacyField?: string;
}

export interface KeyValueField extends FieldBase<'keyValue'> {
  readonly maxEntries?: number;
  /**
   * The values are secrets (credentials): reads give every key with its value masked, never the
   * value; a write keeps a key's stored value when it sends the mask back (SECRET_VALUE_MASK).
   */
  readonly secretValues?: boolean;
}

export interface SecretField extends FieldBase<'secret'>, TextBounds {}

export type FieldDefinition =
  | TextField
  | NumberField
  | MoneyField
  | DecimalField
  | BooleanField
  | DateField
  | EnumField
  | ReferenceField
  | KeyValueField
  | SecretField;

/** A money value on the wire. */
export interface Money {
  readonly amount: string;
  readonly currency: string;
}

export type FieldValue =
  | string
  | number
  | boolean
  | Money
  | readonly number[]
  | Readonly<Record<string, string>>
  | null;

/** Operators each kind accepts; a field's `filter` must be a subset. */
export const OPERATORS_BY_KIND: Readonly<Record<FieldKind, readonly FilterOperator[]>> = {
  text: ['eq', 'contains', 'neq', 'startsWith'],
  longText: ['contains'],
  email: ['eq', 'contains', 'neq', 'startsWith'],
  url: ['eq', 'contains', 'neq', 'startsWith'],
  number: ['eq', 'neq', 'gte', 'lte'],
  money: ['eq', 'neq', 'gte', 'lte'],
  decimal: ['eq', 'neq', 'gte', 'lte'],
  percent: ['eq', 'neq', 'gte', 'lte'],
  boolean: ['eq'],
  date: ['eq', 'gte', 'lte'],
  datetime: ['gte', 'lte'],
  enum: ['eq', 'neq', 'in'],
  reference: ['eq', 'in'],
  keyValue: [],
  secret: [],
};

export const DEFAULT_DECIMAL_SCALE = 2;

/** What a stored secret reads as. Sent back unchanged, it leaves the secret as it is. */
export const SECRET_MASK = '••••••••';

/**
 * What each value of a key/value field with `secretValues` reads as. Sent back for a key on an
 * edit, it keeps that key's stored value; on a create, or for a key not stored, it is refused.
 */
export const SECRET_VALUE_MASK = '••••••••';

/** Whether the field is a key/value map whose values never leave the server. */
export function hasSecretValues(field: FieldDefinition): field is KeyValueField {
  return field.kind === 'keyValue' && field.secretValues === true;
}

export const TEXT_KINDS: ReadonlySet<FieldKind> = new Set(['text', 'longText', 'email', 'url']);

/** Whether the value leaves the server: secrets are write-only. */
export function isReadable(field: FieldDefinition): boolean {
  return field.kind !== 'secret';
}

/** Whether values read as an identifier: the meta `id`, or a field declared `format: 'identifier'`. */
export function isIdentifier(field: FieldDefinition | null, name: string): boolean {
  if (field === null) return name === 'id';
  return (field.kind === 'number' || TEXT_KINDS.has(field.kind)) && 'format' in field && field.format === 'identifier';
}

export const NUMERIC_KINDS: ReadonlySet<FieldKind> = new Set(['number', 'money', 'decimal', 'percent']);

/** Whether a column holds quantities, compared by size and so aligned right (identifiers are codes, not quantities). */
export function isQuantity(field: FieldDefinition | null, name: string): boolean {
  return field !== null && NUMERIC_KINDS.has(field.kind) && !isIdentifier(field, name);
}

/** The tone of an enum value when the field is a status (declares `tones`), else null. */
export function statusToneOf(field: FieldDefinition | null, value: unknown): StatusTone | null {
  if (field?.kind !== 'enum' || field.tones === undefined || typeof value !== 'string') return null;
  return field.tones[value] ?? 'subtle';
}

/** Whether the field is a list column by default. */
export function isListedByDefault(field: FieldDefinition): boolean {
  if (field.kind === 'secret' || field.kind === 'keyValue' || field.kind === 'longText') return field.list === true;
  return field.list !== false;
}
