import { formatMessage } from '@core/sdk/shared';
import { validationError, type Queryable, type ResourceHooks } from '@core/sdk/server';
import {
  projectsResource,
  SERVICE_GROUPS,
  servicesResource,
  type ServiceAdapterName,
  type ServiceGroup,
} from '../../shared/resources';
import { ADAPTER_OUTSIDE_GROUP, CDN_GROUP, REGISTRAR_GROUP, USED_AS_CDN, USED_AS_REGISTRAR } from './messages-ru';
import { integerIn, storesValues, textIn } from './snapshot';

/*
 * A service's group says what it is for and its adapter how the product drives it: a registrar
 * buys domains (locally or at Namecheap), a CDN holds their zones (locally or at Cloudflare),
 * hosting and other accounts are records only. A project buys through its registrar and points
 * domains at its CDN, so each must be a service of that group, and a service projects use so
 * cannot leave the group.
 */

/** The adapters each group works with. */
export const ADAPTERS_BY_GROUP: Readonly<Record<ServiceGroup, readonly ServiceAdapterName[]>> = {
  registrar: ['none', 'local', 'namecheap'],
  cdn: ['none', 'local', 'cloudflare'],
  hosting: ['none'],
  other: ['none'],
};

/** A project's service fields and the group each must be of. */
const PROJECT_ROLES = [
  { field: 'registrar', group: 'registrar', wrongGroup: REGISTRAR_GROUP, inUse: USED_AS_REGISTRAR },
  { field: 'cdn', group: 'cdn', wrongGroup: CDN_GROUP, inUse: USED_AS_CDN },
] as const satisfies readonly { field: string; group: ServiceGroup; wrongGroup: string; inUse: string }[];

const isServiceGroup = (value: string | null): value is ServiceGroup =>
  (SERVICE_GROUPS as readonly (string | null)[]).includes(value);

async function groupOf(tx: Queryable, serviceId: number): Promise<string | null> {
  const { rows } = await tx.query<{ group: string }>(`SELECT "group" FROM ${servicesResource.table} WHERE id = $1`, [
    serviceId,
  ]);
  return rows[0]?.group ?? null;
}

async function usedBy(tx: Queryable, serviceId: number, field: 'registrar' | 'cdn'): Promise<boolean> {
  const { rows } = await tx.query(
    `SELECT 1 FROM ${projectsResource.table} WHERE "${field}" = $1 AND deleted_at IS NULL LIMIT 1`,
    [serviceId],
  );
  return rows.length > 0;
}

export const serviceHooks: ResourceHooks = {
  async beforeWrite({ tx, action, id, values, next }) {
    if (!storesValues(action)) return undefined;
    const errors: Record<string, string[]> = {};
    const group = textIn(next, 'group');
    const adapter = textIn(next, 'adapter');
    if (isServiceGroup(group) && adapter !== null) {
      const fitting = ADAPTERS_BY_GROUP[group];
      if (!(fitting as readonly string[]).includes(adapter))
        errors.adapter = [formatMessage(ADAPTER_OUTSIDE_GROUP, { adapters: fitting.join(', ') })];
    }
    if (id !== null && values.group !== undefined) {
      for (const role of PROJECT_ROLES) {
        if (group !== role.group && (await usedBy(tx, id, role.field))) errors.group = [role.inUse];
      }
    }
    if (Object.keys(errors).length > 0) throw validationError(errors);
    return undefined;
  },
};

export const projectHooks: ResourceHooks = {
  async beforeWrite({ tx, action, next }) {
    if (!storesValues(action)) return undefined;
    const errors: Record<string, string[]> = {};
    for (const role of PROJECT_ROLES) {
      const serviceId = integerIn(next, role.field);
      // A service that does not exist is the engine's reference check's to answer.
      const group = serviceId === null ? null : await groupOf(tx, serviceId);
      if (group !== null && group !== role.group) errors[role.field] = [role.wrongGroup];
    }
    if (Object.keys(errors).length > 0) throw validationError(errors);
    return undefined;
  },
};
