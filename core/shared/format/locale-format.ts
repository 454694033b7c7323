import type { Language } from '../runtime-config';

/*
 * Dates, numbers, money, percents and months in the reader's language, for the browser and the
 * server alike (lists, forms, charts, exports, server-written texts). English keeps the spec's
 * en-US forms (mm/dd/yy, Sunday first); Russian gets ru-RU's own (dd.mm.yyyy, Monday first, a
 * no-break space between digit groups and a decimal comma). Parsing accepts what the same language
 * shows, so a Russian user may type back "1 234,56" or "29.11.2026".
 */

export const FORMAT_LOCALES: Readonly<Record<Language, string>> = { en: 'en-US', ru: 'ru-RU' };

/** How lists show an amount: every digit the server sent, or the currency's own digits (USD 2, JPY 0). */
export type MoneyPrecision = 'exact' | 'currency';

export interface NumberDigits {
  readonly minimumFractionDigits?: number;
  readonly maximumFractionDigits?: number;
}

export interface LocaleFormatOptions {
  /** The IANA zone instants are shown in; the host's own zone when left out. */
  readonly timeZone?: string;
}

export interface LocaleFormat {
  readonly language: Language;
  readonly locale: string;
  /** 0 for Sunday (English), 1 for Monday (Russian). */
  readonly firstDayOfWeek: 0 | 1;
  readonly decimalSeparator: string;
  /** Between a CSV file's fields, as the language's spreadsheets read them: ',' or ';'. */
  readonly listSeparator: string;
  /** How a date field asks to be typed: "mm/dd/yy", "дд.мм.гггг". */
  readonly datePattern: string;
  /** How a time field asks to be typed: "h:mm AM", "чч:мм". */
  readonly timePattern: string;
  /** Short weekday names from the first day of the week, for a calendar's header: "Sun" … "Sat", "пн" … "вс". */
  readonly weekdays: readonly string[];
  /** Short month names from January, as a month picker shows them alone: "Jan", "янв.". */
  readonly months: readonly string[];
  /** A calendar day (`YYYY-MM-DD`, read as that day wherever the reader is) or a Date in the zone. */
  date(day: string | Date): string;
  /** An instant (ISO text, epoch milliseconds or a Date) in the zone. */
  dateTime(instant: string | number | Date): string;
  /** A number; a decimal string keeps every digit it has unless `digits` says otherwise. */
  number(value: number | string, digits?: NumberDigits): string;
  /** `digits` in place of a precision fixes the places, as every cell of one currency reads alike. */
  money(amount: number | string, currency: string, precision?: MoneyPrecision | NumberDigits): string;
  /** A value in percent units: 1769.66 reads "1,769.66%"; `digits` fixes the places, as a column of percents reads. */
  percent(value: number | string, digits?: NumberDigits): string;
  /** A month (`YYYY-MM`, or the month of a Date in the zone): "November 2026", "ноябрь 2026 г.". */
  month(month: string | Date): string;
  /** A short axis label ("8.9K", "8,9 тыс."), with the currency when one is given. */
  compact(value: number, currency?: string): string;
  /** What the reader typed as a canonical decimal string ("1 234,56" → "1234.56"), or null. */
  parseNumber(text: string): string | null;
  /** What the reader typed as `YYYY-MM-DD` ("29.11.2026" in Russian, "11/29/26" in English), or null. */
  parseDate(text: string): string | null;
  /** A time of day (`HH:mm`) as the language writes it: "3:44 PM", "15:44". */
  time(time: string): string;
  /** What the reader typed as `HH:mm` ("3:44 PM" or "15:44" in English, "15:44" in Russian), or null. */
  parseTime(text: string): string | null;
}

interface LanguageForms {
  readonly date: Intl.DateTimeFormatOptions;
  readonly time: Intl.DateTimeFormatOptions;
  readonly firstDayOfWeek: 0 | 1;
  readonly decimalSeparator: string;
  readonly listSeparator: string;
  readonly datePattern: string;
  readonly timePattern: string;
  /** Whether a typed time may say AM or PM. */
  readonly twelveHour: boolean;
  /** Day, month and year positions of a typed date, and the separator between them. */
  readonly typedDate: RegExp;
  readonly typedOrder: readonly ['day' | 'month' | 'year', 'day' | 'month' | 'year', 'day' | 'month' | 'year'];
  readonly typedNumber: RegExp;
  readonly groupSeparator: RegExp;
}

const FORMS: Readonly<Record<Language, LanguageForms>> = {
  en: {
    date: { month: '2-digit', day: '2-digit', year: '2-digit' },
    time: { hour: 'numeric', minute: '2-digit' },
    firstDayOfWeek: 0,
    decimalSeparator: '.',
    listSeparator: ',',
    datePattern: 'mm/dd/yy',
    timePattern: 'h:mm AM',
    twelveHour: true,
    typedDate: /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/,
    typedOrder: ['month', 'day', 'year'],
    typedNumber: /^[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$/,
    groupSeparator: /,/g,
  },
  ru: {
    date: { day: '2-digit', month: '2-digit', year: 'numeric' },
    time: { hour: '2-digit', minute: '2-digit' },
    firstDayOfWeek: 1,
    decimalSeparator: ',',
    listSeparator: ';',
    datePattern: 'дд.мм.гггг',
    timePattern: 'чч:мм',
    twelveHour: false,
    typedDate: /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/,
    typedOrder: ['day', 'month', 'year'],
    // Groups split by a space (plain, no-break or narrow no-break), a decimal comma; a point is taken too.
    typedNumber: /^[-+]?(?:\d{1,3}(?:[ \u00a0\u202f]\d{3})+|\d+)(?:[,.]\d+)?$/,
    groupSeparator: /[ \u00a0\u202f]/g,
  },
};

/** ISO 4217's "no currency" shown as a code: where a language writes a currency code, for codes Intl refuses. */
const CODE_PLACEHOLDER: Intl.NumberFormatOptions = { style: 'currency', currency: 'XXX', currencyDisplay: 'code' };
const LONG_MONTH: Intl.DateTimeFormatOptions = { month: 'long', year: 'numeric' };
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const HOUR_MINUTE = /^([01]\d|2[0-3]):([0-5]\d)$/;
/** "15:44", "3:44 PM", "3.44pm", "3:44 p.m.": any space (Intl writes a narrow no-break one before PM). */
const TYPED_TIME = /^(\d{1,2})[:.](\d{2})(?:[ \u00a0\u202f]*([AaPp]\.?[Mm]\.?))?$/;
const ISO_MONTH = /^(\d{4})-(\d{2})$/;
const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;
const MINUS_SIGNS = /[\u2212\u2012\u2013]/g;

/** "1769.66" moved two places left, as text, so no float rounds it: "17.6966". */
function hundredth(value: string): string {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? value.slice(1) : value).split('.');
  const padded = whole.padStart(3, '0');
  const digits = `${padded.slice(0, -2).replace(/^0+(?=\d)/, '')}.${padded.slice(-2)}${fraction}`.replace(/\.?0+$/, '');
  return `${negative ? '-' : ''}${digits || '0'}`;
}

/** A calendar day as a valid `YYYY-MM-DD`, or null (February 30 is refused). */
function isoDay(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

class IntlLocaleFormat implements LocaleFormat {
  readonly locale: string;
  readonly firstDayOfWeek: 0 | 1;
  readonly decimalSeparator: string;
  readonly listSeparator: string;
  readonly datePattern: string;
  readonly timePattern: string;
  private readonly forms: LanguageForms;
  /*
   * Intl formatters cost far more to make than to use (a list formats nearly every cell), and a
   * cold start pays most for the first of a kind (making this class's five date formatters at once
   * took 20 ms of the way to a list's first rows, profiled): each is made on first use and kept.
   */
  private readonly dateFormats = new Map<string, Intl.DateTimeFormat>();
  private weekdayNames: readonly string[] | null = null;
  private monthNames: readonly string[] | null = null;
  private readonly numberFormats = new Map<string, Intl.NumberFormat>();
  private readonly moneyFormats = new Map<string, Intl.NumberFormat | null>();

  constructor(
    readonly language: Language,
    private readonly timeZone: string | undefined,
  ) {
    this.forms = FORMS[language];
    this.locale = FORMAT_LOCALES[language];
    this.firstDayOfWeek = this.forms.firstDayOfWeek;
    this.decimalSeparator = this.forms.decimalSeparator;
    this.listSeparator = this.forms.listSeparator;
    this.datePattern = this.forms.datePattern;
    this.timePattern = this.forms.timePattern;
  }

  get weekdays(): readonly string[] {
    if (this.weekdayNames) return this.weekdayNames;
    const weekday = this.dateFormat('weekday', { weekday: 'short' }, 'UTC');
    // November 1, 2026 is a Sunday: day 0 of the week.
    return (this.weekdayNames = Array.from({ length: 7 }, (_, index) =>
      weekday.format(Date.UTC(2026, 10, 1 + this.firstDayOfWeek + index)),
    ));
  }

  get months(): readonly string[] {
    if (this.monthNames) return this.monthNames;
    const month = this.dateFormat('short-month', { month: 'short' }, 'UTC');
    return (this.monthNames = Array.from({ length: 12 }, (_, index) => month.format(Date.UTC(2026, index, 1))));
  }

  date(day: string | Date): string {
    if (day instanceof Date) return this.dateFormat('zoned-day', this.forms.date, this.timeZone).format(day);
    const match = ISO_DAY.exec(day);
    return match
      ? this.dateFormat('day', this.forms.date, 'UTC').format(
          Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])),
        )
      : day;
  }

  dateTime(instant: string | number | Date): string {
    const time =
      typeof instant === 'string' ? Date.parse(instant) : instant instanceof Date ? instant.getTime() : instant;
    return Number.isNaN(time)
      ? String(instant)
      : this.dateFormat('instant', { ...this.forms.date, ...this.forms.time }, this.timeZone).format(time);
  }

  number(value: number | string, digits?: NumberDigits): string {
    if (typeof value === 'string' && !DECIMAL_TEXT.test(value)) return value;
    const options: Intl.NumberFormatOptions =
      digits ?? (typeof value === 'string' ? { maximumFractionDigits: 20 } : {});
    return this.numberFormat(options).format(value as number | Intl.StringNumericLiteral);
  }

  money(amount: number | string, currency: string, precision: MoneyPrecision | NumberDigits = 'exact'): string {
    // Intl reads any other text as NaN rather than refusing it: such an amount is shown as it came.
    if (typeof amount === 'string' && !DECIMAL_TEXT.test(amount)) return `${amount} ${currency}`;
    const value = amount as number | Intl.StringNumericLiteral;
    const formatter = this.moneyFormat(currency, precision);
    if (formatter) return formatter.format(value);
    // A code Intl refuses (USDT) reads as the codes it takes do (BTC): grouped, at least two decimals,
    // the code where the language puts one ("USDT 7,504.70", "7 504,70 USDT").
    const digits =
      typeof precision === 'object'
        ? precision
        : { minimumFractionDigits: 2, maximumFractionDigits: precision === 'exact' ? 20 : 2 };
    return this.withCode(this.numberFormat({ ...digits, ...CODE_PLACEHOLDER }).formatToParts(value), currency);
  }

  percent(value: number | string, digits?: NumberDigits): string {
    const text = typeof value === 'number' ? String(value) : value;
    if (!DECIMAL_TEXT.test(text)) return text;
    return this.numberFormat({ style: 'percent', maximumFractionDigits: 20, ...digits }).format(
      hundredth(text) as Intl.StringNumericLiteral,
    );
  }

  month(month: string | Date): string {
    if (month instanceof Date) return this.dateFormat('zoned-month', LONG_MONTH, this.timeZone).format(month);
    const match = ISO_MONTH.exec(month) ?? ISO_DAY.exec(month);
    return match
      ? this.dateFormat('month', LONG_MONTH, 'UTC').format(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1))
      : month;
  }

  compact(value: number, currency?: string): string {
    // No fraction forced: a currency would ask for its two, and an axis would read "$0.0", "$500.0".
    const compact: Intl.NumberFormatOptions = {
      notation: 'compact',
      minimumFractionDigits: 0,
      maximumFractionDigits: 1,
    };
    if (currency === undefined) return this.numberFormat(compact).format(value);
    try {
      return this.numberFormat({ ...compact, style: 'currency', currency }).format(value);
    } catch {
      return this.withCode(this.numberFormat({ ...compact, ...CODE_PLACEHOLDER }).formatToParts(value), currency);
    }
  }

  /** An amount formatted for the placeholder code, with `currency` in the placeholder's place. */
  private withCode(parts: Intl.NumberFormatPart[], currency: string): string {
    return parts.map((part) => (part.type === 'currency' ? currency : part.value)).join('');
  }

  parseNumber(text: string): string | null {
    const typed = text.trim().replace(MINUS_SIGNS, '-');
    if (!this.forms.typedNumber.test(typed)) return null;
    const canonical = typed.replace(this.forms.groupSeparator, '').replace(',', '.').replace(/^\+/, '');
    const negative = canonical.startsWith('-');
    const [whole = '', fraction] = (negative ? canonical.slice(1) : canonical).split('.');
    const digits = `${whole.replace(/^0+(?=\d)/, '')}${fraction === undefined ? '' : `.${fraction}`}`;
    return negative && /[1-9]/.test(digits) ? `-${digits}` : digits;
  }

  parseDate(text: string): string | null {
    const typed = text.trim();
    const iso = ISO_DAY.exec(typed);
    if (iso) return isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
    const match = this.forms.typedDate.exec(typed);
    if (!match) return null;
    const parts = { day: 0, month: 0, year: 0 };
    this.forms.typedOrder.forEach((part, index) => {
      parts[part] = Number(match[index + 1]);
    });
    // Two-digit years are this century's, as mm/dd/yy is written.
    const year = match[this.forms.typedOrder.indexOf('year') + 1]?.length === 2 ? 2000 + parts.year : parts.year;
    return isoDay(year, parts.month, parts.day);
  }

  time(time: string): string {
    const match = HOUR_MINUTE.exec(time);
    if (!match) return time;
    return this.dateFormat('time', this.forms.time, 'UTC').format(
      Date.UTC(1970, 0, 1, Number(match[1]), Number(match[2])),
    );
  }

  parseTime(text: string): string | null {
    const match = TYPED_TIME.exec(text.trim());
    if (!match) return null;
    const [hour, minute, half] = [Number(match[1]), Number(match[2]), match[3]?.toLowerCase()];
    if (minute > 59) return null;
    if (half !== undefined && (!this.forms.twelveHour || hour < 1 || hour > 12)) return null;
    const hours = half === undefined ? hour : (hour % 12) + (half.startsWith('p') ? 12 : 0);
    return hours > 23 ? null : `${String(hours).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
  }

  /** By name: a calendar day is read in UTC (it has no zone), an instant or a Date in the reader's zone. */
  private dateFormat(
    name: string,
    options: Intl.DateTimeFormatOptions,
    timeZone: string | undefined,
  ): Intl.DateTimeFormat {
    let formatter = this.dateFormats.get(name);
    if (!formatter) {
      formatter = new Intl.DateTimeFormat(this.locale, { ...options, timeZone });
      this.dateFormats.set(name, formatter);
    }
    return formatter;
  }

  private numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
    const key = JSON.stringify(options);
    let formatter = this.numberFormats.get(key);
    if (!formatter) {
      formatter = new Intl.NumberFormat(this.locale, options);
      this.numberFormats.set(key, formatter);
    }
    return formatter;
  }

  /** By precision and code; null for a code Intl refuses (four-letter tokens such as USDT), so it is not tried again. */
  private moneyFormat(currency: string, precision: MoneyPrecision | NumberDigits): Intl.NumberFormat | null {
    const key = `${JSON.stringify(precision)}:${currency}`;
    let formatter = this.moneyFormats.get(key);
    if (formatter === undefined) {
      try {
        // Without fraction options Intl uses the currency's own digits (ISO 4217).
        const digits =
          precision === 'exact' ? { maximumFractionDigits: 20 } : precision === 'currency' ? {} : precision;
        formatter = new Intl.NumberFormat(this.locale, { style: 'currency', currency, ...digits });
      } catch {
        formatter = null;
      }
      this.moneyFormats.set(key, formatter);
    }
    return formatter;
  }
}

const formats = new Map<string, LocaleFormat>();

/** Whether Intl knows the IANA zone (what a caller sends is checked with this before it is used). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The forms of one language (and zone), made once and kept; an unknown zone is a RangeError. */
export function localeFormat(language: Language, options: LocaleFormatOptions = {}): LocaleFormat {
  const key = `${language}|${options.timeZone ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new IntlLocaleFormat(language, options.timeZone);
    formats.set(key, format);
  }
  return format;
}
