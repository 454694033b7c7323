import type { OptionalService, Queryable } from '@core/sdk/server';
import type { PerformanceSource } from '@plugins/tracker/server/services';
import { compareDecimals, subtractDecimals } from '@core/sdk/shared';
import type { PayComputation, PayRuleLine } from '../../shared/pay';
import { assignedModels, rulesOf, type AssignedModel, type StoredRule } from './assigned-models';
import { cents, sumCents, ZERO } from './cents';
import { fixedSalary } from './fixed-salary';
import { MonthMeasures } from './measures';
import { payMonth, type PayMonth } from './month';
import { capped, percentAmount, perUnitAmount, tieredAmount } from './rule-amounts';

/**
 * A month's pay under the calculation models, computed, never stored: the motivation
 * sheet stores what it takes from here. Base is the fixed-salary rules' sum, bonus the other rules'
 * sum; the model's cap limits the total by cutting the bonus only, never the base: a base above the
 * cap is paid in full with no bonus (a cap is about performance pay, not about paying less than the
 * agreed salary). Every line names its source, its measure's value and its formula.
 */
export interface PayCalculator {
  /** Every employee with a model for the month, in employee id order. `month` is `YYYY-MM` (else 422). */
  computeMonth(tx: Queryable, month: string): Promise<PayComputation[]>;
  /** One employee's pay, or null when no model is assigned to them for the month. */
  computeEmployee(tx: Queryable, employeeId: number, month: string): Promise<PayComputation | null>;
}

interface MonthRun {
  readonly tx: Queryable;
  readonly month: PayMonth;
  readonly measures: MonthMeasures;
}

type LineOutcome = Pick<PayRuleLine, 'source' | 'measure_value' | 'formula' | 'amount_usd' | 'capped' | 'gap'>;

const gapLine = (source: PayRuleLine['source'], gap: NonNullable<PayRuleLine['gap']>, formula = '—'): LineOutcome => ({
  source,
  measure_value: null,
  formula,
  amount_usd: ZERO,
  capped: false,
  gap,
});

async function ruleOutcome(run: MonthRun, employeeId: number, rule: StoredRule): Promise<LineOutcome> {
  if (rule.kind === 'fixed_salary') {
    const salary = await fixedSalary(run.tx, employeeId, run.month);
    if (salary.gap !== null) return gapLine('salary_history', salary.gap, salary.formula);
    const amount = capped({ amount: salary.usd, formula: salary.formula }, rule.cap_usd);
    return { source: 'salary_history', measure_value: salary.usd, ...amount, gap: null };
  }
  const measure = rule.measure;
  if (measure === null) throw new Error(`Pay rule ${rule.id} has no measure.`);
  const values =
    rule.source === 'tracker'
      ? await run.measures.fromTracker()
      : await run.measures.fromFinance({ scope: rule.scope, id: rule.scope_id });
  if (values === null) return gapLine(rule.source, 'tracker_disabled');
  const value = values[measure];
  const uncapped =
    rule.kind === 'per_unit'
      ? perUnitAmount(Number(value), rule.rate ?? '0')
      : rule.kind === 'tiered'
        ? tieredAmount(value, rule.tiers ?? {})
        : percentAmount(value, rule.rate ?? '0');
  return { source: rule.source, measure_value: value, ...capped(uncapped, rule.cap_usd), gap: null };
}

async function computeFor(
  run: MonthRun,
  assigned: AssignedModel,
  rules: readonly StoredRule[],
): Promise<PayComputation> {
  const lines: PayRuleLine[] = [];
  for (const rule of rules) {
    const outcome = await ruleOutcome(run, assigned.employee_id, rule);
    lines.push({
      rule_id: rule.id,
      kind: rule.kind,
      measure: rule.measure,
      scope: rule.scope,
      scope_label: rule.scope_label,
      ...outcome,
    });
  }
  const base = sumCents(lines.filter((line) => line.kind === 'fixed_salary').map((line) => line.amount_usd));
  const earned = sumCents(lines.filter((line) => line.kind !== 'fixed_salary').map((line) => line.amount_usd));
  const room = assigned.cap_usd === null ? null : subtractDecimals(assigned.cap_usd, base);
  const cut = room !== null && compareDecimals(earned, room) > 0;
  const bonus = cut ? cents(compareDecimals(room, '0') > 0 ? room : '0') : earned;
  return {
    employee_id: assigned.employee_id,
    model_id: assigned.model_id,
    model_name: assigned.model_name,
    month: run.month.month,
    base_usd: base,
    bonus_usd: bonus,
    total_usd: sumCents([base, bonus]),
    capped: cut,
    lines,
  };
}

async function compute(
  performance: OptionalService<PerformanceSource>,
  tx: Queryable,
  month: string,
  employeeId: number | null,
): Promise<PayComputation[]> {
  const bounds = payMonth(month);
  const run: MonthRun = { tx, month: bounds, measures: new MonthMeasures(tx, bounds, performance) };
  const assigned = await assignedModels(tx, run.month, employeeId);
  const rules = await rulesOf(tx, [...new Set(assigned.map((entry) => entry.model_id))]);
  const computed: PayComputation[] = [];
  for (const entry of assigned) computed.push(await computeFor(run, entry, rules.get(entry.model_id) ?? []));
  return computed;
}

/** Needs only the tracker's performance (optional), so the demo data can compute without a running server. */
export function createPayCalculator(performance: OptionalService<PerformanceSource>): PayCalculator {
  return {
    computeMonth: (tx, month) => compute(performance, tx, month, null),
    computeEmployee: async (tx, employeeId, month) => (await compute(performance, tx, month, employeeId))[0] ?? null,
  };
}
