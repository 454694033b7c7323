import type { NotificationItem, NotificationSeverity } from '@core/shared/notifications';
import type { Language } from '@core/shared/runtime-config';
import type { Queryable } from '../database/database';
import { SUPERADMIN_HOLDERS } from '../auth/roles-superadmin';
import type { CheckedInput } from './input';

/*
 * The notifications' statements. Every one names core.* itself: they run on the kernel's handle,
 * in a plugin's transaction too (publish).
 */

export interface NotificationRow {
  readonly id: string;
  readonly user_id: string;
  readonly source: string;
  readonly title_en: string;
  readonly title_ru: string;
  readonly text_en: string | null;
  readonly text_ru: string | null;
  readonly link: string | null;
  readonly severity: NotificationSeverity;
  readonly read_at: Date | string | null;
  readonly created_at: Date | string;
}

const COLUMNS =
  'n.id, n.user_id, n.source, n.title_en, n.title_ru, n.text_en, n.text_ru, n.link, n.severity, n.read_at, n.created_at';

const iso = (value: Date | string): string => new Date(value).toISOString();

/** A row as its recipient reads it; `label` names a source in the reader's language. */
export function itemOf(
  row: NotificationRow,
  language: Language,
  label: (source: string, language: Language) => string,
): NotificationItem {
  return {
    id: Number(row.id),
    source: row.source,
    source_label: label(row.source, language),
    title: language === 'ru' ? row.title_ru : row.title_en,
    text: language === 'ru' ? row.text_ru : row.text_en,
    link: row.link,
    severity: row.severity,
    read_at: row.read_at === null ? null : iso(row.read_at),
    created_at: iso(row.created_at),
  };
}

const ACTIVE = `u.status = 'active' AND u.deleted_at IS NULL`;

/** Active users among those named ($9). */
const NAMED_USERS = `SELECT u.id FROM core.users u WHERE u.id = ANY($9::bigint[]) AND ${ACTIVE}`;

/**
 * Active holders of at least $10 of the codes $9 (one of one code or of anyOf, all of allOf) through a
 * role or directly; superadmins (who hold every code) only when they opted in.
 */
const CODE_HOLDERS = `SELECT u.id FROM core.users u WHERE ${ACTIVE} AND CASE
  WHEN u.id IN (${SUPERADMIN_HOLDERS}) THEN EXISTS (SELECT 1 FROM core.notification_settings s WHERE s.user_id = u.id AND s.superadmin_opt_in)
  ELSE u.id IN (
    SELECT held.user_id FROM (
      SELECT up.user_id, p.name FROM core.user_permissions up JOIN core.permissions p ON p.id = up.permission_id WHERE p.name = ANY($9::text[])
      UNION SELECT ur.user_id, p.name FROM core.user_roles ur JOIN core.role_permissions rp ON rp.role_id = ur.role_id
        JOIN core.permissions p ON p.id = rp.permission_id WHERE p.name = ANY($9::text[])) held
    GROUP BY held.user_id HAVING count(*) >= $10)
  END`;

export interface InsertedNotification {
  readonly id: number;
  readonly userId: number;
  /** The recipient asked for this source through a delivery channel too. */
  readonly viaBot: boolean;
}

/** One row per recipient who has not switched the source off (nor got this dedupe key already), in one statement. */
export async function insertNotifications(db: Queryable, input: CheckedInput): Promise<InsertedNotification[]> {
  const recipients = input.users !== null ? NAMED_USERS : CODE_HOLDERS;
  const { rows } = await db.query<{ id: string; user_id: string; via_bot: boolean }>(
    `WITH inserted AS (
       INSERT INTO core.notifications (user_id, source, title_en, title_ru, text_en, text_ru, link, severity, dedupe_key)
       SELECT r.id, $1, $2, $3, $4, $5, $6, $7, $8 FROM (${recipients}) r
       WHERE NOT EXISTS (SELECT 1 FROM core.notification_preferences np WHERE np.user_id = r.id AND np.source = $1 AND NOT np.receive)
       ON CONFLICT (user_id, dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING
       RETURNING id, user_id)
     SELECT i.id, i.user_id, COALESCE(np.via_bot, false) AS via_bot FROM inserted i
     LEFT JOIN core.notification_preferences np ON np.user_id = i.user_id AND np.source = $1
     ORDER BY i.id`,
    [
      input.source,
      input.title.en,
      input.title.ru,
      input.text?.en ?? null,
      input.text?.ru ?? null,
      input.link,
      input.severity,
      input.dedupeKey,
      ...(input.users !== null ? [input.users] : [input.codes, input.codesNeeded]),
    ],
  );
  return rows.map((row) => ({ id: Number(row.id), userId: Number(row.user_id), viaBot: row.via_bot }));
}

export interface ListFilter {
  readonly read?: boolean;
  readonly source?: string;
}

export async function listNotifications(
  db: Queryable,
  userId: number,
  filter: ListFilter,
  limit: number,
  offset: number,
): Promise<{ rows: NotificationRow[]; total: number }> {
  const conditions = ['n.user_id = $1'];
  const params: unknown[] = [userId];
  if (filter.read !== undefined) conditions.push(filter.read ? 'n.read_at IS NOT NULL' : 'n.read_at IS NULL');
  if (filter.source !== undefined) {
    params.push(filter.source);
    conditions.push(`n.source = $${params.length}`);
  }
  const where = conditions.join(' AND ');
  const counted = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM core.notifications n WHERE ${where}`,
    params,
  );
  const { rows } = await db.query<NotificationRow>(
    `SELECT ${COLUMNS} FROM core.notifications n WHERE ${where} ORDER BY n.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, limit, offset],
  );
  return { rows, total: counted.rows[0]?.total ?? 0 };
}

export async function unreadCount(db: Queryable, userId: number): Promise<number> {
  const { rows } = await db.query<{ unread: number }>(
    'SELECT count(*)::int AS unread FROM core.notifications WHERE user_id = $1 AND read_at IS NULL',
    [userId],
  );
  return rows[0]?.unread ?? 0;
}

/** Unread counts of several users at once (those with open streams). */
export async function unreadCounts(db: Queryable, userIds: readonly number[]): Promise<Map<number, number>> {
  const { rows } = await db.query<{ user_id: string; unread: number }>(
    `SELECT u.id AS user_id, (SELECT count(*)::int FROM core.notifications n WHERE n.user_id = u.id AND n.read_at IS NULL) AS unread
     FROM unnest($1::bigint[]) AS u(id)`,
    [[...userIds]],
  );
  return new Map(rows.map((row) => [Number(row.user_id), row.unread]));
}

/** The notifications among `ids` that belong to `userIds`, oldest first. */
export async function notificationsFor(
  db: Queryable,
  ids: readonly number[],
  userIds: readonly number[],
): Promise<NotificationRow[]> {
  const { rows } = await db.query<NotificationRow>(
    `SELECT ${COLUMNS} FROM core.notifications n WHERE n.id = ANY($1::bigint[]) AND n.user_id = ANY($2::bigint[]) ORDER BY n.id`,
    [[...ids], [...userIds]],
  );
  return rows;
}

export async function findNotification(db: Queryable, id: number): Promise<NotificationRow | null> {
  const { rows } = await db.query<NotificationRow>(`SELECT ${COLUMNS} FROM core.notifications n WHERE n.id = $1`, [id]);
  return rows[0] ?? null;
}

/** Marks the user's notification read (once: a second time keeps the first time); false when the user has no such notification. */
export async function markRead(db: Queryable, userId: number, id: number): Promise<boolean> {
  const { rows } = await db.query(
    'UPDATE core.notifications SET read_at = COALESCE(read_at, now()) WHERE id = $1 AND user_id = $2 RETURNING id',
    [id, userId],
  );
  return rows.length > 0;
}

export async function markAllRead(db: Queryable, userId: number): Promise<void> {
  await db.query('UPDATE core.notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL', [userId]);
}

export interface SourceChoice {
  readonly receive: boolean;
  readonly via_bot: boolean;
}

export async function sourceChoices(db: Queryable, userId: number): Promise<Map<string, SourceChoice>> {
  const { rows } = await db.query<{ source: string } & SourceChoice>(
    'SELECT source, receive, via_bot FROM core.notification_preferences WHERE user_id = $1',
    [userId],
  );
  return new Map(rows.map((row) => [row.source, { receive: row.receive, via_bot: row.via_bot }]));
}

export async function saveSourceChoice(
  db: Queryable,
  userId: number,
  source: string,
  choice: SourceChoice,
): Promise<void> {
  await db.query(
    `INSERT INTO core.notification_preferences (user_id, source, receive, via_bot) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id, source) DO UPDATE SET receive = EXCLUDED.receive, via_bot = EXCLUDED.via_bot`,
    [userId, source, choice.receive, choice.via_bot],
  );
}

export async function superadminStanding(
  db: Queryable,
  userId: number,
): Promise<{ superadmin: boolean; optIn: boolean }> {
  const { rows } = await db.query<{ superadmin: boolean; opt_in: boolean }>(
    `SELECT $1::bigint IN (${SUPERADMIN_HOLDERS}) AS superadmin,
       COALESCE((SELECT superadmin_opt_in FROM core.notification_settings WHERE user_id = $1), false) AS opt_in`,
    [userId],
  );
  return { superadmin: rows[0]?.superadmin === true, optIn: rows[0]?.opt_in === true };
}

export async function saveSuperadminOptIn(db: Queryable, userId: number, optIn: boolean): Promise<void> {
  await db.query(
    `INSERT INTO core.notification_settings (user_id, superadmin_opt_in) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET superadmin_opt_in = EXCLUDED.superadmin_opt_in`,
    [userId, optIn],
  );
}

/** Stores a ticket's hash for `seconds`; tickets long expired go at the same time. */
export async function insertTicket(
  db: Queryable,
  hash: string,
  userId: number,
  language: Language,
  seconds: number,
): Promise<void> {
  await db.query(`DELETE FROM core.notification_stream_tickets WHERE expires_at < now() - interval '1 minute'`);
  await db.query(
    'INSERT INTO core.notification_stream_tickets (ticket_hash, user_id, language, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))',
    [hash, userId, language, seconds],
  );
}

/** Uses a ticket up: its user and language when it was valid (not expired, its user active), else null. */
export async function consumeTicket(
  db: Queryable,
  hash: string,
): Promise<{ userId: number; language: Language } | null> {
  const { rows } = await db.query<{ user_id: string; language: Language }>(
    `WITH used AS (DELETE FROM core.notification_stream_tickets WHERE ticket_hash = $1 RETURNING user_id, language, expires_at)
     SELECT used.user_id, used.language FROM used JOIN core.users u ON u.id = used.user_id WHERE used.expires_at > now() AND ${ACTIVE}`,
    [hash],
  );
  const row = rows[0];
  return row ? { userId: Number(row.user_id), language: row.language } : null;
}

/** Remembers the language the user reads the app in, for what goes out through a channel. */
export async function saveLanguage(db: Queryable, userId: number, language: Language): Promise<void> {
  await db.query(
    `INSERT INTO core.notification_settings (user_id, language) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET language = EXCLUDED.language`,
    [userId, language],
  );
}

/** The language the user last read the app in; English before any. */
export async function languageOf(db: Queryable, userId: number): Promise<Language> {
  const { rows } = await db.query<{ language: Language }>(
    'SELECT language FROM core.notification_settings WHERE user_id = $1',
    [userId],
  );
  return rows[0]?.language === 'ru' ? 'ru' : 'en';
}
