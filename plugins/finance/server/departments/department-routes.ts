import type { FastifyInstance } from 'fastify';
import type { DataEnvelope } from '@core/sdk/shared';
import { validationError, type Database } from '@core/sdk/server';
import {
  COMPARED_FIGURES,
  currentMonth,
  MONTH_PATTERN,
  TREND_MONTHS,
  type ComparedFigure,
  type DepartmentFigures,
  type DepartmentSummary,
  type DepartmentView,
  type FigureChange,
} from '../../shared/departments';
import { DEPARTMENT_TYPES, type DepartmentType } from '../../shared/resources';
import { articleBreakdown, departmentDivisions, projectBreakdown } from './department-breakdowns';
import { departmentFigures } from './department-figures';
import { figureChange } from './figure-change';

const ACCESS = { access: { requires: 'FH' } } as const;
const MONTH_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: { month: { type: 'string', maxLength: 7 } },
} as const;
/** An unknown department is a page that does not exist: the route kit answers 404 for a path parameter. */
const TYPE_PARAMS = {
  type: 'object',
  additionalProperties: false,
  required: ['type'],
  properties: { type: { type: 'string', enum: DEPARTMENT_TYPES } },
} as const;

interface MonthQuery {
  readonly month?: string;
}

/** The asked month, this month (UTC) when none; anything but `YYYY-MM` is a 422 on `month`. */
function monthOf(query: MonthQuery): string {
  if (query.month === undefined) return currentMonth();
  if (!MONTH_PATTERN.test(query.month)) throw validationError({ month: ['Give the month as YYYY-MM.'] });
  return query.month;
}

const valueOf = (figures: DepartmentFigures, figure: ComparedFigure): string =>
  figure === 'headcount' ? String(figures.headcount) : figures[figure];

function changes(current: DepartmentFigures, previous: DepartmentFigures): Record<ComparedFigure, FigureChange> {
  return Object.fromEntries(
    COMPARED_FIGURES.map((figure) => [figure, figureChange(valueOf(current, figure), valueOf(previous, figure))]),
  ) as Record<ComparedFigure, FigureChange>;
}

/** The last two figures of a trend: the month's and the previous month's. */
function lastTwo(trend: readonly DepartmentFigures[] | undefined): [DepartmentFigures, DepartmentFigures] {
  const current = trend?.at(-1);
  const previous = trend?.at(-2);
  if (current === undefined || previous === undefined) throw new Error('A department trend has fewer than two months.');
  return [current, previous];
}

/**
 * The department views (FH): `GET departments/summary?month=` (the three departments' result and
 * headcount for the dashboard widgets, in one answer) and `GET departments/{type}?month=` (one
 * department's month, the previous month, the trend and the breakdowns).
 */
export function departmentRoutes(app: FastifyInstance, db: Database): void {
  app.get<{ Querystring: MonthQuery }>(
    '/departments/summary',
    { config: ACCESS, schema: { querystring: MONTH_QUERY } },
    async (request): Promise<DataEnvelope<DepartmentSummary>> => {
      const month = monthOf(request.query);
      const figures = await departmentFigures(db, DEPARTMENT_TYPES, month, 2);
      const { rows } = await db.query<{ type: DepartmentType }>(
        'SELECT DISTINCT department_type AS type FROM finance.divisions WHERE department_type IS NOT NULL AND deleted_at IS NULL',
      );
      const withDivisions = new Set(rows.map((row) => row.type));
      return {
        data: {
          month,
          departments: DEPARTMENT_TYPES.map((type) => {
            const [current, previous] = lastTwo(figures.get(type));
            return {
              type,
              has_divisions: withDivisions.has(type),
              headcount: current.headcount,
              result_usd: current.result_usd,
              previous_result_usd: previous.result_usd,
              result_change: figureChange(current.result_usd, previous.result_usd),
            };
          }),
        },
      };
    },
  );

  app.get<{ Params: { type: DepartmentType }; Querystring: MonthQuery }>(
    '/departments/:type',
    { config: ACCESS, schema: { params: TYPE_PARAMS, querystring: MONTH_QUERY } },
    async (request): Promise<DataEnvelope<DepartmentView>> => {
      const month = monthOf(request.query);
      const { type } = request.params;
      const trend = (await departmentFigures(db, [type], month, TREND_MONTHS)).get(type) ?? [];
      const [current, previous] = lastTwo(trend);
      return {
        data: {
          type,
          month,
          divisions: await departmentDivisions(db, type),
          current,
          previous,
          change: changes(current, previous),
          trend,
          by_article: await articleBreakdown(db, type, month),
          by_project: await projectBreakdown(db, type, month),
        },
      };
    },
  );
}
