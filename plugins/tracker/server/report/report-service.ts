import { ApiError, validationError, type Queryable } from '@core/sdk/server';
import { trackersResource } from '../../shared/resources';
import type { ReportAnswer } from '../../shared/report';
import { keitaroFailure, SyncFailure } from '../keitaro/sync-failures';
import { trackerServer } from '../keitaro/tracker-connection';
import { TRACKER_UNKNOWN } from '../statistics/import-line';
import { KeitaroMetricMissing, keitaroReport, type KeitaroReporter } from './keitaro-source';
import type { ReportRequest } from './report-request';
import { statisticsReport } from './statistics-source';

/** Whether the tracker has an active Keitaro server; undefined when there is no such tracker. */
async function hasActiveServer(db: Queryable, trackerId: number): Promise<boolean | undefined> {
  const { rows } = await db.query<{ active_server: unknown }>(`SELECT active_server FROM ${trackersResource.table} WHERE id = $1 AND deleted_at IS NULL`, [trackerId]);
  return rows[0] === undefined ? undefined : rows[0].active_server !== null;
}

/**
 * The report from the right source: a named tracker with an active Keitaro server is asked through
 * `report/build`; a tracker without one, or no tracker, reads the statistics table. A server
 * without its key is a 503 saying so, and Keitaro's failures answer as the sync's do (422 refused,
 * 502 unreachable): never numbers of the other source in their place.
 */
export async function buildReport(db: Queryable, request: ReportRequest, build: KeitaroReporter): Promise<ReportAnswer> {
  const trackerId = request.trackerId;
  if (trackerId === null) return statisticsReport(db, request);
  const active = await hasActiveServer(db, trackerId);
  if (active === undefined) throw validationError({ tracker: [TRACKER_UNKNOWN] });
  if (!active) return statisticsReport(db, request);
  try {
    const server = await trackerServer(db, trackerId);
    try {
      return await keitaroReport(db, request, trackerId, server.connection, build);
    } catch (error) {
      if (error instanceof KeitaroMetricMissing) throw new ApiError(502, error.message);
      throw keitaroFailure(error, server.serverName);
    }
  } catch (error) {
    if (error instanceof SyncFailure) throw new ApiError(error.status, error.message);
    throw error;
  }
}
