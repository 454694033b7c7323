import type { FastifyInstance } from 'fastify';
import type { DataEnvelope } from '@core/sdk/shared';
import { PeopleCsv, peopleCsvReader, type Queryable, type ServerTranslations } from '@core/sdk/server';
import type { CashFlowCellAnswer, CashFlowCellQuery, CashFlowQuery, CashFlowReport } from '../../shared/cash-flow';
import { cellTransactions } from './cash-flow-cell';
import { cashFlowCsv } from './cash-flow-csv';
import { CASH_FLOW_CELL_QUERY_SCHEMA, CASH_FLOW_QUERY_SCHEMA, checkCell, checkPeriod } from './cash-flow-query';
import { buildCashFlow } from './cash-flow-report';

/** Cash flow is a view of transactions: whoever keeps them reads it (manifest: FT). */
const ACCESS = { access: { requires: 'FT' } } as const;

/**
 * `GET cash-flow` (the grid, its totals and the wallets' balances), `GET cash-flow.csv` (the grid
 * as a file) and `GET cash-flow/transactions` (the transactions behind one figure). See README.md.
 */
export function cashFlowRoutes(app: FastifyInstance, db: Queryable, translations: ServerTranslations): void {
  const report = (query: CashFlowQuery): Promise<CashFlowReport> => buildCashFlow(db, query, checkPeriod(query));

  app.get<{ Querystring: CashFlowQuery }>(
    '/cash-flow',
    { config: ACCESS, schema: { querystring: CASH_FLOW_QUERY_SCHEMA } },
    async (request): Promise<DataEnvelope<CashFlowReport>> => ({
      data: await report(request.query),
    }),
  );

  app.get<{ Querystring: CashFlowQuery }>(
    '/cash-flow.csv',
    { config: ACCESS, schema: { querystring: CASH_FLOW_QUERY_SCHEMA } },
    async (request, reply) => {
      const people = new PeopleCsv(peopleCsvReader(request, translations));
      const csv = cashFlowCsv(await report(request.query), people);
      const { from, to, group } = request.query;
      return reply
        .header('content-disposition', `attachment; filename="cash-flow-by-${group}-${from}-${to}.csv"`)
        .header('cache-control', 'no-store')
        .type('text/csv; charset=utf-8')
        .send(csv);
    },
  );

  app.get<{ Querystring: CashFlowCellQuery }>(
    '/cash-flow/transactions',
    { config: ACCESS, schema: { querystring: CASH_FLOW_CELL_QUERY_SCHEMA } },
    async (request): Promise<CashFlowCellAnswer> => cellTransactions(db, request.query, checkCell(request.query)),
  );
}
