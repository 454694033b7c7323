import type { FastifyInstance } from 'fastify';
import type { FieldErrors } from '@core/sdk/shared';
import {
  ApiError,
  ID_PARAMS,
  notFound,
  readSetting,
  ROW_ID,
  validationError,
  type Database,
  type IdParams,
  type Queryable,
  type RouteAccess,
} from '@core/sdk/server';
import { MAX_NESTING_LEVEL } from '../settings';
import type { GoogleSheetsAdapter } from '../google-sheets/sheets-adapter';
import {
  arrangementProblem,
  flattenNested,
  MAX_NESTING_MESSAGE,
  normalisePositions,
  type NestedPlace,
  type TreePlace,
} from './tree';

/**
 * Spreadsheet tables (finance service): a tree kept flat. `GET google-tables` lists every
 * table with `parent_id` and `position` so the browser builds the tree; `POST google-tables/update-tree`
 * saves a whole new arrangement after drag and drop. Every change to the tree runs in one
 * transaction under one advisory lock, so two arrangements saved at once cannot interleave into a
 * cycle or a level beyond the limit. Deleting a table deletes the tables under it.
 */

export interface GoogleTable {
  readonly id: number;
  readonly name_en: string;
  readonly name_ru: string;
  readonly spreadsheet_id: string;
  readonly parent_id: number | null;
  readonly position: number;
  readonly created_at: string;
  readonly updated_at: string;
}

export const TABLE_MESSAGES = {
  added: 'Table added successfully',
  updated: 'Table updated successfully',
  deleted: 'Table deleted successfully',
} as const;

const ACCESS = { requires: 'FG' } as const satisfies RouteAccess;
// One lock for every change to the tree.
const TREE_LOCK_SQL = "SELECT pg_advisory_xact_lock(hashtext('finance.google_tables'))";
const MAX_TABLES_IN_ARRANGEMENT = 5000;
const MAX_NESTED_DEPTH = 100;
const SPREADSHEET_URL = /\/spreadsheets\/d\/([A-Za-z0-9_-]+)/;
const SPREADSHEET_ID = /^[A-Za-z0-9_-]{1,200}$/;

const COLUMNS = `id::int AS id, name_en, name_ru, spreadsheet_id, parent_id::int AS parent_id, position,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
  to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at`;

const TEXT = { type: 'string', maxLength: 200 } as const;
const SPREADSHEET = { type: 'string', maxLength: 500 } as const;

interface TableBody {
  readonly name_en?: string;
  readonly name_ru?: string;
  readonly spreadsheet_id?: string;
  readonly parent_id?: number | null;
}

interface TreeBody {
  readonly items?: readonly TreePlace[];
  readonly tree?: readonly unknown[];
}

const tableBody = (required: readonly string[]) =>
  ({
    type: 'object',
    additionalProperties: false,
    required,
    properties: {
      name_en: TEXT,
      name_ru: TEXT,
      spreadsheet_id: SPREADSHEET,
      parent_id: { anyOf: [ROW_ID, { type: 'null' }] },
    },
  }) as const;

const treeBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    items: {
      type: 'array',
      maxItems: MAX_TABLES_IN_ARRANGEMENT,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'parent_id'],
        properties: {
          id: ROW_ID,
          parent_id: { anyOf: [ROW_ID, { type: 'null' }] },
          position: { type: 'integer', minimum: 0, maximum: 1_000_000 },
        },
      },
    },
    // Nested `{ id, children }`, checked by hand below so a deep body cannot exhaust the validator.
    tree: { type: 'array', maxItems: MAX_TABLES_IN_ARRANGEMENT },
  },
} as const;

/** A spreadsheet id, or the id inside a pasted spreadsheet URL; null when it is neither. */
export function spreadsheetIdOf(text: string): string | null {
  const trimmed = text.trim();
  const fromUrl = SPREADSHEET_URL.exec(trimmed)?.[1];
  const id = fromUrl ?? trimmed;
  return SPREADSHEET_ID.test(id) ? id : null;
}

function checkedFields(
  body: TableBody,
  errors: FieldErrors,
): Partial<Pick<GoogleTable, 'name_en' | 'name_ru' | 'spreadsheet_id'>> {
  const values: { name_en?: string; name_ru?: string; spreadsheet_id?: string } = {};
  for (const name of ['name_en', 'name_ru'] as const) {
    const value = body[name];
    if (value === undefined) continue;
    if (value.trim() === '') errors[name] = ['This field is required.'];
    else values[name] = value.trim();
  }
  if (body.spreadsheet_id !== undefined) {
    const id = spreadsheetIdOf(body.spreadsheet_id);
    if (id === null) errors.spreadsheet_id = ['Enter a spreadsheet id or the spreadsheet’s link.'];
    else values.spreadsheet_id = id;
  }
  return values;
}

/** The nested arrangement, checked without recursion limits of the JSON validator. */
function nestedPlaces(tree: readonly unknown[]): TreePlace[] {
  const problem = () => validationError({ tree: ['Each entry must be { id, children? } with a table id.'] });
  const check = (nodes: readonly unknown[], depth: number): NestedPlace[] => {
    if (depth > MAX_NESTED_DEPTH) throw validationError({ tree: [MAX_NESTING_MESSAGE] }, MAX_NESTING_MESSAGE);
    return nodes.map((node) => {
      if (typeof node !== 'object' || node === null || Array.isArray(node)) throw problem();
      // The browser may send the node's other properties back (names, positions): they are ignored.
      const { id, children } = node as Record<string, unknown>;
      if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) throw problem();
      if (children !== undefined && children !== null && !Array.isArray(children)) throw problem();
      return { id, children: check((children as unknown[] | null | undefined) ?? [], depth + 1) };
    });
  };
  return flattenNested(check(tree, 1));
}

async function lockedTree(tx: Queryable): Promise<TreePlace[]> {
  await tx.query(TREE_LOCK_SQL);
  const { rows } = await tx.query<TreePlace>(
    'SELECT id::int AS id, parent_id::int AS parent_id, position FROM finance.google_tables ORDER BY id',
  );
  return rows;
}

async function maxLevel(db: Queryable): Promise<number> {
  return readSetting(db, MAX_NESTING_LEVEL);
}

/** Refuses an arrangement that points at a missing table, loops, or goes deeper than allowed. */
function assertArrangement(
  before: readonly TreePlace[],
  after: readonly TreePlace[],
  limit: number,
  field: string,
): void {
  const old = new Map(before.map((place) => [place.id, place.parent_id]));
  const moved = new Set(
    after.filter((place) => !old.has(place.id) || old.get(place.id) !== place.parent_id).map((place) => place.id),
  );
  const problem = arrangementProblem(after, moved, limit);
  if (!problem) return;
  if (problem.kind === 'tooDeep') throw validationError({ [field]: [MAX_NESTING_MESSAGE] }, MAX_NESTING_MESSAGE);
  if (problem.kind === 'cycle')
    throw validationError({ [field]: [`Table ${problem.id} cannot be placed inside itself.`] });
  throw validationError({ [field]: [`Table ${problem.parent} does not exist.`] });
}

async function writePlaces(tx: Queryable, before: readonly TreePlace[], after: readonly TreePlace[]): Promise<void> {
  const old = new Map(before.map((place) => [place.id, place]));
  const changed = after.filter((place) => {
    const previous = old.get(place.id);
    return !previous || previous.parent_id !== place.parent_id || previous.position !== place.position;
  });
  if (changed.length === 0) return;
  await tx.query(
    `UPDATE finance.google_tables AS t SET parent_id = c.parent_id, position = c.position, updated_at = now()
       FROM unnest($1::bigint[], $2::bigint[], $3::int[]) AS c(id, parent_id, position)
      WHERE t.id = c.id`,
    [changed.map((place) => place.id), changed.map((place) => place.parent_id), changed.map((place) => place.position)],
  );
}

async function listTables(db: Queryable): Promise<GoogleTable[]> {
  const { rows } = await db.query<GoogleTable>(
    `SELECT ${COLUMNS} FROM finance.google_tables ORDER BY parent_id NULLS FIRST, position, id`,
  );
  return rows;
}

async function findTable(db: Queryable, id: number): Promise<GoogleTable> {
  const { rows } = await db.query<GoogleTable>(`SELECT ${COLUMNS} FROM finance.google_tables WHERE id = $1`, [id]);
  const row = rows[0];
  if (!row) throw notFound('Table');
  return row;
}

export function googleTablesRoutes(app: FastifyInstance, db: Database, sheets: GoogleSheetsAdapter): void {
  const config = { access: ACCESS };

  app.get('/google-tables', { config }, async () => ({
    data: { data: await listTables(db), max_nesting_level: await maxLevel(db) },
  }));

  app.get<{ Params: IdParams }>('/google-tables/:id', { schema: { params: ID_PARAMS }, config }, async (request) => ({
    data: await findTable(db, request.params.id),
  }));

  app.post<{ Body: TableBody }>(
    '/google-table',
    { schema: { body: tableBody(['name_en', 'name_ru', 'spreadsheet_id']) }, config },
    async (request, reply) => {
      const errors: FieldErrors = {};
      const values = checkedFields(request.body, errors);
      if (Object.keys(errors).length > 0) throw validationError(errors);
      const parent = request.body.parent_id ?? null;
      const created = await db.transaction(async (tx) => {
        const places = await lockedTree(tx);
        const position = places
          .filter((place) => place.parent_id === parent)
          .reduce((next, place) => Math.max(next, place.position + 1), 0);
        // The new table's own id does not exist yet; 0 stands for it in the check.
        assertArrangement(places, [...places, { id: 0, parent_id: parent, position }], await maxLevel(tx), 'parent_id');
        const { rows } = await tx.query<{ id: number }>(
          `INSERT INTO finance.google_tables (name_en, name_ru, spreadsheet_id, parent_id, position) VALUES ($1, $2, $3, $4, $5) RETURNING id::int AS id`,
          [values.name_en, values.name_ru, values.spreadsheet_id, parent, position],
        );
        return findTable(tx, (rows[0] as { id: number }).id);
      });
      return reply.status(201).send({ data: created, message: TABLE_MESSAGES.added });
    },
  );

  app.patch<{ Params: IdParams; Body: TableBody }>(
    '/google-tables/:id',
    { schema: { params: ID_PARAMS, body: tableBody([]) }, config },
    async (request) => {
      const { id } = request.params;
      const errors: FieldErrors = {};
      const values = checkedFields(request.body, errors);
      if (Object.keys(errors).length > 0) throw validationError(errors);
      const updated = await db.transaction(async (tx) => {
        const before = await lockedTree(tx);
        const current = before.find((place) => place.id === id);
        if (!current) throw notFound('Table');
        const moving = request.body.parent_id !== undefined && request.body.parent_id !== current.parent_id;
        if (moving) {
          const parent = request.body.parent_id ?? null;
          const position = before
            .filter((place) => place.parent_id === parent)
            .reduce((next, place) => Math.max(next, place.position + 1), 0);
          const after = normalisePositions(
            before.map((place) => (place.id === id ? { id, parent_id: parent, position } : place)),
          );
          assertArrangement(before, after, await maxLevel(tx), 'parent_id');
          await writePlaces(tx, before, after);
        }
        const sets = Object.entries(values);
        if (sets.length > 0) {
          await tx.query(
            `UPDATE finance.google_tables SET ${sets.map(([column], index) => `${column} = $${index + 2}`).join(', ')}, updated_at = now() WHERE id = $1`,
            [id, ...sets.map(([, value]) => value)],
          );
        }
        return findTable(tx, id);
      });
      return { data: updated, message: TABLE_MESSAGES.updated };
    },
  );

  app.delete<{ Params: IdParams }>('/google-tables/:id', { schema: { params: ID_PARAMS }, config }, async (request) => {
    const { id } = request.params;
    const deleted = await db.transaction(async (tx) => {
      const before = await lockedTree(tx);
      if (!before.some((place) => place.id === id)) throw notFound('Table');
      const { rows } = await tx.query<{ id: number }>(
        `WITH RECURSIVE subtree AS (
           SELECT id FROM finance.google_tables WHERE id = $1
           UNION ALL SELECT t.id FROM finance.google_tables t JOIN subtree s ON t.parent_id = s.id
         ) DELETE FROM finance.google_tables WHERE id IN (SELECT id FROM subtree) RETURNING id::int AS id`,
        [id],
      );
      const gone = new Set(rows.map((row) => row.id));
      const rest = before.filter((place) => !gone.has(place.id));
      await writePlaces(tx, rest, normalisePositions(rest));
      return [...gone].sort((a, b) => a - b);
    });
    return { data: { deleted }, message: TABLE_MESSAGES.deleted };
  });

  app.post<{ Body: TreeBody }>(
    '/google-tables/update-tree',
    { schema: { body: treeBody }, config },
    async (request) => {
      const { items, tree } = request.body;
      if ((items === undefined) === (tree === undefined)) {
        throw validationError({
          items: ['Send the arrangement as items ([{id, parent_id, position}]) or as tree ([{id, children}]).'],
        });
      }
      const field = items === undefined ? 'tree' : 'items';
      const given: TreePlace[] =
        items === undefined
          ? nestedPlaces(tree ?? [])
          : items.map((item, index) => ({ ...item, position: item.position ?? index }));
      const seen = new Set<number>();
      for (const place of given) {
        if (seen.has(place.id)) throw validationError({ [field]: [`Table ${place.id} appears twice.`] });
        seen.add(place.id);
      }
      const tables = await db.transaction(async (tx) => {
        const before = await lockedTree(tx);
        const existing = new Set(before.map((place) => place.id));
        const missing = given.filter((place) => !existing.has(place.id)).map((place) => place.id);
        if (missing.length > 0) throw validationError({ [field]: [`Table ${missing.join(', ')} does not exist.`] });
        // Tables the arrangement leaves out keep their place; the given ones move.
        const moved = new Map(given.map((place) => [place.id, place]));
        const after = normalisePositions(before.map((place) => moved.get(place.id) ?? place));
        assertArrangement(before, after, await maxLevel(tx), field);
        await writePlaces(tx, before, after);
        return listTables(tx);
      });
      return { data: { data: tables }, message: TABLE_MESSAGES.updated };
    },
  );

  app.get<{ Params: IdParams; Querystring: { range?: string } }>(
    '/google-tables/:id/data',
    {
      schema: {
        params: ID_PARAMS,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { range: { type: 'string', minLength: 1, maxLength: 200 } },
        },
      },
      config,
    },
    async (request) => {
      const table = await findTable(db, request.params.id);
      const range = request.query.range?.trim();
      if (range === '') throw validationError({ range: ['Enter a range such as Sheet1!A1:D20.'] });
      if (!table.spreadsheet_id) throw new ApiError(422, 'This table has no spreadsheet id.');
      return { data: { table, ...(await sheets.read(table.spreadsheet_id, range)) } };
    },
  );
}
