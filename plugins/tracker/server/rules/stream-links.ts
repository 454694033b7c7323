import type { Actor, AfterWriteContext, Queryable, RecordWriter } from '@core/sdk/server';
import { KEITARO_SERVERS_REFERENCE } from '@plugins/admin/shared/keitaro';
import { streamLink } from '../../shared/links';
import { streamsResource } from '../../shared/resources';

/** A stream's link from its offer's tracker, that tracker's active server and the campaign (streamLink); null without them. */
export async function linkOf(
  tx: Queryable,
  offer: number | null,
  campaignId: number | null,
  keitaroStreamId: number | null,
): Promise<string | null> {
  if (offer === null || campaignId === null) return null;
  const { rows } = await tx.query<{ slug: string; url: string }>(
    `SELECT t.slug, s.url FROM tracker.offers o
       JOIN tracker.trackers t ON t.id = o.tracker
       JOIN ${KEITARO_SERVERS_REFERENCE.table} s ON s.id = t.active_server
      WHERE o.id = $1`,
    [offer],
  );
  const found = rows[0];
  return found ? streamLink({ serverUrl: found.url, trackerSlug: found.slug, campaignId, keitaroStreamId }) : null;
}

interface StreamRow {
  id: string;
  offer: string;
  campaign_id: string;
  keitaro_stream_id: string | null;
  link: string | null;
}

/**
 * Rebuilds, through the engine (the stream hooks compute the link; history shows the change), the
 * links of the live streams of one offer or of one tracker's offers that no longer match.
 */
async function refreshStreamLinks(
  records: RecordWriter,
  tx: Queryable,
  scope: { readonly offer: number } | { readonly tracker: number },
  actor: Actor,
): Promise<void> {
  const [condition, id] = 'offer' in scope ? ['s.offer = $1', scope.offer] : ['o.tracker = $1', scope.tracker];
  const { rows } = await tx.query<StreamRow>(
    `SELECT s.id::text AS id, s.offer::text AS offer, s.campaign_id::text AS campaign_id, s.keitaro_stream_id::text AS keitaro_stream_id, s.link
       FROM tracker.streams s JOIN tracker.offers o ON o.id = s.offer
      WHERE s.deleted_at IS NULL AND ${condition} ORDER BY s.id`,
    [id],
  );
  for (const row of rows) {
    const link = await linkOf(
      tx,
      Number(row.offer),
      Number(row.campaign_id),
      row.keitaro_stream_id === null ? null : Number(row.keitaro_stream_id),
    );
    if (link !== row.link)
      await records.changeIn(tx, streamsResource, Number(row.id), { action: 'update', values: {} }, actor);
  }
}

const changed = ({ before, after }: AfterWriteContext, fields: readonly string[]): boolean =>
  before !== null &&
  after !== null &&
  fields.some((field) => JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null));

/** After a tracker's slug or active server changed: its streams' links follow. */
export const followTracker =
  (records: RecordWriter) =>
  async (context: AfterWriteContext): Promise<void> => {
    if (changed(context, ['slug', 'active_server']))
      await refreshStreamLinks(records, context.tx, { tracker: context.id }, { id: context.actorId, language: 'en' });
  };

/** After an offer moved to another tracker: its streams' links follow. */
export const followOffer =
  (records: RecordWriter) =>
  async (context: AfterWriteContext): Promise<void> => {
    if (changed(context, ['tracker']))
      await refreshStreamLinks(records, context.tx, { offer: context.id }, { id: context.actorId, language: 'en' });
  };
