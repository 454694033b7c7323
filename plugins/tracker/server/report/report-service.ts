import { ApiError, validationError, type Queryable } from '@core/sdk/server';
import { formatMessage } from '@core/sdk/shared';
import type { UsdRateSource } from '@plugins/finance/server/services';
import { trackersResource } from '../../shared/resources';
import type { ReportAnswer } from '../../shared/report';
import { KEITARO_REPORT_MAX_ROWS, KeitaroReportTooLargeError } from '../keitaro/keitaro-api';
import { keitaroFailure, SyncFailure } from '../keitaro/sync-failures';
import { trackerServer } from '../keitaro/tracker-connection';
import { TRACKER_UNKNOWN } from '../statistics/import-line';
import { KEITARO_REPORT_TOO_LARGE, KeitaroMetricMissing, keitaroReport, type KeitaroReporter } from './keitaro-source';
import type { ReportRequest } from './report-request';
import { statisticsReport } from './statistics-source';

/** Whether the tracker has an active Keitaro server; undefined when there is no such tracker. */
async function hasActiveServer(db: Queryable, trackerId: number): Promise<boolean | undefined> {
  const { rows } = await db.query<{ active_server: unknown }>(
    `SELECT active_server FROM ${trackersResource.table} WHERE id = $1 AND deleted_at IS NULL`,
    [trackerId],
  );
  return rows[0] === undefined ? undefined : rows[0].active_server !== null;
}

/**
 * The report from the right source: a named tracker with an active Keitaro server is asked through
 * `report/build`; a tracker without one, or no tracker, reads the statistics table. A server
 * without its key is a 503 saying so, and Keitaro's failures answer as the sync's do (422 refused,
 * 502 unreachable): never numbers of the other source in their place.
 */
/** A failure of Keitaro or of its configuration as the API answers it; anything else is rethrown. */
function keitaroRefusal(error: unknown, server: string | null): ApiError {
  if (error instanceof SyncFailure) return new ApiError(error.status, error.message);
  if (error instanceof KeitaroMetricMissing) return new ApiError(502, error.message);
  if (error instanceof KeitaroReportTooLargeError) {
    const values = { rows: String(error.total), max: String(KEITARO_REPORT_MAX_ROWS) };
    return new ApiError(422, formatMessage(KEITARO_REPORT_TOO_LARGE, values));
  }
  if (server === null) throw error;
  const failure = keitaroFailure(error, server);
  return new ApiError(failure.status, failure.message);
}

export async function buildReport(
  db: Queryable,
  request: ReportRequest,
  build: KeitaroReporter,
  rates: UsdRateSource,
): Promise<ReportAnswer> {
  const trackerId = request.trackerId;
  if (trackerId === null) return statisticsReport(db, request, rates);
  const active = await hasActiveServer(db, trackerId);
  if (active === undefined) throw validationError({ tracker: [TRACKER_UNKNOWN] });
  if (!active) return statisticsReport(db, request, rates);
  let server: string | null = null;
  try {
    const found = await trackerServer(db, trackerId);
    server = found.serverName;
    return await keitaroReport(db, request, trackerId, found.connection, build);
  } catch (error) {
    throw keitaroRefusal(error, server);
  }
}
