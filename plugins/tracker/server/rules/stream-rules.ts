import type { Actor, Queryable, RecordWriter, ResourceHooks, WriteContext } from '@core/sdk/server';
import { streamsResource } from '../../shared/resources';
import { lockKey } from './advisory-lock';
import { flagIn, integerIn, storesValues } from './snapshot';
import { linkOf } from './stream-links';
import { syncOffValues } from './sync-off';

/**
 * Whether this write makes the stream its campaign's default: created or restored as the
 * default, switched on, or moved to another campaign while default. A stream that already is
 * its campaign's default and stays so takes no lock, so editing it never waits on (and never
 * deadlocks with) a writer that is clearing it.
 */
function becomesDefault({ action, before, next }: WriteContext): boolean {
  if (!flagIn(next, 'is_default')) return false;
  if (action !== 'update' || !before) return true;
  return !flagIn(before, 'is_default') || integerIn(before, 'campaign_id') !== integerIn(next, 'campaign_id');
}

/** Clears the default flag of the campaign's other live streams, through the engine (audited). */
async function clearOtherDefaults(
  records: RecordWriter,
  tx: Queryable,
  campaignId: number,
  keep: number | null,
  actor: Actor,
): Promise<void> {
  const { rows } = await tx.query<{ id: string }>(
    `SELECT id::text AS id FROM tracker.streams
      WHERE campaign_id = $1 AND is_default AND deleted_at IS NULL AND id <> COALESCE($2::bigint, 0) ORDER BY id`,
    [campaignId, keep],
  );
  for (const row of rows)
    await records.changeIn(
      tx,
      streamsResource,
      Number(row.id),
      { action: 'update', values: { is_default: false } },
      actor,
    );
}

/**
 * A stream saved with sync off shows no sync state (syncOffValues).
 * A stream's link is built on every write (the Keitaro sync's included, which brings the stream's
 * Keitaro id) from its offer's tracker and its campaign (streamLink).
 * A campaign has at most one default stream: making one the default clears the others in the
 * same transaction. Writers making defaults of one campaign queue on a lock, so two saved at once
 * end with the later one as the only default.
 */
export const streamHooks = (records: RecordWriter): ResourceHooks => ({
  async beforeWrite(context) {
    const { tx, action, id, next, actorId } = context;
    if (action === 'delete') return;
    const campaignId = integerIn(next, 'campaign_id');
    if (campaignId !== null && storesValues(action) && becomesDefault(context)) {
      await lockKey(tx, `tracker.streams.default:${campaignId}`);
      await clearOtherDefaults(records, tx, campaignId, id, { id: actorId, language: 'en' });
    }
    return {
      ...syncOffValues(context),
      link: await linkOf(tx, integerIn(next, 'offer'), campaignId, integerIn(next, 'keitaro_stream_id')),
    };
  },
});
