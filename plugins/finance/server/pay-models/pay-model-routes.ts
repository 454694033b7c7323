import type { FastifyInstance } from 'fastify';
import { localIsoDate, type DataEnvelope } from '@core/sdk/shared';
import { findRecord, ID_PARAMS, type ServerPluginContext } from '@core/sdk/server';
import type { PayComputation } from '../../shared/pay';
import { employeeModelsResource } from '../../shared/pay-models';
import type { PayCalculator } from '../pay/pay-calculator';

/**
 * `GET employee-models/{id}/preview?month=YYYY-MM` (FE): what the assignment's employee would be
 * paid for the month (this month when left out), computed and not stored: `{ data: PayComputation
 * | null }`, null when no model is assigned to them for that month. The motivation sheet stores
 * the same computation when a month is computed.
 */
export function payModelRoutes(
  app: FastifyInstance,
  { db, routes }: ServerPluginContext,
  calculator: PayCalculator,
): void {
  app.get<{ Params: { id: number }; Querystring: { month?: string } }>(
    `/${employeeModelsResource.path}/:id/preview`,
    {
      config: { access: { requires: 'FE' } },
      schema: {
        params: ID_PARAMS,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { month: { type: 'string', maxLength: 7 } },
        },
      },
    },
    async (request): Promise<DataEnvelope<PayComputation | null>> => {
      const month = request.query.month ?? localIsoDate(new Date()).slice(0, 7);
      return db.transaction(async (tx) => {
        const assignment = await findRecord(tx, employeeModelsResource, request.params.id);
        if (!assignment) throw routes.notFound();
        return { data: await calculator.computeEmployee(tx, Number(assignment.employee_id), month) };
      });
    },
  );
}
