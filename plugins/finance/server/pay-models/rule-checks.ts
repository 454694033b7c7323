import { canonicalDecimal, compareDecimals, formatMessage, type FieldErrors } from '@core/sdk/shared';
import { validationError } from '@core/sdk/server';
import type { PayMeasure, PayRuleKind, PayScope } from '../../shared/pay';
import { COUNT_MEASURES, MEASURES_OF_KIND, SCOPE_FIELDS, SCOPE_ID_FIELDS } from '../../shared/pay-models';
import { PAY_MODEL_MESSAGES as M } from './pay-model-messages';

/*
 * What a calculation model's rule must hold beyond its fields' own bounds, by kind:
 * - fixed_salary: no measure, no rate, no tiers, source finance, scope all;
 * - percent: profit, revenue or spend; a rate from 0 to 100 (the percent); no tiers;
 * - tiered: profit, revenue or spend; tiers (threshold in USD → percent), one at 0; no rate;
 * - per_unit: leads or sales, from the tracker; a rate (US dollars per unit); no tiers.
 * Leads and sales come only from the tracker, whose measures take the whole agency. A scope names
 * exactly its own record (project, vertical or division) and no other. Tier thresholds and percents
 * are canonical decimals (5000, not 5000.00), so two keys never stand for one threshold.
 */

type Values = Readonly<Record<string, unknown>>;

const THRESHOLD = /^(0|[1-9][0-9]{0,11})(\.[0-9]{1,2})?$/;
const PERCENT = /^(0|[1-9][0-9]{0,2})(\.[0-9]{1,4})?$/;

const isCanonical = (pattern: RegExp, text: string): boolean => pattern.test(text) && canonicalDecimal(text) === text;
const isEmpty = (value: unknown): boolean => value === null || value === undefined || value === '';
const tiersOf = (value: unknown): Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

function tierErrors(tiers: Readonly<Record<string, unknown>>): string[] {
  const problems: string[] = [];
  for (const [key, percent] of Object.entries(tiers)) {
    if (!isCanonical(THRESHOLD, key)) problems.push(formatMessage(M.badThreshold, { key }));
    else if (typeof percent !== 'string' || !isCanonical(PERCENT, percent) || compareDecimals(percent, '100') > 0)
      problems.push(formatMessage(M.badTierPercent, { key }));
  }
  if (!Object.hasOwn(tiers, '0')) problems.push(M.tiersNeedZero);
  return problems;
}

function measureErrors(kind: PayRuleKind, measure: unknown): string | null {
  if (kind === 'fixed_salary') return isEmpty(measure) ? null : M.noMeasureForSalary;
  if (isEmpty(measure)) return M.chooseMeasure;
  if (MEASURES_OF_KIND[kind].includes(measure as PayMeasure)) return null;
  return kind === 'per_unit' ? M.countMeasureOnly : M.moneyMeasureOnly;
}

function sourceErrors(kind: PayRuleKind, measure: unknown, source: unknown): string | null {
  if (isEmpty(source)) return M.chooseSource;
  if (kind === 'fixed_salary') return source === 'finance' ? null : M.salaryFromHistory;
  return COUNT_MEASURES.includes(measure as PayMeasure) && source !== 'tracker' ? M.countsFromTracker : null;
}

function scopeErrors(kind: PayRuleKind, source: unknown, scope: unknown, errors: FieldErrors): void {
  if (isEmpty(scope)) errors.scope = [M.chooseScope];
  else if (kind === 'fixed_salary' && scope !== 'all') errors.scope = [M.salaryHasNoScope];
  else if (source === 'tracker' && scope !== 'all') errors.scope = [M.trackerHasNoScope];
}

function scopeIdErrors(scope: unknown, next: Values, errors: FieldErrors): void {
  const named =
    typeof scope === 'string' && scope in SCOPE_FIELDS ? SCOPE_FIELDS[scope as Exclude<PayScope, 'all'>] : null;
  for (const field of SCOPE_ID_FIELDS) {
    if (field === named && isEmpty(next[field])) errors[field] = [M.chooseScopeRecord];
    if (field !== named && !isEmpty(next[field])) errors[field] = [M.notThisScope];
  }
}

function rateAndTierErrors(kind: PayRuleKind, next: Values, errors: FieldErrors): void {
  const tiers = tiersOf(next.tiers);
  const hasTiers = Object.keys(tiers).length > 0;
  if (kind === 'fixed_salary' || kind === 'tiered') {
    if (!isEmpty(next.rate)) errors.rate = [M.noRate];
  } else if (isEmpty(next.rate)) errors.rate = [M.enterRate];
  else if (kind === 'percent' && compareDecimals(String(next.rate), '100') > 0) errors.rate = [M.percentAtMost100];
  if (kind !== 'tiered' && hasTiers) errors.tiers = [M.noTiers];
  if (kind === 'tiered') {
    const problems = hasTiers ? tierErrors(tiers) : [M.enterTiers];
    if (problems.length > 0) errors.tiers = problems;
  }
}

/** Throws a 422 naming every field a rule's combination gets wrong. */
export function assertRuleCombination(next: Values): void {
  const kind = next.kind as PayRuleKind;
  const errors: FieldErrors = {};
  const measure = measureErrors(kind, next.measure);
  if (measure) errors.measure = [measure];
  const source = sourceErrors(kind, next.measure, next.source);
  if (source) errors.source = [source];
  scopeErrors(kind, next.source, next.scope, errors);
  scopeIdErrors(next.scope, next, errors);
  rateAndTierErrors(kind, next, errors);
  if (Object.keys(errors).length > 0) throw validationError(errors);
}
