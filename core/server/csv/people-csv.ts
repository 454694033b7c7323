import type { FastifyRequest } from 'fastify';
import { localeFormat, type LocaleFormat } from '@core/shared/format/locale-format';
import type { Language } from '@core/shared/runtime-config';
import { timeZoneOf } from '../http/time-zone';
import type { ServerTranslations } from '../i18n/translations';
import { languageOf } from '../resource/route-kit';
import { csvCell, csvLine, csvText } from '../resource/csv';

/** Who a file for people is for: their language, the zone their times are in, the app's strings. */
export interface PeopleCsvReader {
  readonly language: Language;
  readonly timeZone: string;
  readonly translations: ServerTranslations;
}

/** The reader of a download: `Accept-Language`, `X-Time-Zone` (a 422 for a zone not known, UTC when none). */
export function peopleCsvReader(request: FastifyRequest, translations: ServerTranslations): PeopleCsvReader {
  return { language: languageOf(request), timeZone: timeZoneOf(request), translations };
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/**
 * A CSV file for people (a report a screen downloads), written as the resource lists' people's
 * export writes: titles in the reader's language, `;` between fields and a decimal comma for
 * Russian, numbers with every stored digit and no digit groups (a spreadsheet reads them as
 * numbers), days and months in the reader's form, instants in their zone (named in the column's
 * title), typed text defused so a spreadsheet never runs it. Each method gives one encoded cell;
 * `header` and `line` join them, the header behind a byte-order mark so the file reads as UTF-8.
 */
export class PeopleCsv {
  readonly format: LocaleFormat;
  readonly separator: string;

  constructor(private readonly reader: PeopleCsvReader) {
    this.format = localeFormat(reader.language, { timeZone: reader.timeZone });
    this.separator = this.format.listSeparator;
  }

  get language(): Language {
    return this.reader.language;
  }

  /** An i18n key (`social:report.total`) in the reader's language; the key itself when no namespace knows it. */
  say(key: string, params: Readonly<Record<string, string>> = {}): string {
    return this.reader.translations.text(key, this.reader.language, params) ?? key;
  }

  /** A title of a column of times: the zone they are in follows it. */
  timeTitle(title: string): string {
    return this.say('core:resource.export.inZone', { column: title, zone: this.reader.timeZone });
  }

  /** The title of the column beside an amount that names its currency. */
  currencyTitle(title: string): string {
    return this.say('core:resource.export.currency', { column: title });
  }

  /** The first line: a byte-order mark and the titles. */
  header(titles: readonly string[]): string {
    return `\uFEFF${this.line(titles.map((title) => csvCell(title, this.separator)))}`;
  }

  /** One line of cells these methods wrote. */
  line(cells: readonly string[]): string {
    return csvLine(cells, this.separator);
  }

  /** Text someone typed or a label: defused if it looks like a formula, quoted when it must be. */
  text(value: string | null | undefined): string {
    return csvText(text(value), this.separator);
  }

  /** An integer or a decimal string, every digit kept, the reader's decimal separator; null is an empty cell. */
  number(value: string | number | null | undefined): string {
    return csvCell(text(value).replace('.', this.format.decimalSeparator), this.separator);
  }

  /** A day (`YYYY-MM-DD`) in the reader's form. */
  day(value: string | null | undefined): string {
    return value ? csvCell(this.format.date(value), this.separator) : '';
  }

  /** A month (`YYYY-MM`) as the reader names it. */
  month(value: string | null | undefined): string {
    return value ? csvCell(this.format.month(value), this.separator) : '';
  }

  /** An instant in the reader's zone; title its column with `timeTitle`. */
  instant(value: string | null | undefined): string {
    return value ? csvCell(this.format.dateTime(value), this.separator) : '';
  }
}
