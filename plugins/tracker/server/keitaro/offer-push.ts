import type { FieldValue, ResourceRecord } from '@core/sdk/shared';
import type { KeitaroAdminApi, KeitaroOfferInput } from './keitaro-api';
import { idOf, labelsOf, moneyOf, textOf } from './record-values';
import { OFFER_WITHOUT_LANDING_URL, SyncFailure } from './sync-failures';

/** An offer with nothing to pay yet still goes to Keitaro, at zero. */
const NO_PAYOUT = { amount: '0', currency: 'USD' };

/** The offer as Keitaro takes it: its landing URL is where Keitaro sends the clicks. */
export function keitaroOffer(offer: ResourceRecord): KeitaroOfferInput {
  const url = textOf(offer, 'landing_url');
  if (url === null) throw new SyncFailure(422, OFFER_WITHOUT_LANDING_URL);
  const payout = moneyOf(offer, 'payout') ?? NO_PAYOUT;
  return {
    name: textOf(offer, 'name') ?? `Offer ${offer.id}`,
    url,
    payoutValue: payout.amount,
    payoutCurrency: payout.currency,
    countries: labelsOf(offer, 'countries'),
    notes: textOf(offer, 'group'),
  };
}

/** Writes the offer to Keitaro (created the first time, updated after); its id there goes into `learnt`. */
export async function pushOffer(api: KeitaroAdminApi, offer: ResourceRecord, learnt: Record<string, FieldValue>): Promise<void> {
  const input = keitaroOffer(offer);
  const known = idOf(offer, 'keitaro_offer_id');
  learnt.keitaro_offer_id = (known === null ? await api.createOffer(input) : await api.updateOffer(known, input)).id;
}
