import { REFERENCE_LIMIT, type ResourceDefinition } from '@core/shared/resource/definition';
import { requirementCodes, satisfies, type PermissionRequirement } from '@core/shared/permissions';
import type { Queryable } from '../database/database';
import { likeLiteral, quoteTable, SqlParams, whereClause } from '../database/sql';
import { columnRef } from './columns';
import { pointersTo } from './integrity';

/** One row of `GET references/<path>`: what a picker offers. */
export interface ReferenceOption {
  readonly id: number;
  readonly label: string;
}

/**
 * Who may list a resource's labels: its readers, and whoever may read or write a resource that
 * points at it (a form's picker must offer the records it may point at).
 */
export function referenceRequirements(
  definition: ResourceDefinition,
  mounted: readonly ResourceDefinition[],
): PermissionRequirement[] {
  const all = [
    definition.access.read,
    ...pointersTo(definition, mounted).flatMap(({ from }) => [from.access.read, from.access.write]),
  ];
  const seen = new Set<string>();
  return all.filter((requirement) => {
    const key = JSON.stringify(requirement);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The route's declared gate: one requirement as it is, several as the any-of of their codes.
 * That gate is necessary but, with an all-of among them, not sufficient, so the route checks
 * `satisfiesAny` as well.
 */
export function referenceGate(requirements: readonly PermissionRequirement[]): PermissionRequirement {
  if (requirements.length === 1 && requirements[0] !== undefined) return requirements[0];
  return { anyOf: [...new Set(requirements.flatMap(requirementCodes))] };
}

export function satisfiesAny(codes: readonly string[], requirements: readonly PermissionRequirement[]): boolean {
  const held = new Set(codes);
  return requirements.some((requirement) => satisfies(held, requirement));
}

export const REFERENCE_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    q: { type: 'string', maxLength: 100 },
    ids: { type: 'string', maxLength: REFERENCE_LIMIT * 19, pattern: '^[1-9][0-9]{0,17}(,[1-9][0-9]{0,17})*$' },
  },
} as const;

export interface ReferenceQuery {
  readonly q?: string;
  readonly ids?: string;
}

/**
 * Labels for a picker: live records whose label contains `q`, or the records `ids` names (even
 * soft-deleted ones, so a form can still name what it points at). At most REFERENCE_LIMIT.
 */
export async function referenceOptions(
  db: Queryable,
  definition: ResourceDefinition,
  query: ReferenceQuery,
): Promise<ReferenceOption[]> {
  const params = new SqlParams();
  const label = `${columnRef('r', definition.labelField)}::text`;
  const conditions: string[] = [];
  const ids = query.ids ? [...new Set(query.ids.split(','))] : null;
  if (ids) conditions.push(`r.id = ANY(${params.bind(ids.slice(0, REFERENCE_LIMIT))}::bigint[])`);
  else if (definition.softDelete) conditions.push(`r.deleted_at IS NULL`);
  if (query.q) conditions.push(`${label} ILIKE ${params.bind(`%${likeLiteral(query.q)}%`)}::text ESCAPE '\\'`);
  const { rows } = await db.query<{ option: ReferenceOption }>(
    `SELECT jsonb_build_object('id', r.id, 'label', ${label}) AS option FROM ${quoteTable(definition.table)} r
     ${whereClause(conditions)} ORDER BY lower(${label}), r.id LIMIT ${params.bind(REFERENCE_LIMIT)}`,
    params.values,
  );
  return rows.map((row) => row.option);
}
