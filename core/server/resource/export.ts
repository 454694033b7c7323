import type { ResourceDefinition, ResourceRecord } from '@core/shared/resource/definition';
import { fieldNamed } from '@core/shared/resource/definition';
import {
  isIdentifier,
  isListedByDefault,
  isReadable,
  type EnumField,
  type FieldDefinition,
  type Money,
} from '@core/shared/resource/field';
import type { Queryable } from '../database/database';
import { quoteTable, SqlParams, whereClause } from '../database/sql';
import { PeopleCsv, type PeopleCsvReader } from '../csv/people-csv';
import { currencyColumn } from './columns';
import { csvCell, csvLine } from './csv';
import { listConditions } from './filters';
import type { ResourceListQuery } from './list-params';
import { keysetCondition, keysetPhases, orderBy, sortKey, type KeysetPosition } from './ordering';
import { recordJson } from './record-sql';

/*
 * The export: every row the list's filters match, in the list's order, as CSV. Rows are read in
 * keyset batches, each its own short statement, so memory stays flat however long the table is
 * and PGlite's one connection is free between batches for other requests.
 *
 * Two files come from the same rows. The default is for people: the columns they see, titled in
 * their language, values as the screen shows them (labels, "Yes", dates in their zone), numbers
 * with every stored digit as their spreadsheet reads them (Russian: `;` between fields and a
 * decimal comma, no digit groups). The exact export is for machines: every column under its field
 * name, ids, ISO 8601 times in UTC, `.` decimals, text as stored.
 */

export const EXPORT_BATCH = 500;
const ALIAS = 'r';

/** The columns every record has besides its fields. */
export const META_COLUMNS = ['id', 'created_at', 'updated_at'] as const;
type MetaColumn = (typeof META_COLUMNS)[number];

/** Who the people's file is for: their language, the zone their times are in, the app's strings. */
export type ExportReader = PeopleCsvReader;

interface Column {
  readonly header: string;
  readonly cell: (record: ResourceRecord) => string;
}

/** A CSV file's columns and the separator between them. */
export interface ExportLayout {
  readonly separator: string;
  readonly columns: readonly Column[];
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

// ---- exact: for machines ---------------------------------------------------------------------

function exactFieldColumns(field: FieldDefinition): Column[] {
  const value = (record: ResourceRecord) => record[field.name];
  switch (field.kind) {
    case 'money':
      return [
        { header: field.name, cell: (record) => csvCell(text((value(record) as Money | null)?.amount)) },
        { header: currencyColumn(field), cell: (record) => csvCell(text((value(record) as Money | null)?.currency)) },
      ];
    case 'reference':
      return [
        {
          header: field.name,
          cell: (record) =>
            csvCell(Array.isArray(value(record)) ? (value(record) as number[]).join(',') : text(value(record))),
        },
      ];
    case 'keyValue':
      return [{ header: field.name, cell: (record) => csvCell(value(record) ? JSON.stringify(value(record)) : '') }];
    default:
      return [{ header: field.name, cell: (record) => csvCell(text(value(record))) }];
  }
}

/**
 * id, every readable field (money as amount and currency), when it was made and changed, and when
 * it was deleted or blocked where the resource does either: as stored.
 */
export function exactLayout(definition: ResourceDefinition): ExportLayout {
  const meta = (name: string): Column => ({ header: name, cell: (record) => csvCell(text(record[name])) });
  const lifecycle = [...(definition.softDelete ? ['deleted_at'] : []), ...(definition.blockable ? ['blocked_at'] : [])];
  return {
    separator: ',',
    columns: [
      meta('id'),
      ...definition.fields.filter(isReadable).flatMap(exactFieldColumns),
      meta('created_at'),
      meta('updated_at'),
      ...lifecycle.map(meta),
    ],
  };
}

// ---- for people ------------------------------------------------------------------------------

/** The columns a list shows before its user arranges them: the fields listed by default, then when each record was made. */
export function defaultExportColumns(definition: ResourceDefinition): string[] {
  return [
    ...definition.fields.filter((field) => isReadable(field) && isListedByDefault(field)).map((field) => field.name),
    'created_at',
  ];
}

/** Whether `name` is a column an export can have: a meta column or a readable field. */
export function isExportColumn(definition: ResourceDefinition, name: string): boolean {
  if ((META_COLUMNS as readonly string[]).includes(name)) return true;
  const field = fieldNamed(definition, name);
  return field !== undefined && isReadable(field);
}

const MINUTES_KEPT = 1_000;

/** The columns' cells for one reader: PeopleCsv's cells, and what a resource's fields add to them. */
class PeopleCells {
  private readonly csv: PeopleCsv;
  private readonly minutes = new Map<string, string>();
  readonly separator: string;

  constructor(private readonly reader: ExportReader) {
    this.csv = new PeopleCsv(reader);
    this.separator = this.csv.separator;
  }

  say(key: string, params: Readonly<Record<string, string>> = {}): string | null {
    return this.reader.translations.text(key, this.reader.language, params);
  }

  titleOf(labelKey: string, fallback: string): string {
    return this.say(labelKey) ?? fallback;
  }

  timeTitle(title: string): string {
    return this.csv.timeTitle(title);
  }

  currencyTitle(title: string): string {
    return this.csv.currencyTitle(title);
  }

  typed(value: string): string {
    return this.csv.text(value);
  }

  plain(value: string): string {
    return csvCell(value, this.separator);
  }

  decimal(value: unknown): string {
    return this.csv.number(text(value));
  }

  yesNo(value: unknown): string {
    if (typeof value !== 'boolean') return '';
    return this.plain(this.say(`core:resource.value.${value ? 'yes' : 'no'}`) ?? String(value));
  }

  day(value: unknown): string {
    return typeof value === 'string' ? this.csv.day(value) : '';
  }

  instant(value: unknown): string {
    if (typeof value !== 'string') return '';
    // Formatting an instant costs about 15 µs, much of an export row's time; shown to the minute, rows
    // written in the same minute (a batch, an import) share the text. A record's instants are UTC ISO
    // text (record-sql), so the first 16 characters are the minute, and every IANA zone's offset is
    // whole minutes. Cleared when full, so memory stays flat.
    const minute = value.slice(0, 16);
    let shown = this.minutes.get(minute);
    if (shown === undefined) {
      if (this.minutes.size >= MINUTES_KEPT) this.minutes.clear();
      shown = this.csv.instant(value);
      this.minutes.set(minute, shown);
    }
    return shown;
  }

  enumLabel(field: EnumField, value: unknown): string {
    if (typeof value !== 'string') return '';
    return this.typed(this.say(`${field.valueLabelPrefix ?? `${field.labelKey}Values`}.${value}`) ?? value);
  }
}

function peopleFieldColumns(field: FieldDefinition, cells: PeopleCells): Column[] {
  const title = cells.titleOf(field.labelKey, field.name);
  const value = (record: ResourceRecord) => record[field.name];
  const column = (cell: (value: unknown, record: ResourceRecord) => string): Column[] => [
    { header: title, cell: (record) => cell(value(record), record) },
  ];
  switch (field.kind) {
    case 'money':
      return [
        { header: title, cell: (record) => cells.decimal((value(record) as Money | null)?.amount) },
        {
          header: cells.currencyTitle(title),
          cell: (record) => cells.plain(text((value(record) as Money | null)?.currency)),
        },
      ];
    case 'number':
      return column((v) => (isIdentifier(field, field.name) ? cells.plain(text(v)) : cells.decimal(v)));
    case 'decimal':
    case 'percent':
      return column((v) => cells.decimal(v));
    case 'boolean':
      return column((v) => cells.yesNo(v));
    case 'date':
      return column((v) => cells.day(v));
    case 'datetime':
      return [{ header: cells.timeTitle(title), cell: (record) => cells.instant(value(record)) }];
    case 'enum':
      return column((v) => cells.enumLabel(field, v));
    case 'reference':
      // The referenced record's label, in the reader's language; its id when it has none.
      return column((ids, record) => {
        const label = record._labels?.[field.name];
        if (Array.isArray(label)) return cells.typed(label.join(', '));
        if (typeof label === 'string') return cells.typed(label);
        return cells.plain(Array.isArray(ids) ? ids.join(', ') : text(ids));
      });
    case 'keyValue':
      return column((v) => cells.typed(v ? JSON.stringify(v) : ''));
    default:
      return column((v) => cells.typed(text(v)));
  }
}

function peopleMetaColumn(name: MetaColumn, cells: PeopleCells): Column {
  const title = cells.titleOf(`core:resource.meta.${name}`, name);
  if (name === 'id') return { header: title, cell: (record) => cells.plain(text(record.id)) };
  return { header: cells.timeTitle(title), cell: (record) => cells.instant(record[name]) };
}

/** `names` (checked with isExportColumn) in their order, titled and written for `reader`. */
export function peopleLayout(
  definition: ResourceDefinition,
  names: readonly string[],
  reader: ExportReader,
): ExportLayout {
  const cells = new PeopleCells(reader);
  const columns = names.flatMap((name): Column[] => {
    const field = fieldNamed(definition, name);
    if (field) return isReadable(field) ? peopleFieldColumns(field, cells) : [];
    return (META_COLUMNS as readonly string[]).includes(name) ? [peopleMetaColumn(name as MetaColumn, cells)] : [];
  });
  return { separator: cells.separator, columns };
}

// ---- reading and writing ---------------------------------------------------------------------

export async function countMatching(
  db: Queryable,
  definition: ResourceDefinition,
  query: ResourceListQuery,
): Promise<number> {
  const params = new SqlParams();
  const where = whereClause(listConditions(definition, query, params, ALIAS));
  const { rows } = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM ${quoteTable(definition.table)} ${ALIAS} ${where}`,
    params.values,
  );
  return rows[0]?.total ?? 0;
}

interface BatchRow {
  readonly record: ResourceRecord;
  readonly sort_key: string | null;
  readonly row_id: string;
}

/** Batches of records matching `query`, in its order, each read by its own statement; labels in the query's language. */
export async function* matchingRecords(
  db: Queryable,
  definition: ResourceDefinition,
  query: ResourceListQuery,
  batch = EXPORT_BATCH,
): AsyncGenerator<ResourceRecord[]> {
  const key = sortKey(definition, query.sort, ALIAS);
  for (const phase of keysetPhases(key)) {
    let position: KeysetPosition | null = null;
    for (;;) {
      const params = new SqlParams();
      const conditions: string[] = [
        ...listConditions(definition, query, params, ALIAS),
        keysetCondition(key, ALIAS, phase, position, params),
      ];
      const { rows } = await db.query<BatchRow>(
        `SELECT ${recordJson(definition, ALIAS, query.language)} AS record, (${key.expression})::text AS sort_key, ${ALIAS}.id::text AS row_id
           FROM ${quoteTable(definition.table)} ${ALIAS} ${whereClause(conditions)} ${orderBy(key, ALIAS)} LIMIT ${params.bind(batch)}`,
        params.values,
      );
      if (rows.length > 0) yield rows.map((row) => row.record);
      const last: BatchRow | undefined = rows.at(-1);
      if (!last || rows.length < batch) break;
      position = { key: last.sort_key, id: last.row_id };
    }
  }
}

/** The CSV text, a header line and then one line per record, produced batch by batch. */
export async function* csvExport(
  db: Queryable,
  definition: ResourceDefinition,
  query: ResourceListQuery,
  layout: ExportLayout,
): AsyncGenerator<string> {
  const { columns, separator } = layout;
  // A byte-order mark, so spreadsheet programs read the file as UTF-8.
  yield `\uFEFF${csvLine(
    columns.map((column) => csvCell(column.header, separator)),
    separator,
  )}`;
  for await (const records of matchingRecords(db, definition, query)) {
    yield records
      .map((record) =>
        csvLine(
          columns.map((column) => column.cell(record)),
          separator,
        ),
      )
      .join('');
  }
}
