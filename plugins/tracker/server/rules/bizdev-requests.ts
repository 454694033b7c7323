import { formatMessage } from '@core/sdk/shared';
import { ApiError, type Queryable, type ResourceHooks, type RowActionPerform } from '@core/sdk/server';
import { dayTotals, lockDay } from './bizdev-caps';
import { integerIn, textIn } from './snapshot';

export const ONLY_PENDING_CHANGES = 'Only a pending request can be changed.';
export const NO_LIMIT_FOR_DAY = 'Tracker {tracker} has no limit for {date:date}: set one in Bizdev limits first.';
export const OVER_LIMIT =
  'Approving {cap:number} leads would take tracker {tracker} over its limit for {date:date}: {remaining:number} remain.';

async function trackerSlug(tx: Queryable, tracker: number): Promise<string> {
  const { rows } = await tx.query<{ slug: string }>('SELECT slug FROM tracker.trackers WHERE id = $1', [tracker]);
  return rows[0]?.slug ?? `#${tracker}`;
}

interface ApprovedRequest {
  readonly id: number;
  readonly tracker: number;
  /** `YYYY-MM-DD`. */
  readonly date: string;
  readonly cap: number;
}

/**
 * Refuses (409) a request whose approval would take its day's approved total over the day's limit.
 * The day's lock is held from the check to the commit, so concurrent approvals of one day are
 * checked one after another against totals that include each other: the limit is never exceeded.
 */
async function assertWithinLimit(tx: Queryable, request: ApprovedRequest): Promise<void> {
  const { tracker, date, cap } = request;
  await lockDay(tx, { tracker, date });
  const { limit, approved } = await dayTotals(tx, { tracker, date }, request.id);
  if (limit === null)
    throw new ApiError(409, formatMessage(NO_LIMIT_FOR_DAY, { tracker: await trackerSlug(tx, tracker), date }));
  if (approved + cap > limit) {
    throw new ApiError(
      409,
      formatMessage(OVER_LIMIT, {
        cap,
        tracker: await trackerSlug(tx, tracker),
        date,
        remaining: Math.max(limit - approved, 0),
      }),
    );
  }
}

/**
 * A request is made pending by its requester (the caller unless another user is named), changes
 * only while pending, and leaves pending only through the approve and refuse actions. Restoring a
 * deleted approved request counts against its day's limit again.
 */
export const requestHooks: ResourceHooks = {
  async beforeWrite({ tx, action, id, before, next, actorId }) {
    if (action === 'create') return { status: 'pending', requester: integerIn(next, 'requester') ?? actorId };
    if (action === 'update' && textIn(before, 'status') !== 'pending') throw new ApiError(409, ONLY_PENDING_CHANGES);
    if (action === 'restore' && id !== null && textIn(next, 'status') === 'approved') {
      await assertWithinLimit(tx, {
        id,
        tracker: Number(next.tracker),
        date: String(next.date),
        cap: Number(next.cap),
      });
    }
  },
};

/** The approve row action: the request's cap must fit in what its day has left. */
export const approveRequest: RowActionPerform = async ({ tx, record }) => {
  await assertWithinLimit(tx, {
    id: record.id,
    tracker: Number(record.tracker),
    date: String(record.date),
    cap: Number(record.cap),
  });
  return { status: 'approved' };
};

export const refuseRequest: RowActionPerform = async () => ({ status: 'refused' });
