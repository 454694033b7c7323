import type { Database } from '@core/server/database/database';
import { syncResourceTables } from '@core/server/resource';
import type { ResourceDefinition } from '@core/shared/resource/definition';
import { FINANCE_CURRENCIES } from '@plugins/finance/shared/currencies';
import { PROFILE } from './profile';

/*
 * The benchmark's data, written straight into the engine's tables with set-based INSERT … SELECT
 * over generate_series (one statement per table): 100 000 finance transactions (1 000 in the smoke run) pointing at small
 * finance directories (so every reference has a label to read), and as many bench records.
 * Values are deterministic functions of the row number, so every run sees the same data.
 */

export const ROWS = PROFILE.rows;
/** Transactions per fact date: the dates run back from LAST_DAY, ROWS / ROWS_PER_DAY = 1 000 days, however many rows. */
export const ROWS_PER_DAY = ROWS / 1_000;
export const LAST_DAY = '2026-06-30';

const COUNTS = {
  wallets: 20,
  articles: 40,
  projects: 12,
  divisions: 8,
  counterparties: 2_000,
  employees: 150,
} as const;

const currencyList = `ARRAY[${FINANCE_CURRENCIES.map((code) => `'${code}'`).join(', ')}]::text[]`;
/** The currency of wallet number `n` (1-based), as SQL. */
const walletCurrency = (n: string) => `(${currencyList})[((${n}) % ${FINANCE_CURRENCIES.length}) + 1]`;

/** `date_fact <= this` selects the oldest `rows` transactions. */
export function factDateHolding(rows: number): string {
  const days = Math.round(rows / ROWS_PER_DAY);
  const last = new Date(`${LAST_DAY}T00:00:00Z`);
  last.setUTCDate(last.getUTCDate() - (ROWS / ROWS_PER_DAY - days));
  return last.toISOString().slice(0, 10);
}

async function seedFinanceDirectories(db: Database): Promise<void> {
  const directory = (table: string, count: number, label: string) =>
    db.query(
      `INSERT INTO finance.${table} (name, code, comment, is_active)
       SELECT '${label} ' || i, 'C' || i, 'Seeded for the benchmark', i % 10 <> 0 FROM generate_series(1, ${count}) i`,
    );
  await directory('projects', COUNTS.projects, 'Project');
  await directory('divisions', COUNTS.divisions, 'Division');
  await db.query(
    `INSERT INTO finance.articles (name, code, direction, comment, is_active)
     SELECT 'Article ' || i, 'A' || i, CASE WHEN i % 3 = 0 THEN 'income' ELSE 'expense' END, NULL, true FROM generate_series(1, ${COUNTS.articles}) i`,
  );
  await db.query(
    `INSERT INTO finance.wallets (name, source, address, currency, balance, balance_currency)
     SELECT 'Wallet ' || i, 'Bank ' || (i % 4), 'addr-' || md5(i::text), ${walletCurrency('i')}, 0, ${walletCurrency('i')}
       FROM generate_series(1, ${COUNTS.wallets}) i`,
  );
  await db.query(
    `INSERT INTO finance.counterparties (name, code, email, country, comment, is_active)
     SELECT 'Counterparty ' || i || ' ' || substr(md5(i::text), 1, 6), 'CP' || i, 'billing' || i || '@partner' || (i % 97) || '.example',
            (ARRAY['Germany', 'Poland', 'Cyprus', 'Estonia', 'Georgia', 'Turkey', 'Kazakhstan'])[(i % 7) + 1], NULL, true
       FROM generate_series(1, ${COUNTS.counterparties}) i`,
  );
  await db.query(
    `INSERT INTO finance.employees (full_name, hired_date, work_type, tg_login)
     SELECT 'Employee ' || i, DATE '2020-01-01' + i, (ARRAY['full_time', 'part_time', 'contractor', 'freelance'])[(i % 4) + 1], 'emp' || i
       FROM generate_series(1, ${COUNTS.employees}) i`,
  );
}

/**
 * Transactions as the finance server stores them: amounts with their wallet's currency and USD
 * equivalents, a 64-hex-digit hash (what the list's contains filter searches), a comment.
 * Row i has fact date LAST_DAY − (i mod days) and was created i minutes before now.
 */
async function seedTransactions(db: Database): Promise<void> {
  const days = ROWS / ROWS_PER_DAY;
  const wallet = `((i % ${COUNTS.wallets}) + 1)`;
  await db.query(
    `INSERT INTO finance.transactions (
       date_fact, date_plan, wallet_id, article_id,
       amount, amount_currency, amount_usd, amount_usd_currency, commission, commission_currency, commission_usd, commission_usd_currency,
       summary, summary_currency, summary_usd, summary_usd_currency,
       project_id, division_id, counterparty_id, employee_id, hash, comment, created_at, updated_at)
     SELECT DATE '${LAST_DAY}' - (i % ${days}), CASE WHEN i % 5 = 0 THEN DATE '${LAST_DAY}' - (i % ${days}) + 3 END, ${wallet}, (i % ${COUNTS.articles}) + 1,
            a, ${walletCurrency(wallet)}, a, 'USD', c, ${walletCurrency(wallet)}, c, 'USD',
            a + c, ${walletCurrency(wallet)}, a + c, 'USD',
            CASE WHEN i % 3 = 0 THEN (i % ${COUNTS.projects}) + 1 END, (i % ${COUNTS.divisions}) + 1,
            CASE WHEN i % 4 <> 0 THEN (i * 7 % ${COUNTS.counterparties}) + 1 END, CASE WHEN i % 6 = 0 THEN (i % ${COUNTS.employees}) + 1 END,
            encode(sha256(i::text::bytea), 'hex'), 'Payment ' || i || ' for services', now() - make_interval(mins => i), now() - make_interval(mins => i)
       FROM (SELECT i, ((i * 7919) % 1000000) / 100.0 AS a, ((i * 31) % 5000) / 100.0 AS c FROM generate_series(1, ${ROWS}) i) s`,
  );
}

async function seedBenchRecords(db: Database): Promise<void> {
  await db.query(
    `INSERT INTO bench.records (title, contact, amount, amount_currency, quantity, status, active, day, checked_at, counterparty_id, notes, created_at, updated_at)
     SELECT 'Record ' || i || ' ' || substr(md5(i::text), 1, 8), 'person' || i || '@example.com', ((i * 7919) % 1000000) / 100.0,
            (ARRAY['USD', 'EUR', 'GBP'])[(i % 3) + 1], i % 1000, (ARRAY['draft', 'live', 'retired'])[(i % 3) + 1], i % 7 <> 0,
            DATE '${LAST_DAY}' - (i % 1000), now() - make_interval(secs => i * 37), (i * 13 % ${COUNTS.counterparties}) + 1,
            'Seeded for the benchmark', now() - make_interval(mins => i), now() - make_interval(mins => i)
       FROM generate_series(1, ${ROWS}) i`,
  );
}

export interface SeedTimes {
  readonly directories: number;
  readonly transactions: number;
  readonly benchRecords: number;
  readonly indexes: number;
}

/** The two large tables: their indexes are built once after the rows are in, not row by row. */
const LARGE_TABLES = [
  ['finance', 'transactions'],
  ['bench', 'records'],
] as const;

const timed = async (work: () => Promise<unknown>): Promise<number> => {
  const start = performance.now();
  await work();
  return performance.now() - start;
};

/**
 * Fills a database the server has just migrated and synced (empty tables), the server's
 * `definitions` in hand. The large tables' secondary indexes are dropped first and made again
 * afterwards by the engine's own schema sync (what every server start runs), which builds each
 * in one pass: the same indexes, several times faster than keeping them up to date row by row.
 * Refuses a database that already has transactions, so ids 1…N of the directories are the seeded ones.
 */
export async function seedBenchData(db: Database, definitions: readonly ResourceDefinition[]): Promise<SeedTimes> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM finance.transactions');
  if ((rows[0]?.n ?? 0) > 0) throw new Error('the benchmark seeds an empty database only');
  for (const [schema, table] of LARGE_TABLES) {
    const { rows: indexes } = await db.query<{ name: string }>(
      `SELECT i.relname AS name FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
        WHERE x.indrelid = $1::regclass AND NOT x.indisprimary`,
      [`${schema}.${table}`],
    );
    for (const index of indexes) await db.query(`DROP INDEX ${schema}."${index.name}"`);
  }
  const directories = await timed(() => seedFinanceDirectories(db));
  const transactions = await timed(() => seedTransactions(db));
  const benchRecords = await timed(() => seedBenchRecords(db));
  const indexes = await timed(() => syncResourceTables(db, definitions));
  return { directories, transactions, benchRecords, indexes };
}
