import type { Database } from '@core/sdk/server';

/** A notification as the kernel stored it for one recipient, in both languages. */
export interface StoredNotice {
  readonly user: number;
  readonly title: { readonly en: string; readonly ru: string };
  readonly text: { readonly en: string | null; readonly ru: string | null };
  readonly link: string | null;
  readonly severity: string;
}

/** The notifications of a source, oldest first: what a plugin's publish left for its recipients. */
export async function storedNotices(db: Database, source: string): Promise<StoredNotice[]> {
  const { rows } = await db.query<{ user_id: string; title_en: string; title_ru: string; text_en: string | null; text_ru: string | null; link: string | null; severity: string }>(
    'SELECT user_id::text AS user_id, title_en, title_ru, text_en, text_ru, link, severity FROM core.notifications WHERE source = $1 ORDER BY id',
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
