import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../database/database';
import type { AccessClaims } from './access-token';

/** What a token's holder may still do, as the database last said. */
interface Standing {
  readonly active: boolean;
  readonly permissionsVersion: number;
  /**
   * When (epoch seconds) this user's row was read alone after a refusal, since the last poll; null
   * when the standing came from a poll. A token issued before then is refused without a query.
   */
  readonly confirmedAt: number | null;
}

interface ChangeRow {
  read_at: string;
  id: string | null;
  permissions_version: number | null;
  active: boolean | null;
}

/**
 * A change becomes visible when its transaction commits, which may be after a poll that started
 * later than the change's timestamp; each poll reads this far behind the previous one so it is not missed.
 */
const COMMIT_LAG_SECONDS = 60;

/**
 * Every user whose standing changed since $1 (the previous poll's clock) less $2 seconds, and the
 * database clock for the next poll. One indexed query (users.access_changed_at, kept by a trigger)
 * per poll, whatever the traffic.
 */
const CHANGES_SINCE = `SELECT c.read_at::text AS read_at, u.id, u.permissions_version, u.status = 'active' AND u.deleted_at IS NULL AS active
  FROM (SELECT now() AS read_at) c
  LEFT JOIN core.users u ON u.access_changed_at > COALESCE($1::timestamptz, c.read_at) - make_interval(secs => $2)`;

/** One user's standing now, read when the polled one would refuse a token. */
const STANDING_OF = `SELECT permissions_version, status = 'active' AND deleted_at IS NULL AS active FROM core.users WHERE id = $1`;

function admits(standing: Standing, claims: AccessClaims): boolean {
  return standing.active && claims.pv >= standing.permissionsVersion;
}

/**
 * Blocked, deleted and re-permissioned users as every server copy sees them within one poll, so an
 * access token is checked against them without a database call per request. Only changes younger
 * than an access token's lifetime matter: a token issued before an older change has expired.
 */
export class RevocationCache {
  private readonly standings = new Map<number, Standing>();
  private readAt: string | null = null;
  private readonly inactiveListeners: ((userId: number) => void)[] = [];

  constructor(
    private readonly db: Queryable,
    private readonly accessTokenSeconds: number,
  ) {}

  /**
   * False for a token whose user is blocked or deleted, or that was issued before the user's codes
   * changed (the client refreshes and is told to reload). A user unchanged lately is accepted
   * without a query. A refusal is confirmed against the database first: a user unblocked (or given
   * codes) since the last poll signs in and is not turned away by the stale standing for the rest of
   * the poll interval. A token older than the last confirmation is refused without asking again, so
   * a blocked user's retries cost no queries.
   */
  async accepts(claims: AccessClaims): Promise<boolean> {
    const standing = this.standings.get(claims.sub);
    if (standing === undefined || admits(standing, claims)) return true;
    if (standing.confirmedAt !== null && claims.iat < standing.confirmedAt) return false;
    const confirmedAt = Math.floor(Date.now() / 1000);
    const { rows } = await this.db.query<{ permissions_version: number; active: boolean }>(STANDING_OF, [claims.sub]);
    const row = rows[0];
    const current: Standing = row
      ? { active: row.active, permissionsVersion: row.permissions_version, confirmedAt }
      : { active: false, permissionsVersion: standing.permissionsVersion, confirmedAt };
    this.standings.set(claims.sub, current);
    return admits(current, claims);
  }

  /** Told of each user a poll finds blocked or deleted (for a minute after the change: a listener must not mind hearing it again). */
  onInactive(listener: (userId: number) => void): void {
    this.inactiveListeners.push(listener);
  }

  /** Reads the changes since the previous poll (the first reads back one token lifetime). */
  async poll(): Promise<void> {
    const lookBack = this.readAt === null ? this.accessTokenSeconds + COMMIT_LAG_SECONDS : COMMIT_LAG_SECONDS;
    const { rows } = await this.db.query<ChangeRow>(CHANGES_SINCE, [this.readAt, lookBack]);
    for (const row of rows) {
      if (row.id === null || row.permissions_version === null) continue;
      this.standings.set(Number(row.id), {
        active: row.active === true,
        permissionsVersion: row.permissions_version,
        confirmedAt: null,
      });
      if (row.active !== true) for (const listener of this.inactiveListeners) listener(Number(row.id));
    }
    this.readAt = rows[0]?.read_at ?? this.readAt;
  }
}

/**
 * Fills the cache before the server answers and polls every `pollSeconds` until it closes. A failed
 * poll keeps what the cache knew (the next one catches up); the timer never holds the process open.
 */
export function pollRevocations(app: FastifyInstance, cache: RevocationCache, pollSeconds: number): void {
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const pollOnce = async (): Promise<void> => {
    try {
      await cache.poll();
    } catch (error) {
      app.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'revocation poll failed');
    }
  };
  // One poll at a time: the next is scheduled when the previous one ends, never beside it.
  const schedule = (): void => {
    if (closed) return;
    timer = setTimeout(() => void pollOnce().then(schedule), pollSeconds * 1000);
    timer.unref();
  };
  app.addHook('onReady', async () => {
    await pollOnce();
    schedule();
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
  });
}
