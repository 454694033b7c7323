import type { FastifyInstance } from 'fastify';
import { languageOf, listRecords, readListQuery, ROW_ID, validationError, type Database } from '@core/sdk/server';
import type { FilterClause, ListEnvelope, ResourceRecord } from '@core/sdk/shared';
import { ordersResource } from '../../shared/resources';
import { TRANSFER_ORDERS_PATH } from '../../shared/transfer';
import { TRANSFER_ACCESS } from './transfer-access';

export const SOURCE_REQUIRED = 'Choose the user or the team whose orders to list.';

const SOURCE_QUERY = {
  type: 'object',
  // The engine's list parameters (page, per_page, sort, filter[…]) pass on to readListQuery.
  additionalProperties: { type: 'string' },
  properties: { user: ROW_ID, team: ROW_ID },
} as const;

type SourceQuery = { readonly user?: number; readonly team?: number } & Readonly<Record<string, unknown>>;

/**
 * `GET transfer/orders?user=…|team=…`: the completed orders of one buyer or team, with the
 * engine's paging, sorting and filters, for those who transfer (SM) without reading all orders (SO).
 */
export function transferOrdersRoute(app: FastifyInstance, db: Database): void {
  app.get<{ Querystring: SourceQuery }>(
    `/${TRANSFER_ORDERS_PATH}`,
    { config: { access: TRANSFER_ACCESS }, schema: { querystring: SOURCE_QUERY } },
    async (request): Promise<ListEnvelope<ResourceRecord>> => {
      const { user, team, ...rest } = request.query;
      if ((user === undefined) === (team === undefined))
        throw validationError({ user: [SOURCE_REQUIRED], team: [SOURCE_REQUIRED] });
      const query = readListQuery(ordersResource, rest, languageOf(request));
      const source: FilterClause =
        user === undefined
          ? { field: 'team', op: 'eq', value: String(team) }
          : { field: 'user', op: 'eq', value: String(user) };
      const filters: FilterClause[] = [...query.filters, { field: 'status', op: 'eq', value: 'completed' }, source];
      return { data: await listRecords(db, ordersResource, { ...query, deleted: 'without', filters }) };
    },
  );
}
