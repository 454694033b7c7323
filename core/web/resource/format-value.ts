import type { ResourceDefinition, ResourceRecord } from '@core/shared/resource/definition';
import {
  SECRET_MASK,
  type EnumField,
  type FieldDefinition,
  type Money,
  type ReferenceField,
} from '@core/shared/resource/field';
import type { LocaleFormat, MoneyPrecision } from '@core/shared/format/locale-format';
import { interfaceFormat, type I18nService } from '../services/i18n-service';

/**
 * What values are shown with: the translations and the interface language's forms (an
 * I18nService). The forms come from the shared module, which makes each formatter once per
 * language, so a list formats hundreds of cells without making one.
 */
export type Formatter = Pick<I18nService, 't' | 'format'>;

/**
 * A calendar day (`YYYY-MM-DD`) in the language's form, read as that day wherever the reader is.
 * Without a format (the 1.x form), in the interface language's.
 */
export function formatDay(day: string, format: LocaleFormat = interfaceFormat()): string {
  return format.date(day);
}

/** An instant in the language's form, in the browser's time zone (without a format, the interface language's). */
export function formatInstant(value: string, format: LocaleFormat = interfaceFormat()): string {
  return format.dateTime(value);
}

export function isMoney(value: unknown): value is Money {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Money).amount === 'string' &&
    typeof (value as Money).currency === 'string'
  );
}

/**
 * An amount with its currency, no digit passing through a float. `exact` (the default: dialogs,
 * history, chips) keeps every digit; `currency` rounds to the currency's digits, as list cells show
 * it beside the exact amount in their tooltip.
 */
export function formatMoney(
  money: Money,
  format?: LocaleFormat | MoneyPrecision,
  precision: MoneyPrecision = 'exact',
): string {
  // The 1.x form, formatMoney(money, precision?), reads in the interface language.
  if (format === undefined || typeof format === 'string')
    return interfaceFormat().money(money.amount, money.currency, format ?? precision);
  return format.money(money.amount, money.currency, precision);
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

/** An empty reference's text from before it was a reference (its `legacyField`), marked as not in the list; '' when none. */
function legacyText(field: ReferenceField, record: ResourceRecord, i18n: Formatter): string {
  const text = field.legacyField === undefined ? null : record[field.legacyField];
  return typeof text === 'string' && text !== '' ? i18n.t('core:resource.value.notInList', { value: text }) : '';
}

/**
 * A value as plain text, for cells, chips, confirmations and the history drawer. Booleans read
 * as Yes/No here; the table draws them as icons (with this text for screen readers). An empty
 * reference of a record reads as the text it kept from before (its `legacyField`).
 */
export function formatValue(
  field: FieldDefinition | null,
  value: unknown,
  i18n: Formatter,
  record?: ResourceRecord,
): string {
  if (value === null || value === undefined || value === '')
    return field?.kind === 'reference' && record ? legacyText(field, record, i18n) : '';
  if (field === null) {
    // Meta columns: the id, or a timestamp.
    return typeof value === 'string' ? i18n.format.dateTime(value) : String(value);
  }
  switch (field.kind) {
    case 'boolean':
      return i18n.t(value === true ? 'core:resource.value.yes' : 'core:resource.value.no');
    case 'date':
      return typeof value === 'string' ? i18n.format.date(value) : String(value);
    case 'datetime':
      return typeof value === 'string' ? i18n.format.dateTime(value) : String(value);
    case 'money':
      return isMoney(value) ? formatMoney(value, i18n.format) : String(value);
    case 'percent':
      return typeof value === 'string' ? i18n.format.percent(value) : String(value);
    case 'decimal':
      return typeof value === 'string' ? i18n.format.number(value) : String(value);
    case 'number':
      // An identifier is a code: "1420", never the amount "1,420".
      return typeof value === 'number' && field.format !== 'identifier' ? i18n.format.number(value) : String(value);
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
  if (field?.kind === 'money' && isMoney(value)) return formatMoney(value, i18n.format, 'currency');
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
    .map((name) =>
      formatValue(definition.fields.find((candidate) => candidate.name === name) ?? null, record[name], i18n, record),
    )
    .filter((part) => part !== '');
  return parts.length > 0 ? parts.join(' · ') : recordLabel(definition, record, i18n);
}
