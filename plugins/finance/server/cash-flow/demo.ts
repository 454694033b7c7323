import type { DemoContext, Queryable } from '@core/sdk/server';
import { transactionsResource } from '../../shared/resources';
import { shiftDay } from './period';

/**
 * The cash flow's demo: the bookkeeping demo's transactions get a payment calendar and divisions,
 * so last month and this month have plan beside fact. Two in three are planned: on the day paid,
 * or a week before it (some planned in the month before the one they were paid in); the rest are
 * unplanned. A few payments are planned in this month and last month but paid later (due and not
 * yet paid at the month's end). Every change goes through the engine, so it is audited and the
 * USD amounts and balances stay the finance hooks' own.
 */

/** Which division an article's money belongs to, by the demo's codes. */
const DIVISION_OF_ARTICLE: Readonly<Record<string, string>> = {
  'IN-AFF': 'BUY',
  'EX-ADS': 'BUY',
  'IN-SRV': 'MGT',
  'EX-SAL': 'FIN',
  'EX-SRV': 'DEV',
  'EX-SW': 'DEV',
  'EX-DOM': 'DEV',
};

export async function seedCashFlowDemo(tx: Queryable, demo: DemoContext): Promise<void> {
  const { rows: booked } = await tx.query<{ id: number; date_fact: string; code: string | null }>(
    `SELECT t.id::int AS id, to_char(t.date_fact, 'YYYY-MM-DD') AS date_fact, a.code
       FROM finance.transactions t JOIN finance.articles a ON a.id = t.article_id
      WHERE t.hash LIKE 'demo-tx-%' ORDER BY t.id`,
  );
  const { rows: divisions } = await tx.query<{ id: number; code: string }>(
    'SELECT id::int AS id, code FROM finance.divisions WHERE deleted_at IS NULL',
  );
  const divisionId = (code: string | null): number | null =>
    divisions.find((division) => division.code === DIVISION_OF_ARTICLE[code ?? ''])?.id ?? null;
  for (const [index, transaction] of booked.entries()) {
    const date_plan =
      index % 3 === 0 ? transaction.date_fact : index % 3 === 1 ? shiftDay(transaction.date_fact, -7) : null;
    await demo.records.changeIn(
      tx,
      transactionsResource,
      transaction.id,
      { action: 'update', values: { date_plan, division_id: divisionId(transaction.code) } },
      demo.author,
    );
  }
  await seedUnpaid(tx, demo);
}

/** Payments planned this month and last month whose money comes only after the month's end. */
async function seedUnpaid(tx: Queryable, demo: DemoContext): Promise<void> {
  const { rows: days } = await tx.query<{ today: string; month_start: string; last_month_start: string }>(
    `SELECT to_char(current_date, 'YYYY-MM-DD') AS today,
            to_char(date_trunc('month', current_date), 'YYYY-MM-DD') AS month_start,
            to_char(date_trunc('month', current_date) - interval '1 month', 'YYYY-MM-DD') AS last_month_start`,
  );
  const { rows: refs } = await tx.query<{ kind: string; id: number; currency: string | null }>(
    `SELECT 'wallet:' || name AS kind, id::int AS id, currency FROM finance.wallets WHERE name IN ('Main account USD', 'USDT TRC20')
     UNION ALL SELECT 'article:' || code, id::int, NULL FROM finance.articles WHERE code IN ('IN-AFF', 'IN-SRV', 'EX-SRV', 'EX-ADS')
     UNION ALL SELECT 'project:' || code, id::int, NULL FROM finance.projects WHERE code IN ('NUTRA-EU', 'DATING-US')`,
  );
  const ref = (kind: string) => refs.find((row) => row.kind === kind);
  const {
    today,
    month_start: monthStart,
    last_month_start: lastMonthStart,
  } = days[0] ?? { today: '', month_start: '', last_month_start: '' };
  const usdBank = ref('wallet:Main account USD');
  const usdt = ref('wallet:USDT TRC20');
  if (!usdBank || !usdt || !today) return;
  const unpaid = [
    // [wallet, article, project, amount, planned on, paid on, comment]
    [
      usdBank,
      'IN-SRV',
      'NUTRA-EU',
      '4200',
      shiftDay(lastMonthStart, 24),
      shiftDay(monthStart, 9),
      'Client invoice, paid late',
    ],
    [usdt, 'IN-AFF', 'DATING-US', '2750.4', shiftDay(monthStart, 19), shiftDay(today, 40), 'Network payout on hold'],
    [usdBank, 'EX-SRV', null, '640', shiftDay(monthStart, 21), shiftDay(today, 35), 'Server renewal invoice'],
    [
      usdt,
      'EX-ADS',
      'NUTRA-EU',
      '1800',
      shiftDay(lastMonthStart, 27),
      shiftDay(monthStart, 3),
      'Top-up moved to the next month',
    ],
  ] as const;
  for (const [index, [wallet, article, project, amount, date_plan, date_fact, comment]] of unpaid.entries()) {
    await demo.records.createIn(
      tx,
      transactionsResource,
      {
        date_fact,
        date_plan,
        wallet_id: wallet.id,
        article_id: ref(`article:${article}`)?.id ?? null,
        amount: { amount, currency: wallet.currency ?? 'USD' },
        commission: { amount: '0', currency: wallet.currency ?? 'USD' },
        project_id: project === null ? null : (ref(`project:${project}`)?.id ?? null),
        hash: `demo-cash-flow-${index + 1}`,
        comment,
      },
      demo.author,
    );
  }
}
