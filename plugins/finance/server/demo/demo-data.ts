import type { FieldValue, ResourceDefinition } from '@core/sdk/shared';
import type { Database, DemoContext, Queryable } from '@core/sdk/server';
import {
  agenciesResource,
  articlesResource,
  counterpartiesResource,
  divisionsResource,
  employeesResource,
  exchangeRatesResource,
  positionsResource,
  projectsResource,
  salaryHistoryResource,
  servicePaymentsResource,
  transactionDraftsResource,
  transactionsResource,
  verticalsResource,
  walletsResource,
} from '../../shared/resources';
import { seedCardCorrectionsDemo } from '../card-corrections/demo';
import { seedCashFlowDemo } from '../cash-flow/demo';
import { seedDepartmentsDemo } from '../departments/demo';
import { seedMotivationDemo } from '../motivation/demo';
import { seedPayModelsDemo } from '../pay-models/demo';

/**
 * Demonstration records for every finance screen: directories, wallets in several currencies,
 * 120 days of exchange rates, articles in both directions, employees with managers and salary
 * history, transactions (this month and the two before), drafts (one converted), service
 * payments, agencies, verticals and a small spreadsheet-table tree. Dates are relative to today,
 * so the dashboard's month always has figures. Every record goes through the resource engine with
 * the demo's author, so it is validated, audited and gets what the finance hooks compute: USD
 * amounts from the seeded rates, wallet balances from the transactions. Runs once: a database that
 * already has a wallet is left alone.
 */

type Values = Readonly<Record<string, FieldValue>>;

/** Creates each record through the engine; their ids in order. */
async function createAll(
  tx: Queryable,
  demo: DemoContext,
  definition: ResourceDefinition,
  rows: readonly Values[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const values of rows) ids.push((await demo.records.createIn(tx, definition, values, demo.author)).id);
  return ids;
}

const directory = (names: readonly [string, string][]): Values[] =>
  names.map(([name, code]) => ({ name, code, is_active: true }));
const money = (amount: string, currency: string) => ({ amount, currency });

/** Base USD rates for one unit; each day varies by a few tenths of a percent, deterministically. */
const BASE_RATES: readonly [string, string][] = [
  ['EUR', '1.08'],
  ['GBP', '1.27'],
  ['RUB', '0.0108'],
  ['UAH', '0.0241'],
  ['KZT', '0.00201'],
  ['PLN', '0.2505'],
  ['TRY', '0.0291'],
  ['CNY', '0.1382'],
  ['USDT', '0.9998'],
  ['USDC', '1.0001'],
  ['BTC', '91250.5'],
  ['ETH', '3120.75'],
];

export async function seedFinanceDemo(db: Database, demo: DemoContext): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows: existing } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM finance.wallets');
    if ((existing[0]?.n ?? 0) > 0) return false;
    const create = (definition: ResourceDefinition, rows: readonly Values[]) => createAll(tx, demo, definition, rows);
    const { rows: today } = await tx.query<{ day: string }>(`SELECT to_char(current_date, 'YYYY-MM-DD') AS day`);
    const day = (offset: number): string => shiftDate(today[0]?.day ?? '', offset);

    const positions = await create(
      positionsResource,
      directory([
        ['Chief executive', 'CEO'],
        ['Head of media buying', 'HMB'],
        ['Media buyer', 'MB'],
        ['Designer', 'DES'],
        ['Developer', 'DEV'],
        ['Accountant', 'ACC'],
        ['HR manager', 'HR'],
      ]),
    );
    const divisions = await create(
      divisionsResource,
      directory([
        ['Management', 'MGT'],
        ['Media buying', 'BUY'],
        ['Creative studio', 'CRE'],
        ['Development', 'DEV'],
        ['Finance and HR', 'FIN'],
      ]),
    );
    const projects = await create(
      projectsResource,
      directory([
        ['Nutra EU', 'NUTRA-EU'],
        ['Gambling LATAM', 'GMB-LATAM'],
        ['Dating US', 'DATING-US'],
        ['Crypto Tier-1', 'CRYPTO-T1'],
      ]),
    );
    const counterparty = (
      name: string,
      code: string,
      email: string | null,
      country: string,
      comment: string | null,
      is_active = true,
    ): Values => ({ name, code, email, country, comment, is_active });
    const counterparties = await create(counterpartiesResource, [
      counterparty('Meta Platforms Ireland', 'META', 'billing@meta.example', 'Ireland', 'Ad accounts top-ups'),
      counterparty('Google Ireland', 'GOOGLE', 'ads-billing@google.example', 'Ireland', null),
      counterparty('Hetzner Online', 'HETZNER', 'billing@hetzner.example', 'Germany', 'Dedicated servers'),
      counterparty('Cloudflare', 'CF', 'billing@cloudflare.example', 'United States', null),
      counterparty('Namecheap', 'NC', 'support@namecheap.example', 'United States', 'Domains'),
      counterparty('Keitaro', 'KEITARO', 'sales@keitaro.example', 'Estonia', 'Tracker licences'),
      counterparty('CPA Partners Network', 'CPAPN', 'payouts@cpapartners.example', 'Cyprus', 'Affiliate payouts'),
      counterparty('Old Media Agency', 'OMA', null, 'Poland', 'No longer used', false),
    ]);
    const article = (name: string, code: string, direction: string, comment: string | null): Values => ({
      name,
      code,
      direction,
      comment,
      is_active: true,
    });
    const [payouts, services, refunds, capital] = await create(articlesResource, [
      article('Affiliate payouts', 'IN-AFF', 'income', 'Network payouts for approved leads'),
      article('Client services', 'IN-SRV', 'income', null),
      article('Refunds', 'IN-REF', 'income', null),
      article('Owner contributions', 'IN-CAP', 'income', 'Working capital paid in by the owners'),
    ]);
    const [adSpend, salaries, servers, software, domains, fees] = await create(articlesResource, [
      article('Ad spend', 'EX-ADS', 'expense', 'Ad account top-ups'),
      article('Salaries', 'EX-SAL', 'expense', null),
      article('Servers and hosting', 'EX-SRV', 'expense', null),
      article('Software subscriptions', 'EX-SW', 'expense', null),
      article('Domains', 'EX-DOM', 'expense', null),
      article('Bank and exchange fees', 'EX-FEE', 'expense', null),
    ]);
    await create(
      verticalsResource,
      [
        ['Nutra', 1],
        ['Gambling', 2],
        ['Dating', 3],
        ['Crypto', 4],
        ['Sweepstakes', 5],
      ].map(([name, keitaro_id]) => ({ name, keitaro_id }) as Values),
    );
    await create(agenciesResource, [
      {
        name: 'Alpha Team',
        bot: '@alpha_team_bot',
        relation_sheet_id: '1aRelAlphaSheet0001',
        sheet_id: '1aAlphaSheet0001',
        notification_chat_id: '-1001234567890',
      },
      {
        name: 'Bravo Media',
        bot: '@bravo_media_bot',
        relation_sheet_id: '1aRelBravoSheet0002',
        sheet_id: '1aBravoSheet0002',
        notification_chat_id: '-1001234567891',
      },
      {
        name: 'Delta Growth',
        bot: '@delta_growth_bot',
        relation_sheet_id: null,
        sheet_id: '1aDeltaSheet0003',
        notification_chat_id: '-1001234567892',
      },
    ]);
    const wallet = (
      name: string,
      source: string,
      address: string,
      currency: string,
      comment: string | null,
    ): Values => ({ name, source, address, currency, comment });
    const [usdBank, eurWise, usdt, rubCard, btc] = await create(walletsResource, [
      wallet('Main account USD', 'Bank', 'US12 3456 7890 1234', 'USD', 'Operating account'),
      wallet('Operations EUR', 'Wise', 'BE71 0961 2345 6769', 'EUR', null),
      wallet('USDT TRC20', 'Crypto wallet', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', 'USDT', 'Ad account top-ups'),
      wallet('RUB card', 'Card', '2200 1234 5678 9012', 'RUB', null),
      wallet('BTC cold storage', 'Hardware wallet', 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh', 'BTC', 'Reserve'),
    ]);

    // 120 days of rates up to today, each a base rate moved by up to ±0.6 % on a fixed pattern (exact decimals, from SQL).
    const { rows: rates } = await tx.query<{ currency: string; rate_date: string; usd_rate: string }>(
      `SELECT b.currency, to_char(d, 'YYYY-MM-DD') AS rate_date,
              trim_scale(round(b.rate::numeric * (1 + ((extract(doy FROM d)::int * 37 + length(b.currency) * 11) % 13 - 6)::numeric / 1000), 8))::text AS usd_rate
         FROM unnest($1::text[], $2::text[]) AS b(currency, rate)
        CROSS JOIN generate_series(current_date - 119, current_date, interval '1 day') AS d
        ORDER BY d, b.currency`,
      [BASE_RATES.map(([currency]) => currency), BASE_RATES.map(([, rate]) => rate)],
    );
    await create(exchangeRatesResource, rates);

    const person = (
      full_name: string,
      hired_date: string,
      fired_date: string | null,
      position: number | undefined,
      division: number | undefined,
      manager: number | null,
      salary: string,
      currency: string,
      login: string,
    ): Values => ({
      full_name,
      hired_date,
      fired_date,
      birth_date: '1990-05-17',
      work_type: 'full_time',
      position_id: position ?? null,
      division_id: division ?? null,
      manager_id: manager,
      base_salary: money(salary, currency),
      messenger_login: login,
      tg_login: `@${login}`,
    });
    const people = [
      person('Anna Kowalska', '2021-02-01', null, positions[0], divisions[0], null, '9000', 'USD', 'anna.k'),
    ];
    const [ceo] = await create(employeesResource, people);
    const leads = [
      person('Marco Rossi', '2021-06-14', null, positions[1], divisions[1], ceo ?? null, '6000', 'USD', 'marco.r'),
      person('Olena Shevchenko', '2022-01-10', null, positions[4], divisions[3], ceo ?? null, '5500', 'USD', 'olena.s'),
    ];
    const [headBuying, headDev] = await create(employeesResource, leads);
    const team = [
      person(
        'Jakub Nowak',
        '2022-09-01',
        null,
        positions[2],
        divisions[1],
        headBuying ?? null,
        '2500',
        'USD',
        'jakub.n',
      ),
      person(
        'Sofia Martins',
        '2023-03-20',
        null,
        positions[2],
        divisions[1],
        headBuying ?? null,
        '2300',
        'EUR',
        'sofia.m',
      ),
      person(
        'Dmitry Ivanov',
        '2023-07-03',
        '2025-12-31',
        positions[2],
        divisions[1],
        headBuying ?? null,
        '180000',
        'RUB',
        'dmitry.i',
      ),
      person('Lena Fischer', '2022-11-15', null, positions[3], divisions[2], ceo ?? null, '2100', 'EUR', 'lena.f'),
      person('Pavel Horak', '2024-02-01', null, positions[4], divisions[3], headDev ?? null, '3200', 'USDT', 'pavel.h'),
      person('Maria Lopez', '2021-04-01', null, positions[5], divisions[4], ceo ?? null, '2800', 'USD', 'maria.l'),
    ];
    const staff = await create(employeesResource, team);
    // Two periods each: the salary before and after a raise at the start of this year.
    const yearStart = `${day(0).slice(0, 4)}-01-01`;
    const periods: Values[] = [];
    for (const [index, employee] of [...people, ...leads, ...team].entries()) {
      const id = [ceo, headBuying, headDev, ...staff][index];
      const hired = employee.hired_date as string;
      const fired = employee.fired_date as string | null;
      const salary = employee.base_salary as { amount: string; currency: string };
      if (hired < yearStart) {
        const start = shiftDate(yearStart, -365);
        periods.push({
          employee_id: id ?? null,
          date_start: hired > start ? hired : start,
          date_end: shiftDate(yearStart, -1),
          salary: money(String((Number(salary.amount) * 9) / 10), salary.currency),
        });
      }
      if (fired === null || fired >= yearStart)
        periods.push({
          employee_id: id ?? null,
          date_start: hired > yearStart ? hired : yearStart,
          date_end: fired,
          salary,
        });
    }
    await create(salaryHistoryResource, periods);

    // Payment dates: the same day of next month as the start, so the list has upcoming dates.
    const nextMonth = shiftMonths(`${day(0).slice(0, 7)}-01`, 1);
    const payment = (
      name: string,
      price: string,
      currency: string,
      start_date: string,
      employee: number | undefined,
      comment: string | null,
    ): Values => ({
      name,
      price: money(price, currency),
      start_date,
      payment_date: shiftDate(nextMonth, Number(start_date.slice(8, 10)) - 1),
      employee_id: employee ?? null,
      comment,
    });
    await create(servicePaymentsResource, [
      payment('Keitaro tracker licence', '149', 'USD', '2024-01-01', headBuying, 'Monthly, paid from the USD account'),
      payment('Hetzner dedicated servers', '312.5', 'EUR', '2023-06-01', headDev, null),
      payment('Cloudflare Pro', '25', 'USD', '2024-03-15', headDev, null),
      payment('AdsPower team plan', '109', 'USD', '2024-05-01', headBuying, 'Anti-detect browser'),
      payment('Figma Professional', '45', 'USD', '2023-02-01', staff[3], null),
      payment('Accounting software', '39.99', 'EUR', '2022-01-01', staff[5], null),
    ]);

    const currencyOf = new Map<number | undefined, string>([
      [usdBank, 'USD'],
      [eurWise, 'EUR'],
      [usdt, 'USDT'],
      [rubCard, 'RUB'],
      [btc, 'BTC'],
    ]);
    // Transactions: [days ago, wallet, article, amount, commission, project, counterparty, employee, comment]
    type Booking = readonly [
      number,
      number | undefined,
      number | undefined,
      string,
      string,
      number | undefined,
      number | undefined,
      number | undefined,
      string,
    ];
    const bookings: Booking[] = [];
    const walletsInRotation = [usdBank, usdt, eurWise];
    for (let offset = 0; offset < 75; offset += 3) {
      const rotated = walletsInRotation[(offset / 3) % 3];
      bookings.push([
        offset,
        rotated,
        payouts,
        `${1800 + ((offset * 137) % 900)}.${String((offset * 7) % 100).padStart(2, '0')}`,
        '0',
        projects[offset % 4],
        counterparties[6],
        undefined,
        'Network payout',
      ]);
      bookings.push([
        offset + 1,
        usdt,
        adSpend,
        `${950 + ((offset * 71) % 600)}.5`,
        '1',
        projects[(offset + 1) % 4],
        counterparties[0],
        staff[0],
        'Ad account top-up',
      ]);
    }
    // The ad top-ups outspend the payouts the USDT wallet receives, so the owners fund it before the first top-up: no wallet is ever negative.
    bookings.push(
      [80, usdt, capital, '18000', '0', undefined, undefined, undefined, 'Working capital for ad top-ups'],
      [2, usdBank, salaries, '2500', '0', undefined, undefined, staff[0], 'Salary'],
      [2, eurWise, salaries, '2300', '4.5', undefined, undefined, staff[1], 'Salary'],
      [5, eurWise, servers, '312.5', '0', undefined, counterparties[2], undefined, 'Dedicated servers'],
      [6, usdBank, software, '149', '0', undefined, counterparties[5], undefined, 'Keitaro licence'],
      [9, usdBank, domains, '86.4', '0', undefined, counterparties[4], undefined, '12 domains'],
      [12, rubCard, services, '150000', '0', projects[0], undefined, undefined, 'Consulting'],
      [10, rubCard, fees, '1200', '0', undefined, undefined, undefined, 'Card service'],
      [20, btc, payouts, '0.12345678', '0.00002', projects[3], counterparties[6], undefined, 'Crypto payout'],
      [33, usdBank, refunds, '420', '0', undefined, counterparties[0], undefined, 'Unused ad balance returned'],
      [35, usdBank, salaries, '2800', '0', undefined, undefined, staff[5], 'Salary'],
    );
    const transaction = (
      [daysAgo, walletId, articleId, amount, commission, project, counterpartyId, employee, comment]: Booking,
      hash: string,
    ): Values => {
      const currency = currencyOf.get(walletId) ?? 'USD';
      return {
        date_fact: day(-daysAgo),
        wallet_id: walletId ?? null,
        article_id: articleId ?? null,
        amount: money(amount, currency),
        commission: money(commission, currency),
        project_id: project ?? null,
        counterparty_id: counterpartyId ?? null,
        employee_id: employee ?? null,
        hash,
        comment,
      };
    };
    await create(
      transactionsResource,
      bookings.map((booking, index) => transaction(booking, `demo-tx-${String(index + 1).padStart(4, '0')}`)),
    );

    const draft = (
      walletId: number | undefined,
      amount: string,
      commission: string,
      hash: string,
      daysAgo: number,
    ): Values => {
      const currency = currencyOf.get(walletId) ?? 'USD';
      return {
        wallet_id: walletId ?? null,
        amount: money(amount, currency),
        commission: money(commission, currency),
        hash,
        draft_date: day(-daysAgo),
      };
    };
    const drafts = await create(transactionDraftsResource, [
      draft(usdt, '1250.00', '2.5', 'draft-0xa1b2c3', 1),
      draft(usdBank, '980.75', '1', 'draft-0xd4e5f6', 2),
      draft(eurWise, '640', '0', 'draft-wise-7781', 3),
      draft(usdt, '310.2', '0.5', 'draft-0x778899', 4),
      draft(usdBank, '75', '0', 'draft-0xaabbcc', 6),
    ]);
    // The oldest draft has been turned into a transaction already, as the convert action does it.
    const converted = drafts[drafts.length - 1];
    if (converted !== undefined) {
      const booking = transaction(
        [6, usdBank, software, '75', '0', undefined, counterparties[3], undefined, 'From draft'],
        'draft-0xaabbcc',
      );
      const [transactionId] = await create(transactionsResource, [{ ...booking, transaction_draft_id: converted }]);
      await demo.records.changeIn(
        tx,
        transactionDraftsResource,
        converted,
        { action: 'convert', values: { transaction_id: transactionId ?? null } },
        demo.author,
      );
    }

    // The spreadsheet tables are the plugin's own tree, not engine records.
    const tables = async (
      rows: readonly (readonly [string, string, string, number | null, number])[],
    ): Promise<(number | undefined)[]> => {
      const ids: (number | undefined)[] = [];
      for (const row of rows) {
        const { rows: inserted } = await tx.query<{ id: number }>(
          'INSERT INTO finance.google_tables (name_en, name_ru, spreadsheet_id, parent_id, position) VALUES ($1, $2, $3, $4, $5) RETURNING id::int AS id',
          row,
        );
        ids.push(inserted[0]?.id);
      }
      return ids;
    };
    const [reports, buying] = await tables([
      ['Finance reports', 'Финансовые отчёты', '1FinReportsDemoSheet0001', null, 0],
      ['Media buying', 'Закупка трафика', '1MediaBuyingDemoSheet002', null, 1],
    ]);
    const [monthly] = await tables([
      ['Monthly P&L', 'Ежемесячный P&L', '1MonthlyPnLDemoSheet0003', reports ?? null, 0],
      ['Cash flow', 'Движение денег', '1CashFlowDemoSheet000004', reports ?? null, 1],
      ['Spend by team', 'Расход по командам', '1SpendByTeamDemoSheet005', buying ?? null, 0],
    ]);
    await tables([['P&L by project', 'P&L по проектам', '1PnLByProjectDemoSheet06', monthly ?? null, 0]]);
    await seedCashFlowDemo(tx, demo);
    await seedDepartmentsDemo(tx, demo);
    await seedCardCorrectionsDemo(tx, demo);
    await seedPayModelsDemo(tx, demo);
    // Last: it computes pay from the models the pay models' demo assigns.
    await seedMotivationDemo(tx, demo);
    return true;
  });
}

/** `YYYY-MM-DD` moved by whole days (calendar arithmetic in UTC, so no time zone shifts the date). */
function shiftDate(date: string, days: number): string {
  const moved = new Date(`${date}T00:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}

function shiftMonths(date: string, months: number): string {
  const moved = new Date(`${date}T00:00:00Z`);
  moved.setUTCMonth(moved.getUTCMonth() + months);
  return moved.toISOString().slice(0, 10);
}
