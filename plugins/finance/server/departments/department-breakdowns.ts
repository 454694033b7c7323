import type { Queryable } from '@core/sdk/server';
import type { ArticleBreakdownRow, DepartmentDivision, ProjectBreakdownRow } from '../../shared/departments';
import type { DepartmentType } from '../../shared/resources';
import { DEPARTMENT_TRANSACTIONS, INCOME_SUM, MONTH_SPAN, NOT_PAYROLL, SPEND_SUM } from './department-sql';

/**
 * One department's month split by article and by project. Each row counts the same transactions as
 * the headline figures, so the rows of either table add up to the month's income and spend.
 */

export async function departmentDivisions(db: Queryable, type: DepartmentType): Promise<DepartmentDivision[]> {
  const { rows } = await db.query<DepartmentDivision>(
    'SELECT id::int AS id, name FROM finance.divisions WHERE department_type = $1 AND deleted_at IS NULL ORDER BY name, id',
    [type],
  );
  return rows;
}

export async function articleBreakdown(
  db: Queryable,
  type: DepartmentType,
  month: string,
): Promise<ArticleBreakdownRow[]> {
  const { rows } = await db.query<ArticleBreakdownRow>(
    `SELECT a.id::int AS article_id, a.name, a.direction,
            trim_scale(${INCOME_SUM})::text AS income_usd, trim_scale(${SPEND_SUM})::text AS spend_usd
       FROM ${DEPARTMENT_TRANSACTIONS}
      WHERE v.department_type = $1 AND ${MONTH_SPAN('$2', '$2')} AND ${NOT_PAYROLL}
      GROUP BY a.id, a.name, a.direction
      ORDER BY a.direction DESC, a.name, a.id`,
    [type, month],
  );
  return rows;
}

export async function projectBreakdown(
  db: Queryable,
  type: DepartmentType,
  month: string,
): Promise<ProjectBreakdownRow[]> {
  const { rows } = await db.query<ProjectBreakdownRow>(
    `SELECT p.id::int AS project_id, p.name,
            trim_scale(${INCOME_SUM})::text AS income_usd, trim_scale(${SPEND_SUM})::text AS spend_usd,
            trim_scale(${INCOME_SUM} - (${SPEND_SUM}))::text AS net_usd
       FROM ${DEPARTMENT_TRANSACTIONS}
       LEFT JOIN finance.projects p ON p.id = t.project_id
      WHERE v.department_type = $1 AND ${MONTH_SPAN('$2', '$2')} AND ${NOT_PAYROLL}
      GROUP BY p.id, p.name
      ORDER BY p.name NULLS LAST, p.id`,
    [type, month],
  );
  return rows;
}
