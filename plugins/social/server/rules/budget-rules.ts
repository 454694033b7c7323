import { addFieldError, formatMessage, type FieldErrors, type FieldValue, type Money } from '@core/sdk/shared';
import { validationError, type Queryable, type ResourceHooks, type WriteAction } from '@core/sdk/server';
import { fitsCurrency, minorDigits } from '../../shared/minor-units';
import { adAccountsResource, campaignsResource } from '../../shared/resources';
import {
  BOTH_BUDGETS,
  END_NOT_AFTER_START,
  LIFETIME_NEEDS_END,
  LIFETIME_NEEDS_STOP,
  NO_BUDGET,
  NOT_ACCOUNT_CURRENCY,
  STOP_NOT_AFTER_START,
  TOO_MANY_DECIMALS,
  WHOLE_AMOUNTS,
} from './messages-ru';

/*
 * A campaign's and an adset's budget rules (Meta's own): exactly one of a daily and a
 * lifetime budget; a lifetime budget runs until a stop (end) time, which comes after the start;
 * budgets and the bid are money of the ad account's currency (an adset's through its campaign),
 * with no more decimals than that currency has, since the platform takes them in its minor unit.
 *
 * A record the platform holds may have no budget of its own (Meta lets a campaign leave budgets to
 * its adsets, and an adset under a campaign budget has none), so "set a budget" is asked of
 * planning records only; every other rule holds for both.
 */

type Values = Readonly<Record<string, FieldValue | undefined>>;

/** What differs between the two resources' fields and messages. */
interface TreeLevel {
  /** The field that ends the run: `stop_time` on a campaign, `end_time` on an adset. */
  readonly endField: 'stop_time' | 'end_time';
  readonly endNotAfterStart: string;
  readonly lifetimeNeedsEnd: string;
  /** The money fields in the ad account's currency. */
  readonly moneyFields: readonly string[];
  /** The ad account's currency for the record as it will be; null when its parent is not found (the engine refuses that). */
  accountCurrency(tx: Queryable, next: Values): Promise<string | null>;
}

const moneyIn = (values: Values, name: string): Money | null => {
  const value = values[name];
  return typeof value === 'object' && value !== null && 'amount' in value && typeof value.amount === 'string'
    ? (value as Money)
    : null;
};
const instantIn = (values: Values, name: string): number | null => {
  const value = values[name];
  return typeof value === 'string' && value !== '' ? Date.parse(value) : null;
};
const idIn = (values: Values, name: string): number | null => {
  const value = values[name];
  return typeof value === 'number' ? value : null;
};

async function currencyOf(tx: Queryable, sql: string, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const { rows } = await tx.query<{ currency: string }>(sql, [id]);
  return rows[0]?.currency ?? null;
}

const CAMPAIGN: TreeLevel = {
  endField: 'stop_time',
  endNotAfterStart: STOP_NOT_AFTER_START,
  lifetimeNeedsEnd: LIFETIME_NEEDS_STOP,
  moneyFields: ['daily_budget', 'lifetime_budget'],
  accountCurrency: (tx, next) =>
    currencyOf(tx, `SELECT currency FROM ${adAccountsResource.table} WHERE id = $1`, idIn(next, 'ad_account')),
};

const ADSET: TreeLevel = {
  endField: 'end_time',
  endNotAfterStart: END_NOT_AFTER_START,
  lifetimeNeedsEnd: LIFETIME_NEEDS_END,
  moneyFields: ['daily_budget', 'lifetime_budget', 'bid_amount'],
  accountCurrency: (tx, next) =>
    currencyOf(
      tx,
      `SELECT a.currency FROM ${campaignsResource.table} c JOIN ${adAccountsResource.table} a ON a.id = c.ad_account WHERE c.id = $1`,
      idIn(next, 'campaign'),
    ),
};

function budgetProblems(level: TreeLevel, next: Values, errors: FieldErrors): void {
  const daily = moneyIn(next, 'daily_budget');
  const lifetime = moneyIn(next, 'lifetime_budget');
  if (daily && lifetime)
    for (const field of ['daily_budget', 'lifetime_budget']) addFieldError(errors, field, BOTH_BUDGETS);
  if (!daily && !lifetime && next.on_platform !== true)
    for (const field of ['daily_budget', 'lifetime_budget']) addFieldError(errors, field, NO_BUDGET);
  const start = instantIn(next, 'start_time');
  const end = instantIn(next, level.endField);
  if (start !== null && end !== null && end <= start) addFieldError(errors, level.endField, level.endNotAfterStart);
  if (lifetime && end === null) addFieldError(errors, level.endField, level.lifetimeNeedsEnd);
}

async function currencyProblems(level: TreeLevel, tx: Queryable, next: Values, errors: FieldErrors): Promise<void> {
  const amounts = level.moneyFields.flatMap((field) => {
    const money = moneyIn(next, field);
    return money ? [[field, money] as const] : [];
  });
  if (amounts.length === 0) return;
  const currency = await level.accountCurrency(tx, next);
  if (currency === null) return;
  for (const [field, money] of amounts) {
    if (money.currency !== currency) addFieldError(errors, field, formatMessage(NOT_ACCOUNT_CURRENCY, { currency }));
    else if (!fitsCurrency(money.amount, currency)) {
      const digits = minorDigits(currency);
      addFieldError(
        errors,
        field,
        digits === 0
          ? formatMessage(WHOLE_AMOUNTS, { currency })
          : formatMessage(TOO_MANY_DECIMALS, { currency, digits }),
      );
    }
  }
}

/** The actions after which a record holds the values the rules check (not a delete, block or row action). */
const storesValues = (action: WriteAction): boolean =>
  action === 'create' || action === 'update' || action === 'restore';

function treeHooks(level: TreeLevel): ResourceHooks {
  return {
    async beforeWrite({ tx, action, next }) {
      if (!storesValues(action)) return undefined;
      const errors: FieldErrors = {};
      budgetProblems(level, next, errors);
      await currencyProblems(level, tx, next, errors);
      if (Object.keys(errors).length > 0) throw validationError(errors);
      return undefined;
    },
  };
}

export const campaignHooks = treeHooks(CAMPAIGN);
export const adsetHooks = treeHooks(ADSET);
