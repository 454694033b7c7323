import type { OptionalService, Queryable } from '@core/sdk/server';
import type { PerformanceSource, PerformanceTotals } from '@plugins/tracker/server/services';
import type { PayMeasure, PayScope } from '../../shared/pay';
import { subtractDecimals } from '@core/sdk/shared';
import { cents } from './cents';
import type { PayMonth } from './month';

/*
 * A month's measures, in US dollars (money) or counts, read once per source and scope however
 * many rules and employees use them.
 *
 * Finance, over the transactions whose date fact lies in the month: revenue = Σ amount_usd of
 * income articles; spend = Σ amount_usd of expense articles + Σ commission_usd of every
 * transaction (a commission is always a cost); profit = revenue − spend. A project scope takes the
 * transactions of that project, a vertical scope those of the vertical's projects, a division scope
 * those of the division. Sums are rounded half-up to cents before any rule applies, so a line's
 * formula can be checked by hand.
 *
 * Tracker, over the report's days of the month (every tracker, no scope): the totals the tracker
 * provides as its `tracker.performance` service; null while the tracker is off.
 */

export type MeasureValues = Readonly<Record<PayMeasure, string>>;

export interface ScopeKey {
  readonly scope: PayScope;
  readonly id: number | null;
}

const SCOPE_CONDITION: Readonly<Record<PayScope, string>> = {
  all: 'TRUE',
  project: 't.project_id = $3::bigint',
  vertical: 'p.vertical_id = $3::bigint',
  division: 't.division_id = $3::bigint',
};

async function financeMeasures(tx: Queryable, month: PayMonth, key: ScopeKey): Promise<MeasureValues> {
  const { rows } = await tx.query<{ revenue: string; spend: string }>(
    `SELECT round(coalesce(sum(t.amount_usd) FILTER (WHERE a.direction = 'income'), 0), 2)::text AS revenue,
            round(coalesce(sum(t.amount_usd) FILTER (WHERE a.direction = 'expense'), 0) + coalesce(sum(t.commission_usd), 0), 2)::text AS spend
       FROM finance.transactions t
       JOIN finance.articles a ON a.id = t.article_id
       LEFT JOIN finance.projects p ON p.id = t.project_id
      WHERE t.date_fact BETWEEN $1::date AND $2::date AND ($3::bigint IS NULL OR ${SCOPE_CONDITION[key.scope]})`,
    [month.first, month.last, key.id],
  );
  const { revenue, spend } = rows[0] ?? { revenue: '0.00', spend: '0.00' };
  return { revenue, spend, profit: cents(subtractDecimals(revenue, spend)), leads: '0', sales: '0' };
}

const trackerValues = (totals: PerformanceTotals): MeasureValues => ({
  revenue: totals.revenue,
  spend: totals.spend,
  profit: totals.profit,
  leads: String(totals.leads),
  sales: String(totals.sales),
});

/** Reads each source and scope of one month at most once. */
export class MonthMeasures {
  private readonly finance = new Map<string, Promise<MeasureValues>>();
  private tracker: Promise<MeasureValues | null> | null = null;

  constructor(
    private readonly tx: Queryable,
    private readonly month: PayMonth,
    private readonly performance: OptionalService<PerformanceSource>,
  ) {}

  fromFinance(key: ScopeKey): Promise<MeasureValues> {
    const name = `${key.scope}:${key.id ?? ''}`;
    let found = this.finance.get(name);
    if (!found) {
      found = financeMeasures(this.tx, this.month, key);
      this.finance.set(name, found);
    }
    return found;
  }

  /** Null while no plugin provides the performance (the tracker is off). */
  fromTracker(): Promise<MeasureValues | null> {
    const source = this.performance.get();
    this.tracker ??=
      source === null
        ? Promise.resolve(null)
        : source.totals(this.tx, this.month.first, this.month.last).then(trackerValues);
    return this.tracker;
  }
}
