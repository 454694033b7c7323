import type { FastifyInstance } from 'fastify';
import type { DataEnvelope } from '@core/shared/envelopes';
import type { PermissionRequirement } from '@core/shared/permissions';
import type { ResourceDefinition } from '@core/shared/resource/definition';
import { USERS_REFERENCE } from '@core/shared/resource/core-references';
import type { Database } from '../database/database';
import { forbidden } from '../http/api-error';
import { referenceGate, satisfiesAny } from '../resource/references';
import {
  containsCondition,
  containsPattern,
  MAX_SEARCH_LENGTH,
  SqlParams,
  USERS_ACCESS,
  whereClause,
} from './users-common';

const ID_LIST_TEXT = '^[1-9][0-9]{0,15}(,[1-9][0-9]{0,15}){0,99}$';

export const REFERENCE_LIMIT = 50;

export interface ReferenceItem {
  readonly id: number;
  readonly label: string;
}

interface Reference {
  readonly url: string;
  /** The column shown, and searched with the others in `searched`. */
  readonly label: string;
  readonly searched: readonly string[];
  readonly only?: string;
}

// Pickers offer the people one can work with today: active and not deleted.
const REFERENCES: readonly Reference[] = [
  { url: '/references/users', label: 'u.username', searched: ['u.username', 'u.email'] },
  { url: '/references/users-sub', label: 'u.sub', searched: ['u.sub'], only: 'u.sub IS NOT NULL' },
];

const referenceSchema = {
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: { q: { type: 'string', maxLength: MAX_SEARCH_LENGTH } },
  },
} as const;

/**
 * Who may list users for a picker: user managers (JU), and whoever may read or write an enabled
 * plugin's resource with a user field (a shop order's buyer, a stream's user), since that form's
 * picker must offer the people it may point at. Only id and user name leave.
 */
export function usersPickerRequirements(resources: readonly ResourceDefinition[]): PermissionRequirement[] {
  const pointing = resources.filter((definition) =>
    definition.fields.some((field) => field.kind === 'reference' && field.target.table === USERS_REFERENCE.table),
  );
  const all = [
    USERS_ACCESS.requires,
    ...pointing.flatMap((definition) => [definition.access.read, definition.access.write]),
  ];
  return all.filter(
    (requirement, index) => all.findIndex((other) => JSON.stringify(other) === JSON.stringify(requirement)) === index,
  );
}

/** Id-and-label lists for pickers, at most REFERENCE_LIMIT entries; `requirements` from usersPickerRequirements. */
export function usersReferenceRoutes(
  app: FastifyInstance,
  db: Database,
  requirements: readonly PermissionRequirement[],
): void {
  for (const reference of REFERENCES) {
    app.get<{ Querystring: { q?: string } }>(
      reference.url,
      {
        schema: referenceSchema,
        config: { access: { requires: referenceGate(requirements) } },
        // The declared gate is an any-of of codes; an all-of among the requirements is checked exactly here.
        preHandler: async (request) => {
          if (!satisfiesAny(request.claims?.codes ?? [], requirements)) throw forbidden();
        },
      },
      async (request): Promise<DataEnvelope<ReferenceItem[]>> => {
        const params = new SqlParams();
        const conditions = ["u.status = 'active'", 'u.deleted_at IS NULL'];
        if (reference.only) conditions.push(reference.only);
        const { q } = request.query;
        if (q) conditions.push(containsCondition(reference.searched, params.bind(containsPattern(q))));
        const { rows } = await db.query<{ id: string; label: string }>(
          `SELECT u.id, ${reference.label} AS label FROM core.users u ${whereClause(conditions)}
           ORDER BY lower(${reference.label}), u.id LIMIT ${params.bind(REFERENCE_LIMIT)}`,
          params.values,
        );
        return { data: rows.map((row) => ({ id: Number(row.id), label: row.label })) };
      },
    );
  }
}

const rolesReferenceSchema = {
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: { q: { type: 'string', maxLength: MAX_SEARCH_LENGTH }, ids: { type: 'string', pattern: ID_LIST_TEXT } },
  },
} as const;

/**
 * `GET references/roles`: the roles by name, searched with `q` or named by `ids=1,2` (the users
 * list's role filter). For JU: whoever reads the users list reads their role names already.
 */
export function rolesReferenceRoute(app: FastifyInstance, db: Database): void {
  app.get<{ Querystring: { q?: string; ids?: string } }>(
    '/references/roles',
    { schema: rolesReferenceSchema, config: { access: USERS_ACCESS } },
    async (request): Promise<DataEnvelope<ReferenceItem[]>> => {
      const params = new SqlParams();
      const conditions: string[] = [];
      const { q, ids } = request.query;
      if (q) conditions.push(containsCondition(['r.name'], params.bind(containsPattern(q))));
      if (ids) conditions.push(`r.id = ANY(${params.bind(ids.split(',').map(Number))}::bigint[])`);
      const { rows } = await db.query<{ id: string; label: string }>(
        `SELECT r.id, r.name AS label FROM core.roles r ${whereClause(conditions)} ORDER BY lower(r.name), r.id LIMIT ${params.bind(REFERENCE_LIMIT)}`,
        params.values,
      );
      return { data: rows.map((row) => ({ id: Number(row.id), label: row.label })) };
    },
  );
}
