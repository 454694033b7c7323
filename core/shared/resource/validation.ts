import type { ResourceDefinition } from './definition';
import {
  DEFAULT_DECIMAL_SCALE,
  SECRET_MASK,
  TEXT_KINDS,
  type DecimalBounds,
  type FieldDefinition,
  type FieldValue,
  type FilterOperator,
} from './field';

/** Why a value was refused; turned into words in the user's language by `issueMessage`. */
export type IssueCode =
  | 'required'
  | 'unknown'
  | 'readOnly'
  | 'type'
  | 'minLength'
  | 'maxLength'
  | 'pattern'
  | 'email'
  | 'url'
  | 'integer'
  | 'min'
  | 'max'
  | 'decimal'
  | 'scale'
  | 'currency'
  | 'date'
  | 'datetime'
  | 'enum'
  | 'reference'
  | 'entries'
  | 'missingReference'
  | 'secretValue'
  | 'unique';

export interface FieldIssue {
  readonly code: IssueCode;
  readonly params?: Readonly<Record<string, string | number>>;
}

export type InputIssues = Record<string, FieldIssue[]>;

/** `create` needs every required field; `update` checks only the fields sent (PATCH). */
export type ValidationMode = 'create' | 'update';

export interface ValidatedInput {
  /** Normalised values by field name: trimmed text, canonical decimals, upper-case currencies. */
  readonly values: Record<string, FieldValue>;
  readonly issues: InputIssues;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DECIMAL = /^-?(0|[1-9][0-9]{0,19})(\.[0-9]+)?$/;
// ISO 4217 codes, and the four- and five-letter tickers of the stablecoins agencies pay with (USDT).
const CURRENCY = /^[A-Z]{3,5}$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;
const MAX_TEXT = 255;
const MAX_LONG_TEXT = 10_000;
const MAX_KEY_VALUE_ENTRIES = 50;
const MAX_REFERENCES = 500;

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** Compares two decimal strings exactly, without converting either to a float. */
export function compareDecimals(a: string, b: string): number {
  const negative = (text: string) => text.startsWith('-');
  const na = negative(a);
  const nb = negative(b);
  if (na !== nb) return na ? -1 : 1;
  const [ai = '0', af = ''] = a.replace('-', '').split('.');
  const [bi = '0', bf = ''] = b.replace('-', '').split('.');
  const width = Math.max(af.length, bf.length);
  const left = ai.replace(/^0+(?=.)/, '');
  const right = bi.replace(/^0+(?=.)/, '');
  let order = left.length !== right.length ? Math.sign(left.length - right.length) : 0;
  if (order === 0) {
    const x = left + af.padEnd(width, '0');
    const y = right + bf.padEnd(width, '0');
    order = x === y ? 0 : x < y ? -1 : 1;
  }
  return na ? -order : order;
}

/** Leading zeros and trailing fractional zeros removed; "-0" becomes "0". */
export function canonicalDecimal(text: string): string {
  const negative = text.startsWith('-');
  const [integer = '0', fraction = ''] = text.replace('-', '').split('.');
  const whole = integer.replace(/^0+(?=.)/, '');
  const part = fraction.replace(/0+$/, '');
  const body = part ? `${whole}.${part}` : whole;
  return negative && body !== '0' ? `-${body}` : body;
}

function isRealDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** JavaScript's Date.parse rolls 2026-02-30 over to March; PostgreSQL refuses it, so check the day too. */
function isRealDateTime(text: string): boolean {
  return DATETIME.test(text) && isRealDate(text.slice(0, 10)) && !Number.isNaN(Date.parse(text));
}

function isHttpUrl(text: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

type Check = { value: FieldValue } | { issue: FieldIssue };
const ok = (value: FieldValue): Check => ({ value });
const bad = (code: IssueCode, params?: Record<string, string | number>): Check => ({
  issue: params ? { code, params } : { code },
});

function checkDecimal(raw: unknown, bounds: DecimalBounds): { value: string } | { issue: FieldIssue } {
  // Numbers are refused for decimal kinds: a JSON float has already lost what the user typed.
  if (typeof raw !== 'string') return { issue: { code: 'decimal' } };
  const text = raw.trim();
  if (!DECIMAL.test(text)) return { issue: { code: 'decimal' } };
  const scale = bounds.scale ?? DEFAULT_DECIMAL_SCALE;
  if ((text.split('.')[1]?.length ?? 0) > scale) return { issue: { code: 'scale', params: { scale } } };
  if (bounds.min !== undefined && compareDecimals(text, bounds.min) < 0)
    return { issue: { code: 'min', params: { min: bounds.min } } };
  if (bounds.max !== undefined && compareDecimals(text, bounds.max) > 0)
    return { issue: { code: 'max', params: { max: bounds.max } } };
  return { value: canonicalDecimal(text) };
}

function checkText(
  field: FieldDefinition & { kind: 'text' | 'longText' | 'email' | 'url' | 'secret' },
  raw: unknown,
): Check {
  if (typeof raw !== 'string') return bad('type');
  const text = field.kind === 'secret' ? raw : raw.trim();
  const max = field.maxLength ?? (field.kind === 'longText' ? MAX_LONG_TEXT : field.kind === 'url' ? 2048 : MAX_TEXT);
  if (field.minLength !== undefined && text.length < field.minLength) return bad('minLength', { min: field.minLength });
  if (text.length > max) return bad('maxLength', { max });
  if (field.kind === 'email' && !EMAIL.test(text)) return bad('email');
  if (field.kind === 'url' && !isHttpUrl(text)) return bad('url');
  if (field.pattern !== undefined && !new RegExp(field.pattern, 'u').test(text)) return bad('pattern');
  return ok(text);
}

function checkValue(field: FieldDefinition, raw: unknown): Check {
  switch (field.kind) {
    case 'text':
    case 'longText':
    case 'email':
    case 'url':
    case 'secret':
      return checkText(field, raw);
    case 'number': {
      if (typeof raw !== 'number' || !Number.isFinite(raw)) return bad('type');
      if (field.integer && !Number.isSafeInteger(raw)) return bad('integer');
      if (field.min !== undefined && raw < field.min) return bad('min', { min: field.min });
      if (field.max !== undefined && raw > field.max) return bad('max', { max: field.max });
      return ok(raw);
    }
    case 'decimal':
    case 'percent': {
      const checked = checkDecimal(raw, field.kind === 'percent' ? { min: '0', max: '100', ...field } : field);
      return 'issue' in checked ? checked : ok(checked.value);
    }
    case 'money': {
      if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return bad('type');
      const { amount, currency, ...rest } = raw as Record<string, unknown>;
      if (Object.keys(rest).length > 0) return bad('type');
      const checked = checkDecimal(amount, field);
      if ('issue' in checked) return checked;
      const code = typeof currency === 'string' ? currency.trim().toUpperCase() : '';
      if (!CURRENCY.test(code) || (field.currencies && !field.currencies.includes(code))) return bad('currency');
      return ok({ amount: checked.value, currency: code });
    }
    case 'boolean':
      return typeof raw === 'boolean' ? ok(raw) : bad('type');
    case 'date':
    case 'datetime': {
      if (typeof raw !== 'string') return bad(field.kind);
      const text = raw.trim();
      const valid = field.kind === 'date' ? isRealDate(text) : isRealDateTime(text);
      if (!valid) return bad(field.kind);
      const comparable = (value: string) => (field.kind === 'date' ? value : new Date(value).toISOString());
      if (field.min !== undefined && comparable(text) < comparable(field.min)) return bad('min', { min: field.min });
      if (field.max !== undefined && comparable(text) > comparable(field.max)) return bad('max', { max: field.max });
      return ok(text);
    }
    case 'enum':
      return typeof raw === 'string' && field.values.includes(raw) ? ok(raw) : bad('enum');
    case 'reference': {
      const isId = (value: unknown): value is number =>
        typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
      if (!field.many) return isId(raw) ? ok(raw) : bad('reference');
      if (!Array.isArray(raw) || !raw.every(isId)) return bad('reference');
      if (raw.length > MAX_REFERENCES) return bad('entries', { max: MAX_REFERENCES });
      return ok([...new Set(raw)]);
    }
    case 'keyValue': {
      if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return bad('type');
      const entries = Object.entries(raw as Record<string, unknown>);
      const max = field.maxEntries ?? MAX_KEY_VALUE_ENTRIES;
      if (entries.length > max) return bad('entries', { max });
      const map: Record<string, string> = {};
      for (const [key, value] of entries) {
        if (key.trim() === '' || key.length > 100 || typeof value !== 'string' || value.length > 2000)
          return bad('type');
        map[key.trim()] = value;
      }
      return ok(map);
    }
  }
}

function emptyValue(field: FieldDefinition): FieldValue {
  if (field.kind === 'reference' && field.many) return [];
  if (field.kind === 'keyValue') return {};
  return null;
}

function defaultValue(field: FieldDefinition): FieldValue {
  if (field.kind === 'money') return null;
  if ('default' in field && field.default !== undefined) return field.default;
  if (field.kind === 'boolean') return false;
  return emptyValue(field);
}

/**
 * The declared defaults of the fields `values` leaves out: what a create through the writer stores
 * when a plugin builds the values itself instead of reading a body, as a body read would fill them.
 */
export function declaredDefaults(
  definition: ResourceDefinition,
  values: Readonly<Record<string, FieldValue>>,
): Record<string, FieldValue> {
  const filled: Record<string, FieldValue> = {};
  for (const field of definition.fields) {
    if (field.readOnly || Object.hasOwn(values, field.name)) continue;
    if ('default' in field && field.default !== undefined) filled[field.name] = field.default;
  }
  return filled;
}

/**
 * Checks a create or update body against the definition. The browser runs it before sending
 * and the server again on receipt, so both report the same problems for the same input.
 */
export function validateInput(definition: ResourceDefinition, input: unknown, mode: ValidationMode): ValidatedInput {
  const issues: InputIssues = {};
  const values: Record<string, FieldValue> = {};
  const body =
    typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : null;
  if (!body) return { values, issues: { _: [{ code: 'type' }] } };
  const known = new Set(definition.fields.map((field) => field.name));
  for (const key of Object.keys(body)) if (key !== 'version' && !known.has(key)) issues[key] = [{ code: 'unknown' }];
  for (const field of definition.fields) {
    const present = Object.hasOwn(body, field.name);
    const raw = body[field.name];
    if (field.readOnly) {
      if (present) issues[field.name] = [{ code: 'readOnly' }];
      continue;
    }
    // A secret left empty keeps its stored value: it is only ever changed by typing a new one.
    if (field.kind === 'secret' && (raw === SECRET_MASK || (isBlank(raw) && (mode === 'update' || !field.required))))
      continue;
    if (!present && mode === 'update') continue;
    const blank = isBlank(raw) || (field.kind === 'reference' && field.many && Array.isArray(raw) && raw.length === 0);
    if (blank) {
      if (field.required) issues[field.name] = [{ code: 'required' }];
      else values[field.name] = present ? emptyValue(field) : defaultValue(field);
      continue;
    }
    const checked = checkValue(field, raw);
    if ('issue' in checked) issues[field.name] = [checked.issue];
    else values[field.name] = checked.value;
  }
  return { values, issues };
}

/**
 * Checks one filter value: what the list API accepts for `filter[field][op]`. Returns null
 * when fine. Text operators take any text; the others take a value of the field's kind.
 */
export function filterValueIssue(field: FieldDefinition, op: FilterOperator, value: string): FieldIssue | null {
  if (TEXT_KINDS.has(field.kind)) return null;
  switch (field.kind) {
    case 'number':
      return DECIMAL.test(value) ? null : { code: 'decimal' };
    case 'money':
    case 'decimal':
    case 'percent':
      return DECIMAL.test(value) ? null : { code: 'decimal' };
    case 'boolean':
      return value === 'true' || value === 'false' ? null : { code: 'type' };
    case 'date':
      return isRealDate(value) ? null : { code: 'date' };
    case 'datetime':
      return isRealDateTime(value) || isRealDate(value) ? null : { code: 'datetime' };
    case 'enum':
      return field.values.includes(value) ? null : { code: 'enum' };
    case 'reference':
      return /^[1-9][0-9]{0,17}$/.test(value) ? null : { code: 'reference' };
    default:
      return op ? { code: 'type' } : null;
  }
}

export function hasIssues(issues: InputIssues): boolean {
  return Object.keys(issues).length > 0;
}
