import type { Money } from '@core/sdk/shared';
import { ApiError, validationError, type RecordWriter, type ResourceHooks, type WriteContext } from '@core/sdk/server';
import { BASE_CURRENCY } from '../shared/currencies';
import {
  articlesResource,
  employeesResource,
  exchangeRatesResource,
  salaryHistoryResource,
  transactionDraftsResource,
  transactionsResource,
  walletsResource,
} from '../shared/resources';
import { assertNotAdjusting } from './card-corrections/adjusting-lock';
import {
  employeeStatusCondition,
  EMPLOYEE_STATUSES,
  DEFAULT_EMPLOYEE_STATUS,
  type EmployeeStatus,
} from './employees/employee-status';
import { assertNoManagerCycle, assertSalaryPeriodFree } from './employees/hierarchy';
import { assertNotPayroll } from './motivation/payroll-lock';
import {
  applyBalanceChange,
  balanceDerived,
  lockWallets,
  refreshBalances,
  walletsUsingArticle,
  type BalanceEntry,
} from './transactions/balances';
import { ALREADY_CONVERTED_MESSAGE } from './transactions/convert-draft';
import { draftComputedValues, transactionComputedValues } from './transactions/transaction-rules';

/**
 * What the finance server adds to the generic resources, run by the engine inside each write's
 * transaction (core/server/resource/hooks.ts): computed money fields, wallet balances, and the
 * checks a field definition cannot express.
 */

type Snapshot = Readonly<Record<string, unknown>> | null;

const idOf = (value: unknown): number | null => (typeof value === 'number' ? value : null);
const walletOf = (snapshot: Snapshot): number | null => idOf(snapshot?.wallet_id);
const amountOf = (value: unknown): string | null =>
  typeof value === 'object' && value !== null && typeof (value as Money).amount === 'string'
    ? (value as Money).amount
    : null;

/** What a stored transaction adds to its wallet's balance, read from the engine's snapshot. */
function balanceEntry(snapshot: Snapshot): BalanceEntry | null {
  const wallet = walletOf(snapshot);
  const article = idOf(snapshot?.article_id);
  const amount = amountOf(snapshot?.amount);
  if (wallet === null || article === null || amount === null) return null;
  return { wallet_id: wallet, article_id: article, amount, commission: amountOf(snapshot?.commission) };
}

const transactionHooks = (records: RecordWriter): ResourceHooks => ({
  async beforeWrite({ tx, id, before, next, action }: WriteContext) {
    if (action === 'update' && id !== null) await assertNotAdjusting(tx, id);
    // Both wallets (old and new) are locked in id order before anything else, so writers queue.
    await lockWallets(
      tx,
      [walletOf(before), walletOf(next)].filter((wallet): wallet is number => wallet !== null),
    );
    if (action === 'delete') return undefined;
    return transactionComputedValues(tx, next);
  },
  async afterWrite({ tx, before, after }) {
    // The wallets were locked by beforeWrite; the balance moves by this change alone.
    await applyBalanceChange(tx, records, balanceEntry(before), balanceEntry(after));
  },
});

const draftHooks: ResourceHooks = {
  async beforeWrite({ tx, id, before, next, action }) {
    if (before && before.transaction_id !== null && before.transaction_id !== undefined && action === 'update') {
      throw new ApiError(409, ALREADY_CONVERTED_MESSAGE);
    }
    if (action === 'update' && id !== null) await assertNotPayroll(tx, id);
    if (action === 'delete') return undefined;
    return draftComputedValues(tx, next);
  },
};

const walletHooks: ResourceHooks = {
  async beforeWrite({ tx, id, before, next, action }) {
    if (action === 'create') return { balance: { amount: '0', currency: String(next.currency) } satisfies Money };
    if (action !== 'update' || !before || before.currency === next.currency) return undefined;
    const { rows } = await tx.query('SELECT 1 FROM finance.transactions WHERE wallet_id = $1 LIMIT 1', [id]);
    if (rows.length > 0) throw validationError({ currency: ['A wallet with transactions keeps its currency.'] });
    const { rows: drafts } = await tx.query('SELECT 1 FROM finance.transaction_drafts WHERE wallet_id = $1 LIMIT 1', [
      id,
    ]);
    if (drafts.length > 0) throw validationError({ currency: ['A wallet with drafts keeps its currency.'] });
    return { balance: { amount: '0', currency: String(next.currency) } satisfies Money };
  },
  derived: balanceDerived,
};

const articleHooks = (records: RecordWriter): ResourceHooks => ({
  async afterWrite({ tx, id, before, after }) {
    // A changed direction turns the article's income into expense (or back) in every wallet.
    if (id !== null && before && after && before.direction !== after.direction)
      await refreshBalances(tx, records, await walletsUsingArticle(tx, id));
  },
});

const rateHooks: ResourceHooks = {
  async beforeWrite({ next, action }) {
    if (action !== 'delete' && next.currency === BASE_CURRENCY)
      throw validationError({ currency: [`${BASE_CURRENCY} is always 1: it needs no rate.`] });
    return undefined;
  },
};

const employeeHooks: ResourceHooks = {
  async beforeWrite({ tx, id, values, action }) {
    if (action === 'delete' || !Object.hasOwn(values, 'manager_id')) return undefined;
    await assertNoManagerCycle(tx, id, idOf(values.manager_id));
    return undefined;
  },
  listScope: {
    param: 'status',
    values: EMPLOYEE_STATUSES,
    default: DEFAULT_EMPLOYEE_STATUS,
    condition: (value, alias) => employeeStatusCondition(value as EmployeeStatus, alias),
  },
};

const salaryHooks: ResourceHooks = {
  async beforeWrite({ tx, id, next, action }) {
    if (action === 'delete') return undefined;
    const employee = idOf(next.employee_id);
    const start = next.date_start;
    if (employee === null || typeof start !== 'string') return undefined;
    await assertSalaryPeriodFree(tx, {
      id,
      employee_id: employee,
      date_start: start,
      date_end: typeof next.date_end === 'string' ? next.date_end : null,
    });
    return undefined;
  },
};

/** The hooks by resource id; balances are written through `records`, the engine's writer. */
export const financeResourceHooks = (records: RecordWriter): Readonly<Record<string, ResourceHooks>> => ({
  [transactionsResource.id]: transactionHooks(records),
  [transactionDraftsResource.id]: draftHooks,
  [walletsResource.id]: walletHooks,
  [articlesResource.id]: articleHooks(records),
  [exchangeRatesResource.id]: rateHooks,
  [employeesResource.id]: employeeHooks,
  [salaryHistoryResource.id]: salaryHooks,
});
