import type { FieldValue, ResourceRecord } from '@core/sdk/shared';
import { countriesService, findRecord, type Queryable } from '@core/sdk/server';
import { offerPreviewUrl } from '../../shared/links';
import { advertisersResource } from '../../shared/resources';
import type { KeitaroAdminApi, KeitaroOfferInput } from './keitaro-api';
import { idOf, idsOf, moneyOf, textOf } from './record-values';
import { OFFER_WITHOUT_LANDING_URL, SyncFailure } from './sync-failures';

/** The offer's vertical, by the label the record carries. */
function groupName(offer: ResourceRecord): string | null {
  const label = offer._labels?.group;
  return typeof label === 'string' && label !== '' ? label : null;
}

/** An offer with nothing to pay yet still goes to Keitaro, at zero. */
const NO_PAYOUT = { amount: '0', currency: 'USD' };

/** The advertiser's offer params (keyValue: text to text). */
async function offerParams(db: Queryable, advertiserId: number | null): Promise<Readonly<Record<string, string>>> {
  const advertiser = advertiserId === null ? null : await findRecord(db, advertisersResource, advertiserId);
  const params = advertiser?.offer_params;
  if (typeof params !== 'object' || params === null) return {};
  return Object.fromEntries(
    Object.entries(params).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** The ISO alpha-2 codes Keitaro takes for countries `ids`, in their order (the record's labels are names in the caller's language). */
async function countryCodes(db: Queryable, ids: readonly number[]): Promise<readonly string[]> {
  return (await countriesService.list(db, ids)).map((country) => country.code);
}

/**
 * The offer as Keitaro takes it. Keitaro sends the clicks to the landing URL with the
 * advertiser's offer params merged in: the same URL the offer's preview shows.
 */
export async function keitaroOffer(db: Queryable, offer: ResourceRecord): Promise<KeitaroOfferInput> {
  const landing = textOf(offer, 'landing_url');
  if (landing === null) throw new SyncFailure(OFFER_WITHOUT_LANDING_URL);
  const payout = moneyOf(offer, 'payout') ?? NO_PAYOUT;
  return {
    name: textOf(offer, 'name') ?? `Offer ${offer.id}`,
    url: offerPreviewUrl(landing, await offerParams(db, idOf(offer, 'advertiser'))) ?? landing,
    payoutValue: payout.amount,
    payoutCurrency: payout.currency,
    countries: await countryCodes(db, idsOf(offer, 'countries')),
    notes: groupName(offer) ?? textOf(offer, 'group_legacy'),
  };
}

/** Writes the offer to Keitaro (created the first time, updated after); its id there goes into `learnt`. */
export async function pushOffer(
  db: Queryable,
  api: KeitaroAdminApi,
  offer: ResourceRecord,
  learnt: Record<string, FieldValue>,
): Promise<void> {
  const input = await keitaroOffer(db, offer);
  const known = idOf(offer, 'keitaro_offer_id');
  learnt.keitaro_offer_id = (known === null ? await api.createOffer(input) : await api.updateOffer(known, input)).id;
}
