import type { Database, Queryable } from '@core/server/database/database';
import { BASE_CURRENCY } from '../../shared/currencies';
import { refreshAllBalances } from '../transactions/balances';

/**
 * Demonstration records for every finance screen: directories, wallets in several currencies,
 * 120 days of exchange rates, articles in both directions, employees with managers and salary
 * history, transactions (this month and the two before), drafts (one converted), service
 * payments, agencies, verticals and a small spreadsheet-table tree. Dates are relative to today,
 * so the dashboard's month always has figures. USD amounts come from the seeded rates and the
 * balances are recomputed from the transactions, exactly as the API would store them. Runs once:
 * a database that already has a wallet is left alone.
 */

type Row = readonly (string | number | boolean | null)[];

async function insertRows(tx: Queryable, table: string, columns: readonly string[], rows: readonly Row[]): Promise<number[]> {
  const ids: number[] = [];
  for (const row of rows) {
    const placeholders = row.map((_, index) => `$${index + 1}`).join(', ');
    const { rows: inserted } = await tx.query<{ id: number }>(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${placeholders}) RETURNING id::int AS id`,
      row,
    );
    ids.push((inserted[0] as { id: number }).id);
  }
  return ids;
}

const directory = (names: readonly [string, string][]): Row[] => names.map(([name, code]) => [name, code, null, true]);

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

export async function seedFinanceDemo(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows: existing } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM finance.wallets');
    if ((existing[0]?.n ?? 0) > 0) return false;

    const directoryColumns = ['name', 'code', 'comment', 'is_active'];
    const positions = await insertRows(tx, 'finance.positions', directoryColumns, directory([
      ['Chief executive', 'CEO'], ['Head of media buying', 'HMB'], ['Media buyer', 'MB'], ['Designer', 'DES'], ['Developer', 'DEV'], ['Accountant', 'ACC'], ['HR manager', 'HR'],
    ]));
    const divisions = await insertRows(tx, 'finance.divisions', directoryColumns, directory([
      ['Management', 'MGT'], ['Media buying', 'BUY'], ['Creative studio', 'CRE'], ['Development', 'DEV'], ['Finance and HR', 'FIN'],
    ]));
    const projects = await insertRows(tx, 'finance.projects', directoryColumns, directory([
      ['Nutra EU', 'NUTRA-EU'], ['Gambling LATAM', 'GMB-LATAM'], ['Dating US', 'DATING-US'], ['Crypto Tier-1', 'CRYPTO-T1'],
    ]));
    const counterparties = await insertRows(tx, 'finance.counterparties', ['name', 'code', 'email', 'country', 'comment', 'is_active'], [
      ['Meta Platforms Ireland', 'META', 'billing@meta.example', 'Ireland', 'Ad accounts top-ups', true],
      ['Google Ireland', 'GOOGLE', 'ads-billing@google.example', 'Ireland', null, true],
      ['Hetzner Online', 'HETZNER', 'billing@hetzner.example', 'Germany', 'Dedicated servers', true],
      ['Cloudflare', 'CF', 'billing@cloudflare.example', 'United States', null, true],
      ['Namecheap', 'NC', 'support@namecheap.example', 'United States', 'Domains', true],
      ['Keitaro', 'KEITARO', 'sales@keitaro.example', 'Estonia', 'Tracker licences', true],
      ['CPA Partners Network', 'CPAPN', 'payouts@cpapartners.example', 'Cyprus', 'Affiliate payouts', true],
      ['Old Media Agency', 'OMA', null, 'Poland', 'No longer used', false],
    ]);
    const articleColumns = ['name', 'code', 'direction', 'comment', 'is_active'];
    const [payouts, services, refunds] = await insertRows(tx, 'finance.articles', articleColumns, [
      ['Affiliate payouts', 'IN-AFF', 'income', 'Network payouts for approved leads', true],
      ['Client services', 'IN-SRV', 'income', null, true],
      ['Refunds', 'IN-REF', 'income', null, true],
    ]);
    const [adSpend, salaries, servers, software, domains, fees] = await insertRows(tx, 'finance.articles', articleColumns, [
      ['Ad spend', 'EX-ADS', 'expense', 'Ad account top-ups', true],
      ['Salaries', 'EX-SAL', 'expense', null, true],
      ['Servers and hosting', 'EX-SRV', 'expense', null, true],
      ['Software subscriptions', 'EX-SW', 'expense', null, true],
      ['Domains', 'EX-DOM', 'expense', null, true],
      ['Bank and exchange fees', 'EX-FEE', 'expense', null, true],
    ]);
    await insertRows(tx, 'finance.verticals', ['name', 'keitaro_id'], [
      ['Nutra', 1], ['Gambling', 2], ['Dating', 3], ['Crypto', 4], ['Sweepstakes', 5],
    ]);
    await insertRows(tx, 'finance.agencies', ['name', 'bot', 'relation_sheet_id', 'sheet_id', 'notification_chat_id'], [
      ['Alpha Team', '@alpha_team_bot', '1aRelAlphaSheet0001', '1aAlphaSheet0001', '-1001234567890'],
      ['Bravo Media', '@bravo_media_bot', '1aRelBravoSheet0002', '1aBravoSheet0002', '-1001234567891'],
      ['Delta Growth', '@delta_growth_bot', null, '1aDeltaSheet0003', '-1001234567892'],
    ]);
    const walletColumns = ['name', 'source', 'address', 'currency', 'balance', 'balance_currency', 'comment'];
    const [usdBank, eurWise, usdt, rubCard, btc] = await insertRows(tx, 'finance.wallets', walletColumns, [
      ['Main account USD', 'Bank', 'US12 3456 7890 1234', 'USD', '0', 'USD', 'Operating account'],
      ['Operations EUR', 'Wise', 'BE71 0961 2345 6769', 'EUR', '0', 'EUR', null],
      ['USDT TRC20', 'Crypto wallet', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', 'USDT', '0', 'USDT', 'Ad account top-ups'],
      ['RUB card', 'Card', '2200 1234 5678 9012', 'RUB', '0', 'RUB', null],
      ['BTC cold storage', 'Hardware wallet', 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh', 'BTC', '0', 'BTC', 'Reserve'],
    ]);

    // 120 days of rates up to today, each a base rate moved by up to ±0.6 % on a fixed pattern.
    await tx.query(
      `INSERT INTO finance.exchange_rates (currency, rate_date, usd_rate)
       SELECT b.currency, d::date, round(b.rate::numeric * (1 + ((extract(doy FROM d)::int * 37 + length(b.currency) * 11) % 13 - 6)::numeric / 1000), 8)
         FROM unnest($1::text[], $2::text[]) AS b(currency, rate)
        CROSS JOIN generate_series(current_date - 119, current_date, interval '1 day') AS d`,
      [BASE_RATES.map(([currency]) => currency), BASE_RATES.map(([, rate]) => rate)],
    );

    const employeeColumns = ['full_name', 'hired_date', 'fired_date', 'birth_date', 'work_type', 'position_id', 'division_id', 'manager_id',
      'card_number', 'wallet', 'base_salary', 'base_salary_currency', 'messenger_login', 'tg_login'];
    const person = (name: string, hired: string, fired: string | null, position: number | undefined, division: number | undefined, manager: number | null, salary: string, currency: string, login: string): Row =>
      [name, hired, fired, '1990-05-17', 'full_time', position ?? null, division ?? null, manager, null, null, salary, currency, login, `@${login}`];
    const [ceo] = await insertRows(tx, 'finance.employees', employeeColumns, [person('Anna Kowalska', '2021-02-01', null, positions[0], divisions[0], null, '9000', 'USD', 'anna.k')]);
    const [headBuying, headDev] = await insertRows(tx, 'finance.employees', employeeColumns, [
      person('Marco Rossi', '2021-06-14', null, positions[1], divisions[1], ceo ?? null, '6000', 'USD', 'marco.r'),
      person('Olena Shevchenko', '2022-01-10', null, positions[4], divisions[3], ceo ?? null, '5500', 'USD', 'olena.s'),
    ]);
    const staff = await insertRows(tx, 'finance.employees', employeeColumns, [
      person('Jakub Nowak', '2022-09-01', null, positions[2], divisions[1], headBuying ?? null, '2500', 'USD', 'jakub.n'),
      person('Sofia Martins', '2023-03-20', null, positions[2], divisions[1], headBuying ?? null, '2300', 'EUR', 'sofia.m'),
      person('Dmitry Ivanov', '2023-07-03', '2025-12-31', positions[2], divisions[1], headBuying ?? null, '180000', 'RUB', 'dmitry.i'),
      person('Lena Fischer', '2022-11-15', null, positions[3], divisions[2], ceo ?? null, '2100', 'EUR', 'lena.f'),
      person('Pavel Horak', '2024-02-01', null, positions[4], divisions[3], headDev ?? null, '3200', 'USDT', 'pavel.h'),
      person('Maria Lopez', '2021-04-01', null, positions[5], divisions[4], ceo ?? null, '2800', 'USD', 'maria.l'),
    ]);
    const everyone = [ceo, headBuying, headDev, ...staff].filter((id): id is number => id !== undefined);
    // Two periods each: the salary before and after a raise at the start of this year.
    await tx.query(
      `INSERT INTO finance.salary_history (employee_id, date_start, date_end, salary, salary_currency)
       SELECT e.id, greatest(e.hired_date, date_trunc('year', current_date)::date - 365), date_trunc('year', current_date)::date - 1,
              round(e.base_salary * 0.9, 2), e.base_salary_currency
         FROM finance.employees e WHERE e.id = ANY($1::bigint[]) AND e.hired_date < date_trunc('year', current_date)::date
       UNION ALL
       SELECT e.id, greatest(e.hired_date, date_trunc('year', current_date)::date), e.fired_date, e.base_salary, e.base_salary_currency
         FROM finance.employees e WHERE e.id = ANY($1::bigint[]) AND (e.fired_date IS NULL OR e.fired_date >= date_trunc('year', current_date)::date)`,
      [everyone],
    );

    await insertRows(tx, 'finance.service_payments', ['name', 'price', 'price_currency', 'start_date', 'payment_date', 'employee_id', 'comment'], [
      ['Keitaro tracker licence', '149', 'USD', '2024-01-01', null, headBuying ?? null, 'Monthly, paid from the USD account'],
      ['Hetzner dedicated servers', '312.5', 'EUR', '2023-06-01', null, headDev ?? null, null],
      ['Cloudflare Pro', '25', 'USD', '2024-03-15', null, headDev ?? null, null],
      ['AdsPower team plan', '109', 'USD', '2024-05-01', null, headBuying ?? null, 'Anti-detect browser'],
      ['Figma Professional', '45', 'USD', '2023-02-01', null, staff[3] ?? null, null],
      ['Accounting software', '39.99', 'EUR', '2022-01-01', null, staff[5] ?? null, null],
    ]);
    // Payment dates: the same day of next month as the start, so the list has upcoming dates.
    await tx.query(`UPDATE finance.service_payments SET payment_date = (date_trunc('month', current_date) + interval '1 month' + (extract(day FROM start_date)::int - 1) * interval '1 day')::date`);

    // Transactions: [days ago, wallet, article, amount, commission, project, counterparty, employee, comment]
    type Booking = readonly [number, number | undefined, number | undefined, string, string, number | undefined, number | undefined, number | undefined, string];
    const bookings: Booking[] = [];
    const walletsInRotation = [usdBank, usdt, eurWise];
    for (let day = 0; day < 75; day += 3) {
      const wallet = walletsInRotation[(day / 3) % 3];
      bookings.push([day, wallet, payouts, `${1800 + ((day * 137) % 900)}.${String((day * 7) % 100).padStart(2, '0')}`, '0', projects[day % 4], counterparties[6], undefined, 'Network payout']);
      bookings.push([day + 1, usdt, adSpend, `${950 + ((day * 71) % 600)}.5`, '1', projects[(day + 1) % 4], counterparties[0], staff[0], 'Ad account top-up']);
    }
    bookings.push(
      [2, usdBank, salaries, '2500', '0', undefined, undefined, staff[0], 'Salary'],
      [2, eurWise, salaries, '2300', '4.5', undefined, undefined, staff[1], 'Salary'],
      [5, eurWise, servers, '312.5', '0', undefined, counterparties[2], undefined, 'Dedicated servers'],
      [6, usdBank, software, '149', '0', undefined, counterparties[5], undefined, 'Keitaro licence'],
      [9, usdBank, domains, '86.4', '0', undefined, counterparties[4], undefined, '12 domains'],
      [12, rubCard, services, '150000', '0', projects[0], undefined, undefined, 'Consulting'],
      [14, rubCard, fees, '1200', '0', undefined, undefined, undefined, 'Card service'],
      [20, btc, payouts, '0.12345678', '0.00002', projects[3], counterparties[6], undefined, 'Crypto payout'],
      [33, usdBank, refunds, '420', '0', undefined, counterparties[0], undefined, 'Unused ad balance returned'],
      [35, usdBank, salaries, '2800', '0', undefined, undefined, staff[5], 'Salary'],
    );
    let hash = 0;
    for (const [daysAgo, wallet, article, amount, commission, project, counterparty, employee, comment] of bookings) {
      hash += 1;
      await insertTransaction(tx, { daysAgo, wallet: wallet ?? 0, article: article ?? 0, amount, commission, project, counterparty, employee, comment, hash: `demo-tx-${String(hash).padStart(4, '0')}` });
    }
    const { rows: draftRows } = await tx.query<{ id: number }>(
      `INSERT INTO finance.transaction_drafts (wallet_id, amount, amount_currency, commission, commission_currency, hash, draft_date)
       SELECT w.id, d.amount, w.currency, d.commission, w.currency, d.hash, current_date - d.days_ago
         FROM (VALUES ($1::bigint, '1250.00'::numeric, '2.5'::numeric, 'draft-0xa1b2c3', 1),
                      ($2::bigint, '980.75', '1', 'draft-0xd4e5f6', 2),
                      ($3::bigint, '640', '0', 'draft-wise-7781', 3),
                      ($1::bigint, '310.2', '0.5', 'draft-0x778899', 4),
                      ($2::bigint, '75', '0', 'draft-0xaabbcc', 6)) AS d(wallet_id, amount, commission, hash, days_ago)
         JOIN finance.wallets w ON w.id = d.wallet_id
       RETURNING id::int AS id`,
      [usdt, usdBank, eurWise],
    );
    await tx.query(
      `UPDATE finance.transaction_drafts d SET amount_usd = round(d.amount * r.rate, 8), amount_usd_currency = 'USD',
              commission_usd = round(d.commission * r.rate, 8), commission_usd_currency = 'USD'
         FROM (SELECT dd.id, CASE WHEN dd.amount_currency = $1 THEN 1::numeric ELSE
                 (SELECT usd_rate FROM finance.exchange_rates x WHERE x.currency = dd.amount_currency AND x.rate_date <= dd.draft_date
                   ORDER BY rate_date DESC LIMIT 1) END AS rate FROM finance.transaction_drafts dd) r
        WHERE r.id = d.id`,
      [BASE_CURRENCY],
    );
    // The oldest draft has been turned into a transaction already.
    const converted = draftRows[draftRows.length - 1]?.id;
    if (converted !== undefined) {
      const transactionId = await insertTransaction(tx, {
        daysAgo: 6, wallet: usdBank ?? 0, article: software ?? 0, amount: '75', commission: '0', project: undefined, counterparty: counterparties[3], employee: undefined, comment: 'From draft', hash: 'draft-0xaabbcc',
      });
      await tx.query('UPDATE finance.transactions SET transaction_draft_id = $1 WHERE id = $2', [converted, transactionId]);
      await tx.query('UPDATE finance.transaction_drafts SET transaction_id = $1 WHERE id = $2', [transactionId, converted]);
    }
    await refreshAllBalances(tx);

    const [reports, buying] = await insertRows(tx, 'finance.google_tables', ['name_en', 'name_ru', 'spreadsheet_id', 'parent_id', 'position'], [
      ['Finance reports', 'Финансовые отчёты', '1FinReportsDemoSheet0001', null, 0],
      ['Media buying', 'Закупка трафика', '1MediaBuyingDemoSheet002', null, 1],
    ]);
    const [monthly] = await insertRows(tx, 'finance.google_tables', ['name_en', 'name_ru', 'spreadsheet_id', 'parent_id', 'position'], [
      ['Monthly P&L', 'Ежемесячный P&L', '1MonthlyPnLDemoSheet0003', reports ?? null, 0],
      ['Cash flow', 'Движение денег', '1CashFlowDemoSheet000004', reports ?? null, 1],
      ['Spend by team', 'Расход по командам', '1SpendByTeamDemoSheet005', buying ?? null, 0],
    ]);
    await insertRows(tx, 'finance.google_tables', ['name_en', 'name_ru', 'spreadsheet_id', 'parent_id', 'position'], [
      ['P&L by project', 'P&L по проектам', '1PnLByProjectDemoSheet06', monthly ?? null, 0],
    ]);
    return true;
  });
}

interface DemoTransaction {
  readonly daysAgo: number;
  readonly wallet: number;
  readonly article: number;
  readonly amount: string;
  readonly commission: string;
  readonly project: number | undefined;
  readonly counterparty: number | undefined;
  readonly employee: number | undefined;
  readonly comment: string;
  readonly hash: string;
}

/** One transaction with its USD amounts from the seeded rates, as the API would compute them. */
async function insertTransaction(tx: Queryable, booking: DemoTransaction): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `WITH w AS (SELECT id, currency FROM finance.wallets WHERE id = $1),
          r AS (SELECT CASE WHEN w.currency = $10 THEN 1::numeric ELSE
                  (SELECT usd_rate FROM finance.exchange_rates x WHERE x.currency = w.currency AND x.rate_date <= current_date - $3::int
                    ORDER BY rate_date DESC LIMIT 1) END AS rate FROM w)
     INSERT INTO finance.transactions (date_fact, wallet_id, article_id, amount, amount_currency, commission, commission_currency,
                                      amount_usd, amount_usd_currency, commission_usd, commission_usd_currency,
                                      summary, summary_currency, summary_usd, summary_usd_currency,
                                      project_id, counterparty_id, employee_id, hash, comment)
     SELECT current_date - $3::int, w.id, $2, $4::numeric, w.currency, $5::numeric, w.currency,
            round($4::numeric * r.rate, 8), $10, round($5::numeric * r.rate, 8), $10,
            $4::numeric + $5::numeric, w.currency, round($4::numeric * r.rate, 8) + round($5::numeric * r.rate, 8), $10,
            $6, $7, $8, $9, $11
       FROM w, r
     RETURNING id::int AS id`,
    [booking.wallet, booking.article, booking.daysAgo, booking.amount, booking.commission, booking.project ?? null, booking.counterparty ?? null,
      booking.employee ?? null, booking.hash, BASE_CURRENCY, booking.comment],
  );
  return (rows[0] as { id: number }).id;
}
