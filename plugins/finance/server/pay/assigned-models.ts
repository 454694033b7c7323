import type { Queryable } from '@core/sdk/server';
import type { PayMeasure, PayRuleKind, PayScope } from '../../shared/pay';
import type { PayRuleSource } from '../../shared/pay-models';
import type { PayMonth } from './month';

/*
 * Who is paid under which model in a month, and the models' rules. An employee's model for the
 * month is the assignment covering its last day, else the latest one overlapping the month (someone
 * who left mid-month is still paid for it). Deleted employees and deleted models are left out.
 */

export interface AssignedModel {
  readonly employee_id: number;
  readonly model_id: number;
  readonly model_name: string;
  readonly cap_usd: string | null;
}

export interface StoredRule {
  readonly id: number;
  readonly model_id: number;
  readonly kind: PayRuleKind;
  readonly measure: PayMeasure | null;
  readonly source: PayRuleSource;
  readonly scope: PayScope;
  readonly scope_id: number | null;
  readonly scope_label: string | null;
  readonly rate: string | null;
  readonly tiers: Readonly<Record<string, string>> | null;
  readonly cap_usd: string | null;
}

export async function assignedModels(
  tx: Queryable,
  month: PayMonth,
  employeeId: number | null,
): Promise<AssignedModel[]> {
  const { rows } = await tx.query<AssignedModel>(
    `SELECT DISTINCT ON (a.employee_id) a.employee_id::int AS employee_id, m.id::int AS model_id, m.name AS model_name, m.cap_usd::text AS cap_usd
       FROM finance.employee_models a
       JOIN finance.calculation_models m ON m.id = a.model_id AND m.deleted_at IS NULL
       JOIN finance.employees e ON e.id = a.employee_id AND e.deleted_at IS NULL
      WHERE a.date_start <= $2::date AND coalesce(a.date_end, 'infinity'::date) >= $1::date
        AND ($3::bigint IS NULL OR a.employee_id = $3::bigint)
      ORDER BY a.employee_id, (coalesce(a.date_end, 'infinity'::date) >= $2::date) DESC, a.date_start DESC, a.id DESC`,
    [month.first, month.last, employeeId],
  );
  return rows;
}

/** The rules of the models, in each model's order (position, then id). */
export async function rulesOf(tx: Queryable, modelIds: readonly number[]): Promise<Map<number, StoredRule[]>> {
  const { rows } = await tx.query<StoredRule>(
    `SELECT r.id::int AS id, r.model_id::int AS model_id, r.kind, r.measure, coalesce(r.source, 'finance') AS source,
            coalesce(r.scope, 'all') AS scope, coalesce(r.project_id, r.vertical_id, r.division_id)::int AS scope_id,
            coalesce(p.name, v.name, d.name) AS scope_label, trim_scale(r.rate)::text AS rate, r.tiers,
            r.cap_usd::text AS cap_usd
       FROM finance.calculation_model_rules r
       LEFT JOIN finance.projects p ON p.id = r.project_id
       LEFT JOIN finance.verticals v ON v.id = r.vertical_id
       LEFT JOIN finance.divisions d ON d.id = r.division_id
      WHERE r.model_id = ANY($1::bigint[])
      ORDER BY r.model_id, r.position NULLS LAST, r.id`,
    [modelIds],
  );
  const byModel = new Map<number, StoredRule[]>();
  for (const rule of rows) byModel.set(rule.model_id, [...(byModel.get(rule.model_id) ?? []), rule]);
  return byModel;
}
