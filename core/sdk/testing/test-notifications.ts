/**
 * What a plugin's `publish` left, as its tests check it: each recipient's notification of a source,
 * in both languages, read from the kernel's table (a plugin's own database handle cannot see it).
 */
import type { Database } from '@core/server/database/database';
import type { NotificationSeverity } from '@core/shared/notifications';

/** A notification as the kernel stored it for one recipient. */
export interface StoredNotification {
  readonly user: number;
  readonly title: { readonly en: string; readonly ru: string };
  readonly text: { readonly en: string | null; readonly ru: string | null };
  readonly link: string | null;
  readonly severity: NotificationSeverity;
}

interface StoredRow {
  readonly user_id: string;
  readonly title_en: string;
  readonly title_ru: string;
  readonly text_en: string | null;
  readonly text_ru: string | null;
  readonly link: string | null;
  readonly severity: NotificationSeverity;
}

/** The notifications of `source` (`<plugin>.<name>`) on the test server's database `db`, oldest first. */
export async function storedNotifications(db: Database, source: string): Promise<StoredNotification[]> {
  const { rows } = await db.query<StoredRow>(
    `SELECT user_id::text AS user_id, title_en, title_ru, text_en, text_ru, link, severity
       FROM core.notifications WHERE source = $1 ORDER BY id`,
    [source],
  );
  return rows.map((row) => ({
    user: Number(row.user_id),
    title: { en: row.title_en, ru: row.title_ru },
    text: { en: row.text_en, ru: row.text_ru },
    link: row.link,
    severity: row.severity,
  }));
}
