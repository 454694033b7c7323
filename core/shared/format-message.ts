import type { LocaleFormat } from './format/locale-format';

/**
 * A `{name}` placeholder in a message template, or `{name:kind}` for a value a reader sees in their
 * language's form: `{day:date}`, `{at:dateTime}`, `{month:month}`, `{count:number}`,
 * `{share:percent}`, `{total:money}`. The value itself always travels in its canonical form
 * (`2026-11-29`, an ISO instant, `2026-11`, `1234.5`, `12.5`, `12803.04 USD`), so a message written
 * as English text can still be read back and shown in any language.
 */
const PLACEHOLDER = /\{(\w+)(?::(\w+))?\}/g;

export type MessageValueKind = 'date' | 'dateTime' | 'month' | 'number' | 'percent' | 'money';

const KINDS: ReadonlySet<string> = new Set<MessageValueKind>([
  'date',
  'dateTime',
  'month',
  'number',
  'percent',
  'money',
]);

/** A message's values by placeholder name, each in its canonical form. */
export type MessageValues = Readonly<Record<string, string | number>>;

/** A money value's canonical form: the decimal amount, a space, the currency code. */
const MONEY = /^(-?\d+(?:\.\d+)?) ([A-Z][A-Z0-9]{2,9})$/;

/**
 * `template` with each `{name}` (or `{name:kind}`) replaced by `values[name]` as it is, in its
 * canonical form; a placeholder with no value stays as written, so a missing value shows in the
 * text rather than vanishing. The English template is also the key of its translation
 * (RussianMessages), which holds the same placeholders.
 */
export function formatMessage(template: string, values: MessageValues = {}): string {
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

/** The kind each typed placeholder of `template` names (`{day:date}` → day: date). */
export function placeholderKinds(template: string): ReadonlyMap<string, MessageValueKind> {
  const kinds = new Map<string, MessageValueKind>();
  for (const [, name, kind] of template.matchAll(PLACEHOLDER)) {
    if (name !== undefined && kind !== undefined && KINDS.has(kind)) kinds.set(name, kind as MessageValueKind);
  }
  return kinds;
}

function shown(value: string | number, kind: MessageValueKind | undefined, format: LocaleFormat): string {
  switch (kind) {
    case 'date':
      return format.date(String(value));
    case 'dateTime':
      return format.dateTime(value);
    case 'month':
      return format.month(String(value));
    case 'number':
      return format.number(value);
    case 'percent':
      return format.percent(value);
    case 'money': {
      const money = MONEY.exec(String(value));
      return money ? format.money(money[1] ?? '', money[2] ?? '') : String(value);
    }
    default:
      return String(value);
  }
}

/**
 * `template` for a reader: like formatMessage, but a value of a typed placeholder is shown in the
 * reader's forms (`format`). `kinds` are those of the message's key, so a translation may write a
 * plain `{day}` and still get the day in its language's form; a value not in its kind's canonical
 * form (a word standing for an open end) is shown as given.
 */
export function renderMessage(
  template: string,
  values: MessageValues,
  format: LocaleFormat,
  kinds: ReadonlyMap<string, MessageValueKind> = placeholderKinds(template),
): string {
  return template.replace(PLACEHOLDER, (whole, name: string, kind: string | undefined) => {
    if (!Object.hasOwn(values, name)) return whole;
    const value = values[name] ?? '';
    return shown(
      value,
      kinds.get(name) ?? (kind !== undefined && KINDS.has(kind) ? (kind as MessageValueKind) : undefined),
      format,
    );
  });
}
