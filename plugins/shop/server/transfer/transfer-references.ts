import type { FastifyInstance } from 'fastify';
import { findRecord, listRecords, type Database, type Queryable, type UsersService } from '@core/sdk/server';
import type { DataEnvelope } from '@core/sdk/shared';
import { teamsResource } from '../../shared/resources';
import { TRANSFER_TEAMS, TRANSFER_USERS } from '../../shared/transfer';
import { TRANSFER_ACCESS } from './transfer-access';

/** Options a picker offers at most, as the engine's pickers. */
const OPTION_LIMIT = 50;

const OPTIONS_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    q: { type: 'string', maxLength: 100 },
    ids: { type: 'string', maxLength: OPTION_LIMIT * 19, pattern: '^[1-9][0-9]{0,15}(,[1-9][0-9]{0,15}){0,49}$' },
  },
} as const;

interface OptionsQuery {
  readonly q?: string;
  readonly ids?: string;
}

interface Option {
  readonly id: number;
  readonly label: string;
}

const idsOf = (text: string): number[] => [...new Set(text.split(',').map(Number))];
const byLabel = (a: Option, b: Option) => a.label.localeCompare(b.label) || a.id - b.id;

/**
 * The people the shop knows: buyers of its orders and users of its teams. Plugins cannot search
 * every staff account (the SDK offers labels by id, not a search), and these are whom orders move
 * between.
 */
async function shopPeople(db: Queryable): Promise<number[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT DISTINCT person::text AS id FROM (
       SELECT o."user" AS person FROM shop.orders o WHERE o.deleted_at IS NULL
       UNION SELECT unnest(t.users) FROM shop.teams t WHERE t.deleted_at IS NULL
     ) people WHERE person IS NOT NULL`,
  );
  return rows.map((row) => Number(row.id));
}

async function userOptions(db: Database, users: UsersService, query: OptionsQuery): Promise<Option[]> {
  const ids = query.ids ? idsOf(query.ids) : await shopPeople(db);
  const labels = await users.labels(db, ids);
  const needle = query.q?.trim().toLowerCase() ?? '';
  return [...labels]
    .map(([id, label]) => ({ id, label }))
    .filter((option) => query.ids !== undefined || option.label.toLowerCase().includes(needle))
    .sort(byLabel)
    .slice(0, OPTION_LIMIT);
}

async function teamOptions(db: Database, query: OptionsQuery): Promise<Option[]> {
  if (query.ids) {
    const found = await Promise.all(
      idsOf(query.ids).map((id) => findRecord(db, teamsResource, id, { withDeleted: true })),
    );
    return found.flatMap((team) => (team ? [{ id: team.id, label: String(team.name) }] : []));
  }
  const needle = query.q?.trim() ?? '';
  const page = await listRecords(db, teamsResource, {
    page: 1,
    perPage: OPTION_LIMIT,
    sort: { field: 'name', direction: 'asc' },
    filters: needle ? [{ field: 'name', op: 'contains', value: needle }] : [],
    deleted: 'without',
  });
  return page.data.map((team) => ({ id: team.id, label: String(team.name) }));
}

/** `GET references/transfer/users|teams`: the transfer page's pickers (`q` to search, `ids` for labels). */
export function transferReferenceRoutes(app: FastifyInstance, db: Database, users: UsersService): void {
  const config = { access: TRANSFER_ACCESS };
  app.get<{ Querystring: OptionsQuery }>(
    `/references/${TRANSFER_USERS.path}`,
    { config, schema: { querystring: OPTIONS_QUERY } },
    async (request): Promise<DataEnvelope<Option[]>> => ({
      data: await userOptions(db, users, request.query),
    }),
  );
  app.get<{ Querystring: OptionsQuery }>(
    `/references/${TRANSFER_TEAMS.path}`,
    { config, schema: { querystring: OPTIONS_QUERY } },
    async (request): Promise<DataEnvelope<Option[]>> => ({
      data: await teamOptions(db, request.query),
    }),
  );
}
