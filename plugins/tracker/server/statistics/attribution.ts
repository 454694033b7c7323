import type { Queryable } from '@core/sdk/server';
import { offersResource, streamsResource } from '../../shared/resources';

/*
 * Where a conversion or an imported line belongs: the offer and stream it names (this plugin's
 * ids), completed from each other (a stream's offer and campaign, an offer's advertiser), so the
 * report can group by advertiser without asking the sender for it.
 */

export interface Attribution {
  readonly advertiserId: number | null;
  readonly offerId: number | null;
  readonly streamId: number | null;
  readonly campaign: string | null;
}

/** What is wrong with a named offer or stream, by the parameter that named it. */
export type AttributionProblem = { readonly field: 'offer' | 'stream'; readonly message: string };

export const OFFER_UNKNOWN = 'There is no offer with this id.';
export const STREAM_UNKNOWN = 'There is no stream with this id.';
export const STREAM_OF_OTHER_OFFER = 'This stream sends its clicks to another offer.';

export async function attribute(
  db: Queryable,
  named: { readonly offerId: number | null; readonly streamId: number | null; readonly campaign: string | null },
): Promise<Attribution | AttributionProblem> {
  let offerId = named.offerId;
  let campaign = named.campaign;
  if (named.streamId !== null) {
    const { rows } = await db.query<{ offer: string; campaign_name: string }>(
      `SELECT offer, campaign_name FROM ${streamsResource.table} WHERE id = $1`,
      [named.streamId],
    );
    const stream = rows[0];
    if (!stream) return { field: 'stream', message: STREAM_UNKNOWN };
    if (offerId !== null && offerId !== Number(stream.offer))
      return { field: 'stream', message: STREAM_OF_OTHER_OFFER };
    offerId = Number(stream.offer);
    campaign ??= stream.campaign_name;
  }
  let advertiserId: number | null = null;
  if (offerId !== null) {
    const { rows } = await db.query<{ advertiser: string }>(
      `SELECT advertiser FROM ${offersResource.table} WHERE id = $1`,
      [offerId],
    );
    const offer = rows[0];
    if (!offer) return { field: 'offer', message: OFFER_UNKNOWN };
    advertiserId = Number(offer.advertiser);
  }
  return { advertiserId, offerId, streamId: named.streamId, campaign };
}

export const isProblem = (found: Attribution | AttributionProblem): found is AttributionProblem => 'field' in found;
