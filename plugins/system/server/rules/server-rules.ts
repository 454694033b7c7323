import { formatMessage, localIsoDate } from '@core/sdk/shared';
import { validationError, type ResourceHooks } from '@core/sdk/server';
import { isIpv4, isIpv6 } from '../../shared/network';
import { EXPIRY_OUT_OF_RANGE, IPV4_INVALID, IPV6_INVALID } from './messages-ru';
import { textIn } from './snapshot';

/** Older than any server rented today: a typo for a recent year. */
export const EARLIEST_EXPIRY = '2000-01-01';
/** Rentals run for months or a few years; a date further out is a typo too. */
export const EXPIRY_YEARS_AHEAD = 10;

/** The last expiry date a server may have on `today`. */
function latestExpiry(today: Date): string {
  const latest = new Date(today);
  latest.setFullYear(latest.getFullYear() + EXPIRY_YEARS_AHEAD);
  return localIsoDate(latest);
}

/**
 * A server's addresses are exact (the IPv6 field's pattern only says which characters it may hold;
 * network.ts counts the groups), and its expiry date is one a rental can have: from 2000 to ten
 * years after today, an expired one included. Only the values a write sends are checked, so a
 * record saved before a bound moved still takes other changes.
 */
export function serverHooks(now: () => Date): ResourceHooks {
  return {
    async beforeWrite({ values }) {
      const errors: Record<string, string[]> = {};
      const ip = textIn(values, 'ip');
      if (ip !== null && !isIpv4(ip)) errors.ip = [IPV4_INVALID];
      const ipv6 = textIn(values, 'ipv6');
      if (ipv6 !== null && !isIpv6(ipv6)) errors.ipv6 = [IPV6_INVALID];
      const expiry = textIn(values, 'expiry_date');
      const latest = latestExpiry(now());
      if (expiry !== null && (expiry < EARLIEST_EXPIRY || expiry > latest)) {
        errors.expiry_date = [formatMessage(EXPIRY_OUT_OF_RANGE, { min: EARLIEST_EXPIRY, max: latest })];
      }
      if (Object.keys(errors).length > 0) throw validationError(errors);
      return undefined;
    },
  };
}
