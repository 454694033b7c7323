import { formatMessage } from '@core/sdk/shared';
import { validationError, type Queryable, type ResourceHooks } from '@core/sdk/server';
import { lockKey } from './advisory-lock';
import { integerIn, storesValues, textIn } from './snapshot';

export const FINISH_BEFORE_START = 'The finish date cannot be before the start date.';
export const DEALS_OVERLAP =
  'These dates overlap deal #{id} for {brand} on this tracker, from {from:date} to {finish:date}.';

interface OtherDeal {
  id: string;
  brand: string;
  date_from: string;
  date_finish: string;
}

/** A live deal of the same brand (case-insensitive) and tracker sharing a day with [from, finish]. */
async function overlappingDeal(
  tx: Queryable,
  deal: { id: number | null; brand: string; tracker: number; from: string; finish: string },
): Promise<OtherDeal | null> {
  const { rows } = await tx.query<OtherDeal>(
    `SELECT id::text AS id, brand, date_from::text AS date_from, date_finish::text AS date_finish
       FROM tracker.bizdev_deals
      WHERE deleted_at IS NULL AND tracker = $1 AND lower(brand) = lower($2)
        AND date_from <= $4::date AND date_finish >= $3::date AND id <> COALESCE($5::bigint, 0)
      ORDER BY date_from LIMIT 1`,
    [deal.tracker, deal.brand, deal.from, deal.finish, deal.id],
  );
  return rows[0] ?? null;
}

/**
 * A deal runs from `date_from` to `date_finish`, both days included; two deals for one brand and
 * tracker never share a day. Writers of one brand and tracker queue on a lock, so two overlapping
 * deals saved at once cannot both pass the check.
 */
export const dealHooks: ResourceHooks = {
  async beforeWrite({ tx, action, id, next }) {
    if (!storesValues(action)) return;
    const from = textIn(next, 'date_from');
    const finish = textIn(next, 'date_finish');
    const brand = textIn(next, 'brand');
    const tracker = integerIn(next, 'tracker');
    if (from === null || finish === null || brand === null || tracker === null) return;
    // Plain days compare as text.
    if (finish < from) throw validationError({ date_finish: [FINISH_BEFORE_START] });
    await lockKey(tx, `tracker.bizdev_deals:${tracker}:${brand.toLowerCase()}`);
    const other = await overlappingDeal(tx, { id, brand, tracker, from, finish });
    if (other) {
      throw validationError({
        date_from: [
          formatMessage(DEALS_OVERLAP, {
            id: other.id,
            brand: other.brand,
            from: other.date_from,
            finish: other.date_finish,
          }),
        ],
      });
    }
  },
};
