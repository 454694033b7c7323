/**
 * The SQL both the figures and the breakdowns read transactions with. A department's transaction
 * is one booked on a live division of its type. Transactions converted from payroll drafts
 * (`transaction_drafts.hash` starting `payroll:`, which approving a month's motivation writes) are
 * left out: the month's payroll is counted from the motivation sheet already.
 */
export const DEPARTMENT_TRANSACTIONS = `
  finance.transactions t
  JOIN finance.divisions v ON v.id = t.division_id AND v.deleted_at IS NULL
  JOIN finance.articles a ON a.id = t.article_id
  LEFT JOIN finance.transaction_drafts payroll ON payroll.id = t.transaction_draft_id AND payroll.hash LIKE 'payroll:%'`;

/** Appended to a WHERE clause over DEPARTMENT_TRANSACTIONS. */
export const NOT_PAYROLL = 'payroll.id IS NULL';

/** Income: the amounts of income articles. */
export const INCOME_SUM = `coalesce(sum(t.amount_usd) FILTER (WHERE a.direction = 'income'), 0)`;

/** Spend: the amounts of expense articles and every transaction's commission (as a wallet's balance counts them). */
export const SPEND_SUM = `coalesce(sum(t.amount_usd) FILTER (WHERE a.direction = 'expense'), 0) + coalesce(sum(t.commission_usd), 0)`;

/** The first and the last day of the months from `firstMonth` to `lastMonth` (`YYYY-MM` parameters). */
export const MONTH_SPAN = (firstMonth: string, lastMonth: string): string =>
  `t.date_fact BETWEEN to_date(${firstMonth}::text || '-01', 'YYYY-MM-DD')
                   AND (to_date(${lastMonth}::text || '-01', 'YYYY-MM-DD') + interval '1 month' - interval '1 day')::date`;
