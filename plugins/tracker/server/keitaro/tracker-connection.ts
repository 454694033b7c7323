import type { Queryable } from '@core/sdk/server';
import { keitaroServersResource } from '@plugins/admin/shared/keitaro';
import { trackersResource } from '../../shared/resources';
import type { KeitaroConnection } from './keitaro-api';
import { OFFER_WITHOUT_TRACKER, SERVER_WITHOUT_KEY, SyncFailure, TRACKER_WITHOUT_SERVER } from './sync-failures';

/** The Keitaro server a tracker writes to, named for messages. */
export interface TrackerServer {
  readonly serverName: string;
  readonly connection: KeitaroConnection;
}

interface ServerRow {
  readonly slug: string;
  readonly server_name: string | null;
  readonly url: string | null;
  readonly api_key: string | null;
}

/**
 * The active Keitaro server of tracker `trackerId` with its key (kept in admin's servers, read
 * here and handed only to the adapter), or a 503 failure saying what to configure.
 */
export async function trackerServer(db: Queryable, trackerId: number | null): Promise<TrackerServer> {
  if (trackerId === null) throw new SyncFailure(OFFER_WITHOUT_TRACKER);
  const { rows } = await db.query<ServerRow>(
    `SELECT t.slug, s.name AS server_name, s.url, s.api_key
       FROM ${trackersResource.table} t LEFT JOIN ${keitaroServersResource.table} s ON s.id = t.active_server
      WHERE t.id = $1 AND t.deleted_at IS NULL`,
    [trackerId],
  );
  const row = rows[0];
  if (!row) throw new SyncFailure(OFFER_WITHOUT_TRACKER);
  if (row.server_name === null || row.url === null)
    throw new SyncFailure(TRACKER_WITHOUT_SERVER, { tracker: row.slug });
  if (row.api_key === null || row.api_key === '')
    throw new SyncFailure(SERVER_WITHOUT_KEY, { server: row.server_name });
  return { serverName: row.server_name, connection: { url: row.url, apiKey: row.api_key } };
}
