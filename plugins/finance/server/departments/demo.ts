import type { DemoContext, Queryable } from '@core/sdk/server';
import {
  divisionsResource,
  employeesResource,
  transactionsResource,
  type DepartmentType,
} from '../../shared/resources';

/**
 * The department views' demo: the bookkeeping demo's divisions get their department types (media
 * buying and the creative studio are marketing, development is development) and a sales division
 * is added with two people, one hired this month, and its own income and CRM spend this month and
 * last month; development gets its build servers in both months too, so every department page has
 * figures and a previous month to compare with whatever day it is. The other marketing and
 * development transactions carry their divisions from the cash flow's demo. Every
 * write goes through the engine with the demo's author.
 */

const DEPARTMENT_OF_DIVISION: Readonly<Record<string, DepartmentType>> = {
  BUY: 'marketing',
  CRE: 'marketing',
  DEV: 'development',
};

export async function seedDepartmentsDemo(tx: Queryable, demo: DemoContext): Promise<void> {
  const { rows: divisions } = await tx.query<{ id: number; code: string }>(
    'SELECT id::int AS id, code FROM finance.divisions WHERE deleted_at IS NULL',
  );
  for (const division of divisions) {
    const department_type = DEPARTMENT_OF_DIVISION[division.code];
    if (department_type)
      await demo.records.changeIn(
        tx,
        divisionsResource,
        division.id,
        { action: 'update', values: { department_type } },
        demo.author,
      );
  }
  const sales = await demo.records.createIn(
    tx,
    divisionsResource,
    { name: 'Sales and partnerships', code: 'SAL', department_type: 'sales', is_active: true },
    demo.author,
  );

  const { rows: days } = await tx.query<{ this_month: string; last_month: string }>(
    `SELECT to_char(date_trunc('month', current_date), 'YYYY-MM-DD') AS this_month,
            to_char(date_trunc('month', current_date) - interval '1 month' + interval '11 days', 'YYYY-MM-DD') AS last_month`,
  );
  const { this_month: thisMonth, last_month: lastMonth } = days[0] as { this_month: string; last_month: string };
  for (const [full_name, hired_date] of [
    ['Tomás Silva', '2023-05-02'],
    ['Aiko Tanaka', thisMonth],
  ] as const) {
    await demo.records.createIn(
      tx,
      employeesResource,
      { full_name, hired_date, work_type: 'full_time', division_id: sales.id },
      demo.author,
    );
  }

  type Refs = { wallet: number; services: number; software: number; servers: number; development: number };
  const { rows: refs } = await tx.query<Refs>(
    `SELECT (SELECT id::int FROM finance.wallets WHERE currency = 'USD' AND deleted_at IS NULL ORDER BY id LIMIT 1) AS wallet,
            (SELECT id::int FROM finance.articles WHERE code = 'IN-SRV') AS services,
            (SELECT id::int FROM finance.articles WHERE code = 'EX-SW') AS software,
            (SELECT id::int FROM finance.articles WHERE code = 'EX-SRV') AS servers,
            (SELECT id::int FROM finance.divisions WHERE code = 'DEV' AND deleted_at IS NULL) AS development`,
  );
  const { wallet, services, software, servers, development } = refs[0] as Refs;
  // Sales' own money, and development's build servers, in both months whatever day of the month it is.
  const bookings: readonly [string, number, number, string, string][] = [
    [lastMonth, sales.id, services, '3650', 'Lead generation contract'],
    [lastMonth, sales.id, software, '129', 'CRM seats'],
    [lastMonth, development, servers, '240', 'Build servers'],
    [thisMonth, sales.id, services, '4200.5', 'Lead generation contract'],
    [thisMonth, sales.id, software, '129', 'CRM seats'],
    [thisMonth, development, servers, '255.9', 'Build servers'],
  ];
  for (const [index, [date_fact, division_id, article_id, amount, comment]] of bookings.entries()) {
    await demo.records.createIn(
      tx,
      transactionsResource,
      {
        date_fact,
        wallet_id: wallet,
        article_id,
        amount: { amount, currency: 'USD' },
        commission: { amount: '0', currency: 'USD' },
        division_id,
        hash: `demo-dept-${String(index + 1).padStart(4, '0')}`,
        comment,
      },
      demo.author,
    );
  }
}
