import { formatMessage } from '@core/sdk/shared';
import { validationError, type ResourceHooks } from '@core/sdk/server';
import { dayTotals, lockDay } from './bizdev-caps';
import { integerIn, storesValues, textIn } from './snapshot';

export const LIMIT_BELOW_APPROVED =
  'The approved requests of this day already take {approved:number} leads: the cap cannot be lower.';

/** A day's limit never falls below what its approved requests already take; checked under the day's lock. */
export const limitHooks: ResourceHooks = {
  async beforeWrite({ tx, action, next }) {
    if (!storesValues(action)) return;
    const tracker = integerIn(next, 'tracker');
    const date = textIn(next, 'date');
    const cap = integerIn(next, 'cap');
    if (tracker === null || date === null || cap === null) return;
    await lockDay(tx, { tracker, date });
    const { approved } = await dayTotals(tx, { tracker, date });
    if (cap < approved) throw validationError({ cap: [formatMessage(LIMIT_BELOW_APPROVED, { approved })] });
  },
};
