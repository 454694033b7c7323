import type { FieldValue, ResourceRecord } from '@core/sdk/shared';
import type { Queryable } from '@core/sdk/server';
import { offersResource, streamsResource } from '../../shared/resources';
import type { KeitaroAdminApi, KeitaroCampaignInput } from './keitaro-api';
import { flagOf, idOf, textOf } from './record-values';

/** The campaign's token in Keitaro's tracking links, from the campaign's number here. */
export const campaignAlias = (campaignId: number): string => `campaign-${campaignId}`;

/**
 * The Keitaro campaign the stream's campaign already has: the id another stream of the same
 * campaign and tracker stored (streams share their campaign), else the stream's own, unless that
 * one is still another campaign's (the stream was moved to a new campaign). Null: none yet.
 */
async function knownCampaign(
  db: Queryable,
  stream: ResourceRecord,
  campaignId: number,
  trackerId: number,
): Promise<number | null> {
  const { rows } = await db.query<{ keitaro_campaign_id: string | number }>(
    `SELECT s.keitaro_campaign_id
       FROM ${streamsResource.table} s JOIN ${offersResource.table} o ON o.id = s.offer
      WHERE s.campaign_id = $1 AND o.tracker = $2 AND s.keitaro_campaign_id IS NOT NULL AND s.deleted_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM ${streamsResource.table} x
                         WHERE x.keitaro_campaign_id = s.keitaro_campaign_id AND x.campaign_id <> $1 AND x.deleted_at IS NULL)
      ORDER BY (s.id = $3), s.id
      LIMIT 1`,
    [campaignId, trackerId, stream.id],
  );
  const found = rows[0];
  return found ? Number(found.keitaro_campaign_id) : null;
}

/** Where the stream's clicks go: its offer's id in Keitaro, on the offer's tracker. */
export interface StreamTarget {
  readonly keitaroOfferId: number;
  readonly trackerId: number;
}

/**
 * Writes the stream's campaign and then the stream (sending the campaign's clicks to the offer,
 * as the campaign's default stream when it is the default here) to Keitaro. Each id Keitaro
 * answers goes into `learnt` at once, so a stream refused after its campaign was created keeps
 * the campaign's id and a retry does not create it twice.
 */
export async function pushStream(
  db: Queryable,
  api: KeitaroAdminApi,
  stream: ResourceRecord,
  target: StreamTarget,
  learnt: Record<string, FieldValue>,
): Promise<void> {
  const campaignId = idOf(stream, 'campaign_id') ?? stream.id;
  const campaignName = textOf(stream, 'campaign_name') ?? `Campaign ${campaignId}`;
  const campaign: KeitaroCampaignInput = { name: campaignName, alias: campaignAlias(campaignId) };
  const knownId = await knownCampaign(db, stream, campaignId, target.trackerId);
  const keitaroCampaign =
    knownId === null ? await api.createCampaign(campaign) : await api.updateCampaign(knownId, campaign);
  learnt.keitaro_campaign_id = keitaroCampaign.id;

  const input = {
    campaignId: keitaroCampaign.id,
    name: textOf(stream, 'site') ?? `${campaignName} #${stream.id}`,
    type: flagOf(stream, 'is_default') ? ('default' as const) : ('regular' as const),
    offerId: target.keitaroOfferId,
  };
  const knownStream = idOf(stream, 'keitaro_stream_id');
  learnt.keitaro_stream_id = (
    knownStream === null ? await api.createStream(input) : await api.updateStream(knownStream, input)
  ).id;
}
