import type { ListPage } from '@core/shared/envelopes';

type Counted = Pick<ListPage<unknown>, 'total' | 'total_exact'>;

/** False only when the server said it stopped counting. */
export const isTotalExact = (page: Counted | null): boolean => page?.total_exact !== false;

/** A count as the screen shows it: "1,234", or "10,000+" when it is a lower bound. */
export function countText(count: number, exact: boolean, formatNumber: (value: number) => string): string {
  return exact ? formatNumber(count) : `${formatNumber(count)}+`;
}
