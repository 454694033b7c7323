import type { FastifyInstance } from 'fastify';
import { findRecord, ID_PARAMS, notFound, ROW_ID, validationError, type Database } from '@core/sdk/server';
import { employeesResource } from '../../shared/resources';
import { subordinatesOf } from './hierarchy';
import { salaryForPeriod } from './salary';

/**
 * Employee calls beyond the generic resource (FJ):
 * - `GET employees/{id}/subordinates?direct=true|false`: everyone below the employee (direct
 *   reports at level 1, theirs at 2, …); `direct=true` gives only the direct reports.
 * - `GET employees/{id}/salary?from=YYYY-MM-DD&to=YYYY-MM-DD`: the salary for the period from the
 *   salary history, per currency (rule in ./salary.ts).
 * - `GET employees/by-user/{userId}` (FJ or JU, for the admin user detail's employee tab): the
 *   employee record linked to the staff account (`user_id`, unique), or 404.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isRealDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

async function assertEmployee(db: Database, id: number): Promise<void> {
  const { rows } = await db.query('SELECT 1 FROM finance.employees WHERE id = $1 AND deleted_at IS NULL', [id]);
  if (rows.length === 0) throw notFound('Employee');
}

export function employeesRoutes(app: FastifyInstance, db: Database): void {
  const config = { access: { requires: 'FJ' } } as const;

  app.get<{ Params: { userId: number } }>(
    '/employees/by-user/:userId',
    {
      schema: { params: { type: 'object', required: ['userId'], properties: { userId: ROW_ID } } },
      config: { access: { requires: { anyOf: ['FJ', 'JU'] } } },
    },
    async (request) => {
      const { rows } = await db.query<{ id: number }>(
        'SELECT id::int AS id FROM finance.employees WHERE user_id = $1 AND deleted_at IS NULL',
        [request.params.userId],
      );
      const record = rows[0] ? await findRecord(db, employeesResource, rows[0].id) : null;
      if (!record) throw notFound('Employee');
      return { data: record };
    },
  );

  app.get<{ Params: { id: number }; Querystring: { direct?: boolean } }>(
    '/employees/:id/subordinates',
    {
      schema: {
        params: ID_PARAMS,
        querystring: { type: 'object', additionalProperties: false, properties: { direct: { type: 'boolean' } } },
      },
      config,
    },
    async (request) => {
      await assertEmployee(db, request.params.id);
      return { data: await subordinatesOf(db, request.params.id, request.query.direct === true) };
    },
  );

  app.get<{ Params: { id: number }; Querystring: { from: string; to: string } }>(
    '/employees/:id/salary',
    {
      schema: {
        params: ID_PARAMS,
        querystring: {
          type: 'object',
          additionalProperties: false,
          required: ['from', 'to'],
          properties: { from: { type: 'string', maxLength: 10 }, to: { type: 'string', maxLength: 10 } },
        },
      },
      config,
    },
    async (request) => {
      const { from, to } = request.query;
      const errors: Record<string, string[]> = {};
      if (!isRealDate(from)) errors.from = ['Enter a valid date (YYYY-MM-DD).'];
      if (!isRealDate(to)) errors.to = ['Enter a valid date (YYYY-MM-DD).'];
      if (Object.keys(errors).length > 0) throw validationError(errors);
      await assertEmployee(db, request.params.id);
      return { data: await salaryForPeriod(db, request.params.id, from, to) };
    },
  );
}
