import type { Queryable } from '@core/sdk/server';

/*
 * A product's day limit counts per team per team day: the calendar day in the team's time zone
 * when the order was placed (stored on the order as `team_day`). Every writer that adds to a
 * (team, product) day first takes that pair's transaction lock, so the total it reads stays true
 * until it commits: two concurrent orders can never both fit in what only one of them fits in.
 */

/** The calendar day (`YYYY-MM-DD`) at `now` in the time zone; null for a zone Intl does not know. */
export function calendarDayIn(now: Date, timeZone: string): string | null {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(now);
  } catch {
    return null;
  }
  const part = (type: Intl.DateTimeFormatPartTypes): string =>
    parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Holds, until the transaction ends, the lock of the team's orders of the product. */
export async function lockTeamProduct(tx: Queryable, teamId: number, productId: number): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`shop.day_limit:${teamId}:${productId}`]);
}

/** Units of the product the team's live orders (not cancelled, not deleted) take on the day, leaving out `exceptOrder`. */
export async function unitsOrdered(
  tx: Queryable,
  teamId: number,
  productId: number,
  day: string,
  exceptOrder: number | null = null,
): Promise<number> {
  const { rows } = await tx.query<{ units: string }>(
    `SELECT COALESCE(sum(quantity), 0)::text AS units FROM shop.orders
      WHERE team = $1 AND product = $2 AND team_day = $3::date AND status <> 'cancelled' AND deleted_at IS NULL
        AND id <> COALESCE($4::bigint, 0)`,
    [teamId, productId, day, exceptOrder],
  );
  return Number(rows[0]?.units ?? 0);
}

/**
 * What the team may still order of the product today (its day at `now`): null when the product
 * has no day limit (or the team or product does not exist), never below zero. The bot's `/products` shows it.
 */
export async function teamDayRemainder(
  db: Queryable,
  teamId: number,
  productId: number,
  now: Date,
): Promise<number | null> {
  const { rows } = await db.query<{ timezone: string; day_limit: string | null }>(
    `SELECT t.timezone, p.day_limit::text AS day_limit FROM shop.teams t, shop.products p
      WHERE t.id = $1 AND p.id = $2 AND t.deleted_at IS NULL AND p.deleted_at IS NULL`,
    [teamId, productId],
  );
  const row = rows[0];
  if (!row || row.day_limit === null) return null;
  const day = calendarDayIn(now, row.timezone);
  if (day === null) return null;
  return Math.max(Number(row.day_limit) - (await unitsOrdered(db, teamId, productId, day)), 0);
}
