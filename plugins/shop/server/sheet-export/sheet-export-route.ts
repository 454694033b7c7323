import type { FastifyInstance } from 'fastify';
import type { DataEnvelope, ResourceRecord } from '@core/sdk/shared';
import {
  ApiError,
  assertNoBody,
  conflict,
  findRecord,
  ID_PARAMS,
  validationError,
  type IdParams,
  type Queryable,
  type ServerPluginContext,
} from '@core/sdk/server';
import { SPREADSHEETS } from '@plugins/finance/server/services';
import { teamsResource } from '../../shared/resources';
import { ORDER_COLUMNS, ORDERS_SHEET, orderRowsAfter } from './order-rows';

export const SHEET_KEY_MISSING = "Set the team's sheet key first.";
export const EXPORT_RUNNING = "An export of this team's orders is already running.";
export const SHEETS_NEED_FINANCE =
  'Spreadsheet export is unavailable: it needs the finance plugin, which holds the Google Sheets connection.';

/** At most this many orders go in one export; the next export carries on after them. */
const EXPORT_BATCH = 5000;
/** An export holds its team this long at most: a server that dies mid-export frees it then. */
const LEASE_SECONDS = 300;

async function claim(db: Queryable, teamId: number): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO shop.sheet_export_leases (team_id, until) VALUES ($1, now() + make_interval(secs => $2))
     ON CONFLICT (team_id) DO UPDATE SET until = excluded.until WHERE shop.sheet_export_leases.until < now()
     RETURNING team_id`,
    [teamId, LEASE_SECONDS],
  );
  return rows.length === 1;
}

/**
 * `POST teams/{id}/export-sheet` (SO): appends the team's orders not exported yet to the sheet
 * "Orders" of its spreadsheet (`sheet_key`), a header row first when nothing was exported before,
 * through the finance plugin's `finance.spreadsheets` service (its Google Sheets connection; 503
 * while finance is off). No transaction is open while Google is called; the team then records how far the export
 * got, as one audited change. One export per team runs at a time, on any server copy.
 */
export function sheetExportRoute(app: FastifyInstance, context: ServerPluginContext): void {
  const { db, records, routes } = context;
  const spreadsheets = context.optionalService(SPREADSHEETS);
  app.post<{ Params: IdParams }>(
    `/${teamsResource.path}/:id/export-sheet`,
    { config: { access: { requires: 'SO' } }, schema: { params: ID_PARAMS } },
    async (request): Promise<DataEnvelope<ResourceRecord>> => {
      assertNoBody(request.body);
      const id = request.params.id;
      const team = await findRecord(db, teamsResource, id);
      if (!team || team.deleted_at) throw routes.notFound();
      if (typeof team.sheet_key !== 'string' || team.sheet_key === '')
        throw validationError({ sheet_key: [SHEET_KEY_MISSING] });
      const sheets = spreadsheets.get();
      if (!sheets) throw new ApiError(503, SHEETS_NEED_FINANCE);
      if (!(await claim(db, id))) throw conflict(EXPORT_RUNNING);
      try {
        const through = typeof team.sheet_exported_through === 'number' ? team.sheet_exported_through : 0;
        const { rows, lastId } = await orderRowsAfter(db, context.users, id, through, EXPORT_BATCH);
        if (lastId === null) return { data: team };
        await sheets.append(team.sheet_key, ORDERS_SHEET, through === 0 ? [ORDER_COLUMNS, ...rows] : rows);
        const values = { sheet_exported_at: new Date().toISOString(), sheet_exported_through: lastId };
        return {
          data: await records.change(
            teamsResource,
            id,
            { action: 'export-sheet', values, version: null },
            routes.actorOf(request),
          ),
        };
      } finally {
        await db.query('DELETE FROM shop.sheet_export_leases WHERE team_id = $1', [id]);
      }
    },
  );
}
