/**
 * A month's pay as a calculation model computes it: what the motivation sheet stores
 * per employee and what its screen explains rule by rule. Amounts are exact decimal strings in US
 * dollars rounded half-up to cents; no JavaScript number ever holds one.
 */

/** What a rule of a calculation model does. */
export const PAY_RULE_KINDS = ['fixed_salary', 'percent', 'per_unit', 'tiered'] as const;
export type PayRuleKind = (typeof PAY_RULE_KINDS)[number];

/** What a rule measures over the month. Profit, revenue and spend are US dollars; leads and sales are counts. */
export const PAY_MEASURES = ['profit', 'revenue', 'spend', 'leads', 'sales'] as const;
export type PayMeasure = (typeof PAY_MEASURES)[number];

/** Where a figure comes from; every figure on screen names it. */
export const PAY_SOURCES = ['finance', 'tracker', 'salary_history'] as const;
export type PaySource = (typeof PAY_SOURCES)[number];

/** Which part of the agency a measure covers. */
export const PAY_SCOPES = ['all', 'project', 'vertical', 'division'] as const;
export type PayScope = (typeof PAY_SCOPES)[number];

/** Why a rule could not be computed; its amount is then 0 and the line says so. */
export const PAY_GAPS = ['tracker_disabled', 'no_salary', 'no_rate'] as const;
export type PayGap = (typeof PAY_GAPS)[number];

/** One rule's part of the pay, with what it was computed from. */
export interface PayRuleLine {
  readonly rule_id: number;
  readonly kind: PayRuleKind;
  /** Null for the fixed salary. */
  readonly measure: PayMeasure | null;
  readonly source: PaySource;
  readonly scope: PayScope;
  /** The project's, vertical's or division's name; null for the whole agency. */
  readonly scope_label: string | null;
  /** The measure's value over the month (USD or a count); the prorated salary in USD for the fixed salary; null when unavailable. */
  readonly measure_value: string | null;
  /** How the amount follows from the value, e.g. `10% × 5000.00 + 15% × 1200.00`; in plain figures, not words, so it reads in any language. */
  readonly formula: string;
  readonly amount_usd: string;
  /** The rule's cap cut the amount down. */
  readonly capped: boolean;
  readonly gap: PayGap | null;
}

/** One employee's pay for one month under the model assigned to them for that month. */
export interface PayComputation {
  readonly employee_id: number;
  readonly model_id: number;
  readonly model_name: string;
  /** `YYYY-MM`. */
  readonly month: string;
  /** The fixed-salary rules' sum. */
  readonly base_usd: string;
  /** The other rules' sum, after the model's cap. */
  readonly bonus_usd: string;
  readonly total_usd: string;
  /** The model's cap cut the total down. */
  readonly capped: boolean;
  readonly lines: readonly PayRuleLine[];
}
