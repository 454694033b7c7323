import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { formatMessage, type DataEnvelope, type Language } from '@core/sdk/shared';
import {
  CsvSyntaxError,
  languageOf,
  readCsv,
  validationError,
  type CsvLine,
  type Queryable,
  type ServerPluginContext,
} from '@core/sdk/server';
import { trackersResource } from '../../shared/resources';
import type { ImportReport } from '../../shared/report';
import { attribute, isProblem } from './attribution';
import {
  CSV_EMPTY,
  CSV_TOO_LONG,
  CSV_UNCLOSED,
  readHeader,
  readLine,
  TRACKER_UNKNOWN,
  type ImportedLine,
  type LineProblem,
} from './import-line';
import { say } from './messages-ru';

/*
 * `POST statistics/import` (TR): a tracker's CSV export into the statistics table. Good lines are
 * stored and each refused one is reported with its line and column, so a corrected file can be
 * sent again. A line stands for one tracker, day, offer, stream, campaign and country: the same
 * line read again is a duplicate and changes nothing, while other numbers for it (a later export
 * of that day) replace the ones held, so nothing is ever counted twice. A long file is sent in parts, each with the header and the line it starts on
 * (`first_line`), so the page can show progress and the report still names the file's lines.
 */

interface ImportBody {
  readonly tracker: number;
  readonly csv: string;
  readonly first_line?: number;
}

/** Lines of one request at most; the page sends longer files in parts. */
export const MAX_IMPORT_LINES = 5000;

const IMPORT_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['tracker', 'csv'],
  properties: {
    tracker: { type: 'integer', minimum: 1 },
    csv: { type: 'string', minLength: 1, maxLength: 1_000_000 },
    first_line: { type: 'integer', minimum: 1 },
  },
} as const;

/** What a line counts: one tracker's day of one offer, stream, campaign and country. */
function importKey(trackerId: number, line: ImportedLine): string {
  const identity = [trackerId, line.day, line.offerId, line.streamId, line.campaign, line.country];
  return createHash('sha256').update(JSON.stringify(identity)).digest('base64url');
}

const INSERT = `INSERT INTO tracker.statistics
    (day, tracker_id, advertiser_id, offer_id, stream_id, campaign, country, clicks, unique_clicks, leads, sales, revenue, cost, origin, import_key)
  VALUES ($1::date, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::numeric, $13::numeric, 'import', $14)
  ON CONFLICT (import_key) DO UPDATE
    SET clicks = EXCLUDED.clicks, unique_clicks = EXCLUDED.unique_clicks, leads = EXCLUDED.leads, sales = EXCLUDED.sales,
        revenue = EXCLUDED.revenue, cost = EXCLUDED.cost, updated_at = now()
    WHERE (tracker.statistics.clicks, tracker.statistics.unique_clicks, tracker.statistics.leads, tracker.statistics.sales, tracker.statistics.revenue, tracker.statistics.cost)
          IS DISTINCT FROM (EXCLUDED.clicks, EXCLUDED.unique_clicks, EXCLUDED.leads, EXCLUDED.sales, EXCLUDED.revenue, EXCLUDED.cost)
  RETURNING (xmax = 0) AS inserted`;

type Counts = Pick<ImportReport, 'imported' | 'updated' | 'duplicates'>;

async function store(
  tx: Queryable,
  trackerId: number,
  lines: readonly ImportedLine[],
  errors: LineProblem[],
): Promise<Counts> {
  const counts = { imported: 0, updated: 0, duplicates: 0 };
  for (const line of lines) {
    const found = await attribute(tx, { offerId: line.offerId, streamId: line.streamId, campaign: line.campaign });
    if (isProblem(found)) {
      errors.push({ line: line.line, column: found.field, template: found.message });
      continue;
    }
    const { rows } = await tx.query<{ inserted: boolean }>(INSERT, [
      line.day,
      trackerId,
      found.advertiserId,
      found.offerId,
      found.streamId,
      found.campaign,
      line.country,
      line.clicks,
      line.uniqueClicks,
      line.leads,
      line.sales,
      line.revenue,
      line.cost,
      importKey(trackerId, line),
    ]);
    // No row back: the numbers held were these already.
    if (rows[0] === undefined) counts.duplicates++;
    else if (rows[0].inserted) counts.imported++;
    else counts.updated++;
  }
  return counts;
}

/** Reads and stores one file (or part); a file that cannot be read at all is a 422. */
export async function importStatistics(
  db: ServerPluginContext['db'],
  body: ImportBody,
  language: Language,
): Promise<ImportReport> {
  const { rows } = await db.query(`SELECT 1 FROM ${trackersResource.table} WHERE id = $1 AND deleted_at IS NULL`, [
    body.tracker,
  ]);
  if (rows.length === 0) throw validationError({ tracker: [TRACKER_UNKNOWN] });
  let parsed: CsvLine[];
  try {
    parsed = readCsv(body.csv, body.first_line ?? 1);
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      throw validationError({ csv: [formatMessage(CSV_UNCLOSED, { line: String(error.line) })] });
    throw error;
  }
  const [header, ...lines] = parsed;
  if (!header || lines.length === 0) throw validationError({ csv: [CSV_EMPTY] });
  if (lines.length > MAX_IMPORT_LINES)
    throw validationError({ csv: [formatMessage(CSV_TOO_LONG, { lines: String(MAX_IMPORT_LINES) })] });
  const told = (problems: readonly LineProblem[]) =>
    [...problems]
      .sort((a, b) => a.line - b.line)
      .map((problem) => ({
        line: problem.line,
        column: problem.column,
        message: say(language, problem.template, problem.values),
      }));
  const read = readHeader(header.cells, header.line);
  if ('errors' in read)
    return { lines: lines.length, imported: 0, updated: 0, duplicates: 0, errors: told(read.errors) };
  const errors: LineProblem[] = [];
  const good: ImportedLine[] = [];
  for (const line of lines) {
    const found = readLine(read.columns, line.cells, line.line);
    if (Array.isArray(found)) errors.push(...found);
    else good.push(found);
  }
  const stored = await db.transaction((tx) => store(tx, body.tracker, good, errors));
  return { lines: lines.length, ...stored, errors: told(errors) };
}

export function importRoute(app: FastifyInstance, context: ServerPluginContext): void {
  app.post<{ Body: ImportBody }>(
    '/statistics/import',
    { config: { access: { requires: 'TR' } }, schema: { body: IMPORT_BODY } },
    async (request): Promise<DataEnvelope<ImportReport>> => ({
      data: await importStatistics(context.db, request.body, languageOf(request)),
    }),
  );
}
