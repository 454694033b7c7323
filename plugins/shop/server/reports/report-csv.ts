import { formatMessage, type FieldErrors } from '@core/sdk/shared';
import {
  CsvSyntaxError,
  readCsv,
  validationError,
  type CsvLine,
  type Queryable,
  type UsersService,
} from '@core/sdk/server';
import { lineErrorKey, REPORT_COLUMNS, REPORT_REQUIRED_COLUMNS, REPORT_ROWS_MAX } from '../../shared/reports';
import { categoriesResource, productsResource, reportsResource, teamsResource } from '../../shared/resources';
import type { ReportEntry } from './report-load';
import {
  CELLS_COUNT,
  CSV_EMPTY,
  CSV_TOO_LONG,
  CSV_UNCLOSED,
  HEADER_MISSING,
  HEADER_REPEATED,
  HEADER_UNKNOWN,
  NO_CATEGORY,
  NO_PRODUCT,
  NO_TEAM,
  NO_USER,
  NOTHING_WRITTEN,
  ORDER_BY_NUMBER,
} from './report-messages';

/*
 * A CSV file of asset reports as entries for loadReports. The header names the columns by the
 * resource's field names (any order, any letter case; `report_date`, `ads_account_id`, `status`
 * and `spent_usd` required). A cell becomes the field's JSON value: `spent_usd` a USD amount
 * (`12.50`), a reference an id (`12`) or, for `product`, `category` and `team`, the record's
 * name, for `user` the user's e-mail; an `order` is named by its number only. A blank cell clears
 * the field on a row already held (a blank `data` keeps the stored data).
 */

const ID = /^[1-9]\d{0,15}$/;

/** Names and e-mails looked up once per file. */
class ReferenceNames {
  private readonly known = new Map<string, number | null>();

  constructor(
    private readonly db: Queryable,
    private readonly users: UsersService,
  ) {}

  private async cached(key: string, find: () => Promise<number | null>): Promise<number | null> {
    if (!this.known.has(key)) this.known.set(key, await find());
    return this.known.get(key) ?? null;
  }

  private async named(table: string, name: string): Promise<number | null> {
    return this.cached(`${table}:${name}`, async () => {
      const { rows } = await this.db.query<{ id: string }>(
        `SELECT id::text AS id FROM ${table} WHERE name = $1 AND deleted_at IS NULL ORDER BY id LIMIT 1`,
        [name],
      );
      return rows[0] ? Number(rows[0].id) : null;
    });
  }

  /** The id a reference cell stands for, or the problem to report. */
  async resolve(column: string, text: string): Promise<{ id: number } | { problem: string }> {
    if (ID.test(text)) return { id: Number(text) };
    const found = (id: number | null, problem: string) => (id === null ? { problem } : { id });
    switch (column) {
      case 'product':
        return found(await this.named(productsResource.table, text), formatMessage(NO_PRODUCT, { name: text }));
      case 'category':
        return found(await this.named(categoriesResource.table, text), formatMessage(NO_CATEGORY, { name: text }));
      case 'team':
        return found(await this.named(teamsResource.table, text), formatMessage(NO_TEAM, { name: text }));
      case 'user':
        return found(
          await this.cached(
            `user:${text.toLowerCase()}`,
            async () => (await this.users.findByEmail(this.db, text))?.id ?? null,
          ),
          formatMessage(NO_USER, { email: text }),
        );
      default:
        return { problem: ORDER_BY_NUMBER };
    }
  }
}

const REFERENCES = new Set(
  reportsResource.fields.filter((field) => field.kind === 'reference').map((field) => field.name),
);

/** The header's columns, or a 422 naming what is unknown, repeated or missing. */
function readHeader(header: CsvLine): string[] {
  const names = header.cells.map((cell) => cell.trim().toLowerCase());
  const errors: FieldErrors = {};
  const key = lineErrorKey({ source: 'line', at: header.line, column: null });
  const problem = (message: string) => (errors[key] = [...(errors[key] ?? []), message]);
  names.forEach((name, index) => {
    if (!REPORT_COLUMNS.includes(name))
      problem(formatMessage(HEADER_UNKNOWN, { column: header.cells[index]?.trim() ?? name }));
    else if (names.indexOf(name) !== index) problem(formatMessage(HEADER_REPEATED, { column: name }));
  });
  for (const column of REPORT_REQUIRED_COLUMNS)
    if (!names.includes(column)) problem(formatMessage(HEADER_MISSING, { column }));
  if (Object.keys(errors).length > 0) throw validationError(errors, NOTHING_WRITTEN);
  return names;
}

async function entryOf(columns: readonly string[], record: CsvLine, names: ReferenceNames): Promise<ReportEntry> {
  const place = { source: 'line', at: record.line } as const;
  if (record.cells.length !== columns.length) {
    return {
      place,
      body: {},
      problems: { _: [formatMessage(CELLS_COUNT, { found: record.cells.length, expected: columns.length })] },
    };
  }
  const body: Record<string, unknown> = {};
  const problems: FieldErrors = {};
  for (const [index, column] of columns.entries()) {
    const raw = record.cells[index] ?? '';
    // A secret is taken as typed; surrounding spaces of other cells are a spreadsheet's, not the value's.
    const text = column === 'data' ? raw : raw.trim();
    if (text === '') body[column] = null;
    else if (column === 'spent_usd') body[column] = { amount: text, currency: 'USD' };
    else if (REFERENCES.has(column)) {
      const resolved = await names.resolve(column, text);
      if ('id' in resolved) body[column] = resolved.id;
      else problems[column] = [resolved.problem];
    } else body[column] = text;
  }
  return Object.keys(problems).length > 0 ? { place, body, problems } : { place, body };
}

/** The file's lines as entries; a file that cannot be read at all (no lines, too many, a quote left open, a bad header) is a 422. */
export async function csvEntries(csv: string, db: Queryable, users: UsersService): Promise<ReportEntry[]> {
  let records: CsvLine[];
  try {
    records = readCsv(csv);
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      throw validationError({ csv: [formatMessage(CSV_UNCLOSED, { line: error.line })] });
    throw error;
  }
  const [header, ...lines] = records;
  if (!header || lines.length === 0) throw validationError({ csv: [CSV_EMPTY] });
  if (lines.length > REPORT_ROWS_MAX)
    throw validationError({ csv: [formatMessage(CSV_TOO_LONG, { lines: REPORT_ROWS_MAX })] });
  const columns = readHeader(header);
  const names = new ReferenceNames(db, users);
  const entries: ReportEntry[] = [];
  for (const record of lines) entries.push(await entryOf(columns, record, names));
  return entries;
}
