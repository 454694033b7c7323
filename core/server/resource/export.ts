import type { ResourceDefinition, ResourceRecord } from '@core/shared/resource/definition';
import { isReadable, type FieldDefinition, type Money } from '@core/shared/resource/field';
import type { Queryable } from '../database/database';
import { quoteTable, SqlParams, whereClause } from '../database/sql';
import { currencyColumn } from './columns';
import { csvCell, csvLine, csvText } from './csv';
import { listConditions } from './filters';
import type { ResourceListQuery } from './list-params';
import { keysetCondition, keysetPhases, orderBy, sortKey, type KeysetPosition } from './ordering';
import { recordJson } from './record-sql';

/*
 * The export: every row the list's filters match, in the list's order, as CSV. Rows are read in
 * keyset batches, each its own short statement, so memory stays flat however long the table is
 * and PGlite's one connection is free between batches for other requests.
 */

export const EXPORT_BATCH = 500;
const ALIAS = 'r';

interface Column {
  readonly header: string;
  readonly cell: (record: ResourceRecord) => string;
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

function fieldColumns(field: FieldDefinition): Column[] {
  const value = (record: ResourceRecord) => record[field.name];
  switch (field.kind) {
    case 'money':
      return [
        { header: field.name, cell: (record) => csvCell(text((value(record) as Money | null)?.amount)) },
        { header: currencyColumn(field), cell: (record) => csvCell(text((value(record) as Money | null)?.currency)) },
      ];
    case 'number':
    case 'decimal':
    case 'percent':
    case 'boolean':
    case 'date':
    case 'datetime':
      return [{ header: field.name, cell: (record) => csvCell(text(value(record))) }];
    case 'reference':
      // People read exports: the referenced record's label, its id when it has none.
      return [
        {
          header: field.name,
          cell: (record) => {
            const label = record._labels?.[field.name];
            const ids = value(record);
            if (Array.isArray(label)) return csvText(label.join(', '));
            if (typeof label === 'string') return csvText(label);
            return csvCell(Array.isArray(ids) ? ids.join(', ') : text(ids));
          },
        },
      ];
    case 'keyValue':
      return [{ header: field.name, cell: (record) => csvText(value(record) ? JSON.stringify(value(record)) : '') }];
    default:
      return [{ header: field.name, cell: (record) => csvText(text(value(record))) }];
  }
}

/** id, every readable field (money as amount and currency), then when it was made and changed. */
export function exportColumns(definition: ResourceDefinition): Column[] {
  const meta = (name: 'id' | 'created_at' | 'updated_at'): Column => ({ header: name, cell: (record) => csvCell(text(record[name])) });
  return [meta('id'), ...definition.fields.filter(isReadable).flatMap(fieldColumns), meta('created_at'), meta('updated_at')];
}

export async function countMatching(db: Queryable, definition: ResourceDefinition, query: ResourceListQuery): Promise<number> {
  const params = new SqlParams();
  const where = whereClause(listConditions(definition, query, params, ALIAS));
  const { rows } = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${quoteTable(definition.table)} ${ALIAS} ${where}`, params.values);
  return rows[0]?.total ?? 0;
}

interface BatchRow {
  readonly record: ResourceRecord;
  readonly sort_key: string | null;
  readonly row_id: string;
}

/** Batches of records matching `query`, in its order, each read by its own statement. */
export async function* matchingRecords(db: Queryable, definition: ResourceDefinition, query: ResourceListQuery, batch = EXPORT_BATCH): AsyncGenerator<ResourceRecord[]> {
  const key = sortKey(definition, query.sort, ALIAS);
  for (const phase of keysetPhases(key)) {
    let position: KeysetPosition | null = null;
    for (;;) {
      const params = new SqlParams();
      const conditions: string[] = [...listConditions(definition, query, params, ALIAS), keysetCondition(key, ALIAS, phase, position, params)];
      const { rows } = await db.query<BatchRow>(
        `SELECT ${recordJson(definition, ALIAS)} AS record, (${key.expression})::text AS sort_key, ${ALIAS}.id::text AS row_id
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
export async function* csvExport(db: Queryable, definition: ResourceDefinition, query: ResourceListQuery): AsyncGenerator<string> {
  const columns = exportColumns(definition);
  // A byte-order mark, so spreadsheet programs read the file as UTF-8.
  yield `\uFEFF${csvLine(columns.map((column) => csvCell(column.header)))}`;
  for await (const records of matchingRecords(db, definition, query)) {
    yield records.map((record) => csvLine(columns.map((column) => column.cell(record)))).join('');
  }
}
