import { inject, injectable } from 'inversify';
import { HttpClients } from '@core/sdk/web';
import { BASE_CURRENCY } from '../../shared/currencies';
import { addDecimals } from '@core/sdk/shared';
import { isDecimal } from '../decimal';
import { financeCall, isRecord, type FinanceResult } from '../finance-result';

/** One wallet's balance, a decimal string in the wallet's currency. */
export interface WalletBalance {
  readonly id: number;
  readonly name: string;
  readonly currency: string;
  readonly balance: string;
  /** At the latest rate on or before today; null when no rate is known. */
  readonly balanceUsd: string | null;
}

export interface Balances {
  readonly wallets: readonly WalletBalance[];
  /** Σ of the dollar balances, as the server added them (wallets without a rate left out). */
  readonly totalUsd: string;
  /** Wallets whose currency has no rate yet. */
  readonly withoutRate: number;
}

/** This month's totals in US dollars, by article direction (decimal strings). */
export interface MonthTotals {
  readonly from: string | null;
  readonly to: string | null;
  readonly currency: string;
  readonly income: string;
  readonly expense: string;
  /** The month's commissions in dollars, when the server reports them. */
  readonly commission: string | null;
}

/** A decimal from a plain string or a money object (`{ amount, currency }`). */
function amountOf(value: unknown): string | null {
  if (isDecimal(value)) return value.trim();
  if (isRecord(value) && isDecimal(value.amount)) return value.amount.trim();
  return null;
}

function currencyOf(value: unknown): string | null {
  return isRecord(value) && typeof value.currency === 'string' ? value.currency : null;
}

const listOf = (body: unknown): readonly unknown[] => {
  const data = isRecord(body) ? body.data : undefined;
  if (Array.isArray(data)) return data;
  if (isRecord(data) && Array.isArray(data.data)) return data.data;
  return [];
};

/**
 * `GET dashboard/balances`: `data.data` lists the wallets with `balance` (a decimal, or money),
 * `currency` and `balance_usd`; `data.total_usd` adds the dollar balances up.
 */
export function parseBalances(body: unknown): Balances {
  const wallets = listOf(body).flatMap((raw): WalletBalance[] => {
    if (!isRecord(raw)) return [];
    const balance = amountOf(raw.balance);
    const id = Number(raw.id ?? raw.wallet_id);
    if (balance === null || !Number.isSafeInteger(id)) return [];
    const name = typeof raw.name === 'string' ? raw.name : typeof raw.wallet === 'string' ? raw.wallet : `#${id}`;
    const currency = (typeof raw.currency === 'string' ? raw.currency : null) ?? currencyOf(raw.balance) ?? '';
    const balanceUsd = currency === BASE_CURRENCY ? (amountOf(raw.balance_usd) ?? balance) : amountOf(raw.balance_usd);
    return [{ id, name, currency, balance, balanceUsd }];
  });
  const data = isRecord(body) && isRecord(body.data) ? body.data : {};
  const known = wallets.flatMap((wallet) => (wallet.balanceUsd === null ? [] : [wallet.balanceUsd]));
  return {
    wallets,
    totalUsd: amountOf(data.total_usd) ?? known.reduce((sum, amount) => addDecimals(sum, amount), '0'),
    withoutRate: wallets.length - known.length,
  };
}

const AMOUNT_KEYS = ['amount_usd', 'total_usd', 'sum_usd', 'usd', 'amount', 'total', 'sum'] as const;

/**
 * `GET dashboard/month`: `directions` (`{ direction, amount_usd }` rows), else `{ income, expense }`
 * (or `income_usd`, `expense_usd`); `commission` apart. A direction with nothing booked counts as 0.
 */
export function parseMonth(body: unknown): MonthTotals {
  const data = isRecord(body) ? body.data : undefined;
  const totals = { income: '0', expense: '0' };
  const rows = Array.isArray(data)
    ? data
    : isRecord(data) && Array.isArray(data.directions)
      ? data.directions
      : isRecord(data) && Array.isArray(data.data)
        ? data.data
        : null;
  if (rows) {
    for (const row of rows) {
      if (!isRecord(row) || (row.direction !== 'income' && row.direction !== 'expense')) continue;
      const amount = AMOUNT_KEYS.map((key) => amountOf(row[key])).find((value) => value !== null);
      if (amount) totals[row.direction] = amount;
    }
  } else if (isRecord(data)) {
    totals.income = amountOf(data.income_usd) ?? amountOf(data.income) ?? '0';
    totals.expense = amountOf(data.expense_usd) ?? amountOf(data.expense) ?? '0';
  }
  const meta = isRecord(data) ? data : {};
  return {
    from: typeof meta.from === 'string' ? meta.from : null,
    to: typeof meta.to === 'string' ? meta.to : null,
    currency: typeof meta.currency === 'string' ? meta.currency : BASE_CURRENCY,
    ...totals,
    commission: amountOf(meta.commission),
  };
}

/** The finance widgets' calls on the main dashboard; each widget keeps its own answer (`useData`). */
@injectable()
export class FinanceDashboardStore {
  constructor(@inject(HttpClients) private readonly http: HttpClients) {}

  balances(): Promise<FinanceResult<Balances>> {
    return financeCall(
      () => this.http.get('finance').get<unknown>('dashboard/balances', { silent: true }),
      parseBalances,
    );
  }

  month(): Promise<FinanceResult<MonthTotals>> {
    return financeCall(() => this.http.get('finance').get<unknown>('dashboard/month', { silent: true }), parseMonth);
  }
}
