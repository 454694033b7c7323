import type { ResourceDefinition, ResourceRecord } from '@core/shared/resource/definition';
import { SECRET_MASK, type EnumField, type FieldDefinition, type Money } from '@core/shared/resource/field';
import { DEFAULT_FORMAT_LOCALE, type I18nService } from '../services/i18n-service';

/** Spec §9: dates read mm/dd/yy by default. */
export const DATE_FORMAT: Intl.DateTimeFormatOptions = { month: '2-digit', day: '2-digit', year: '2-digit' };
export const DATETIME_FORMAT: Intl.DateTimeFormatOptions = { ...DATE_FORMAT, hour: '2-digit', minute: '2-digit' };

export type Formatter = Pick<I18nService, 't' | 'formatDate' | 'formatNumber'>;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/*
 * Intl formatters are made once per format and kept. Making one costs far more than formatting
 * with it (a date formatter takes a good fraction of a millisecond), and a list page formats a
 * value in nearly every cell: made per cell, they took about a fifth of the time a page of rows
 * took to draw (profiled under `npm run bench`). The locale is the one I18nService formats with, so the text is the same as its own.
 */
const DAY_FORMATTER = new Intl.DateTimeFormat(DEFAULT_FORMAT_LOCALE, DATE_FORMAT);
const INSTANT_FORMATTER = new Intl.DateTimeFormat(DEFAULT_FORMAT_LOCALE, DATETIME_FORMAT);
const DECIMAL_FORMATTER = new Intl.NumberFormat(DEFAULT_FORMAT_LOCALE, { maximumFractionDigits: 20 });
const NUMBER_FORMATTER = new Intl.NumberFormat(DEFAULT_FORMAT_LOCALE);
const CODE_AMOUNT_FORMATTER = new Intl.NumberFormat(DEFAULT_FORMAT_LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 20 });
/** A code Intl refuses (USDT) is shown in a list with the two decimals most currencies have. */
const CODE_AMOUNT_ROUNDED_FORMATTER = new Intl.NumberFormat(DEFAULT_FORMAT_LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Every digit the server sent, or the currency's own digits (USD 2, JPY 0, KWD 3) as lists show it. */
export type MoneyPrecision = 'exact' | 'currency';

/** By precision and currency code; null for a code Intl refuses (four-letter tokens such as USDT), so it is not tried again. */
const moneyFormatters = new Map<string, Intl.NumberFormat | null>();

function moneyFormatter(currency: string, precision: MoneyPrecision): Intl.NumberFormat | null {
  const key = `${precision}:${currency}`;
  let formatter = moneyFormatters.get(key);
  if (formatter === undefined) {
    try {
      // Without fraction options Intl uses the currency's own digits (ISO 4217).
      const digits = precision === 'exact' ? { maximumFractionDigits: 20 } : {};
      formatter = new Intl.NumberFormat(DEFAULT_FORMAT_LOCALE, { style: 'currency', currency, ...digits });
    } catch {
      formatter = null;
    }
    moneyFormatters.set(key, formatter);
  }
  return formatter;
}

/**
 * A calendar day (`YYYY-MM-DD`) as mm/dd/yy; read as a local date, so no time zone shifts it.
 * (`i18n` is no longer needed: the day is formatted as I18nService.formatDate would.)
 */
export function formatDay(day: string, _i18n?: Formatter): string {
  const match = DAY.exec(day);
  if (!match) return day;
  return DAY_FORMATTER.format(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

/** An instant as mm/dd/yy, hh:mm in the browser's time zone (`i18n` as for formatDay). */
export function formatInstant(value: string, _i18n?: Formatter): string {
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : INSTANT_FORMATTER.format(time);
}

export function isMoney(value: unknown): value is Money {
  return typeof value === 'object' && value !== null && typeof (value as Money).amount === 'string' && typeof (value as Money).currency === 'string';
}

/**
 * An amount with its currency. The decimal string goes to Intl as a string, so no float ever
 * rounds it; an unknown currency code falls back to "12.30 XYZ". `exact` (the default: dialogs,
 * history, chips) keeps every digit; `currency` rounds to the currency's digits, as list cells show
 * it beside the exact amount in their tooltip.
 */
export function formatMoney(money: Money, precision: MoneyPrecision = 'exact'): string {
  // Intl reads any other text as NaN rather than refusing it: such an amount is shown as it came.
  if (!DECIMAL_TEXT.test(money.amount)) return `${money.amount} ${money.currency}`;
  const amount = money.amount as Intl.StringNumericLiteral;
  const formatter = moneyFormatter(money.currency, precision);
  if (formatter) return formatter.format(amount);
  // A code Intl refuses (USDT) still gets the digits of money: grouped, at least two decimals.
  const plain = precision === 'exact' ? CODE_AMOUNT_FORMATTER : CODE_AMOUNT_ROUNDED_FORMATTER;
  return `${plain.format(amount)} ${money.currency}`;
}

export function formatDecimal(value: string): string {
  try {
    return DECIMAL_FORMATTER.format(value as Intl.StringNumericLiteral);
  } catch {
    return value;
  }
}

/** The i18n key of one enum value: `<valueLabelPrefix>.<value>`, by default `<labelKey>Values.<value>`. */
export function enumLabelKey(field: EnumField, value: string): string {
  return `${field.valueLabelPrefix ?? `${field.labelKey}Values`}.${value}`;
}

export function enumLabel(field: EnumField, value: string, i18n: Pick<Formatter, 't'>): string {
  return i18n.t(enumLabelKey(field, value), { defaultValue: value });
}

/** The referenced records' labels the list answer carries, or the ids when it carries none. */
export function referenceLabel(record: ResourceRecord, name: string): string {
  const labels = record._labels?.[name];
  if (typeof labels === 'string') return labels;
  if (Array.isArray(labels)) return labels.join(', ');
  const value = record[name];
  if (Array.isArray(value)) return value.join(', ');
  return value === null || value === undefined ? '' : String(value);
}

/**
 * A value as plain text, for cells, chips, confirmations and the history drawer. Booleans read
 * as Yes/No here; the table draws them as icons (with this text for screen readers).
 */
export function formatValue(field: FieldDefinition | null, value: unknown, i18n: Formatter, record?: ResourceRecord): string {
  if (value === null || value === undefined || value === '') return '';
  if (field === null) {
    // Meta columns: the id, or a timestamp.
    return typeof value === 'string' ? formatInstant(value) : String(value);
  }
  switch (field.kind) {
    case 'boolean':
      return i18n.t(value === true ? 'core:resource.value.yes' : 'core:resource.value.no');
    case 'date':
      return typeof value === 'string' ? formatDay(value) : String(value);
    case 'datetime':
      return typeof value === 'string' ? formatInstant(value) : String(value);
    case 'money':
      return isMoney(value) ? formatMoney(value) : String(value);
    case 'percent':
      return typeof value === 'string' ? `${formatDecimal(value)} %` : String(value);
    case 'decimal':
      return typeof value === 'string' ? formatDecimal(value) : String(value);
    case 'number':
      // An identifier is a code: "1420", never the amount "1,420".
      return typeof value === 'number' && field.format !== 'identifier' ? NUMBER_FORMATTER.format(value) : String(value);
    case 'enum':
      return typeof value === 'string' ? enumLabel(field, value, i18n) : String(value);
    case 'reference':
      return record ? referenceLabel(record, field.name) : Array.isArray(value) ? value.join(', ') : String(value);
    case 'secret':
      return SECRET_MASK;
    case 'keyValue':
      return typeof value === 'object'
        ? Object.entries(value as Record<string, unknown>)
            .map(([key, entry]) => `${key}: ${String(entry)}`)
            .join('; ')
        : String(value);
    default:
      return typeof value === 'string' ? value : JSON.stringify(value);
  }
}

/** The word an empty value of the field reads as in lists and on record pages ("No limit"), or '' when it declares none. */
export function emptyLabel(field: FieldDefinition | null, i18n: Pick<Formatter, 't'>): string {
  return field?.emptyLabelKey ? i18n.t(field.emptyLabelKey) : '';
}

/** The text a list cell shows for a value drawn by the engine: money to its currency's digits, an empty value as its empty label, a boolean as an icon (no text). */
export function cellText(field: FieldDefinition | null, record: ResourceRecord, name: string, i18n: Formatter): string {
  const value = record[name];
  if (field?.kind === 'boolean') return '';
  if (field?.kind === 'money' && isMoney(value)) return formatMoney(value, 'currency');
  return formatValue(field, value, i18n, record) || emptyLabel(field, i18n);
}

/** A record's name: its label field's value as text, else `#<id>`. */
export function recordLabel(definition: ResourceDefinition, record: ResourceRecord, i18n: Formatter): string {
  const field = definition.fields.find((candidate) => candidate.name === definition.labelField) ?? null;
  return formatValue(field, record[definition.labelField], i18n, record) || `#${record.id}`;
}

/**
 * A record page's title: the definition's `titleFields` as the reader reads them, joined with " · "
 * (those empty left out), or the record's label.
 */
export function recordTitle(definition: ResourceDefinition, record: ResourceRecord, i18n: Formatter): string {
  const parts = (definition.titleFields ?? [])
    .map((name) => formatValue(definition.fields.find((candidate) => candidate.name === name) ?? null, record[name], i18n, record))
    .filter((part) => part !== '');
  return parts.length > 0 ? parts.join(' · ') : recordLabel(definition, record, i18n);
}
