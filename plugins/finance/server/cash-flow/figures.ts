import { addDecimals, subtractDecimals } from '@core/sdk/shared';
import type { CashFlowFigures, CashFlowTotals } from '../../shared/cash-flow';

/** Exact sums of decimal strings: the grid's totals, never floating point. */

export const ZERO_FIGURES: CashFlowFigures = { fact: '0', plan: '0', difference: '0' };

export function figures(fact: string, plan: string): CashFlowFigures {
  return { fact, plan, difference: subtractDecimals(fact, plan) };
}

export function addFigures(a: CashFlowFigures, b: CashFlowFigures): CashFlowFigures {
  return figures(addDecimals(a.fact, b.fact), addDecimals(a.plan, b.plan));
}

/** Net = income − expense − commissions, for fact and plan alike. */
export function totalsOf(
  income: CashFlowFigures,
  expense: CashFlowFigures,
  commission: CashFlowFigures,
): CashFlowTotals {
  const net = (basis: 'fact' | 'plan') =>
    subtractDecimals(subtractDecimals(income[basis], expense[basis]), commission[basis]);
  return { income, expense, commission, net: figures(net('fact'), net('plan')) };
}
