import type { PermissionRequirement } from '../permissions';
import type { ServiceName } from '../services';
import {
  hasSecretValues,
  isReadable,
  OPERATORS_BY_KIND,
  STATUS_TONES,
  TEXT_KINDS,
  type FieldDefinition,
  type ReferenceTarget,
} from './field';
import { pointsIntoAbsentPlugin, runningPluginsGeneration, targetOwner } from './absent-plugins';

export type SortDirection = 'asc' | 'desc';

export interface SortOrder {
  readonly field: string;
  readonly direction: SortDirection;
}

/**
 * An action on one record, shown in the row's menu. The engine draws it and sends
 * `POST <path>/{id}/<endpoint>`; the plugin registers that route (a custom endpoint).
 */
export interface RowAction {
  readonly name: string;
  readonly labelKey: string;
  readonly requires: PermissionRequirement;
  readonly endpoint: string;
  /** i18n key of the question asked before sending; none sends at once. */
  readonly confirmKey?: string;
  /** Offered only while the record's `field` holds one of `values` (e.g. a state). */
  readonly when?: { readonly field: string; readonly values: readonly (string | boolean | null)[] };
}

/** An action on the whole list, shown in the toolbar: `POST <path>/<endpoint>`. */
export interface ToolbarAction {
  readonly name: string;
  readonly labelKey: string;
  readonly requires: PermissionRequirement;
  readonly endpoint: string;
  readonly confirmKey?: string;
}

/**
 * One definition gives a validated REST resource (core/server/resource) and its list and
 * add/edit screens (core/web/resource). Identifiers here become SQL identifiers: they come
 * only from code, never from a request.
 */
export interface ResourceDefinition {
  /** Unique across the product: `<plugin>.<name>`, e.g. `finance.wallets`. */
  readonly id: string;
  readonly service: ServiceName;
  /** API path under the service, no slashes: `wallets` → `GET /api/finance/wallets`. */
  readonly path: string;
  /** Schema-qualified table the engine creates and keeps in step with the fields. */
  readonly table: string;
  /** i18n keys: the list screen's title and one record's noun ("wallet"). */
  readonly titleKey: string;
  readonly recordKey: string;
  /** Reading may need less than writing. */
  readonly access: { readonly read: PermissionRequirement; readonly write: PermissionRequirement };
  readonly fields: readonly FieldDefinition[];
  /** The field that names a record in pickers, confirmations and references. */
  readonly labelField: string;
  /**
   * The fields a record page's title joins (with " · ") when the label field alone says too little: a
   * transaction by its article, date and amount, a payroll draft by its employee and hash. Default: the
   * label field alone.
   */
  readonly titleFields?: readonly string[];
  /** Delete sets `deleted_at` (hidden, restorable) instead of removing the row. */
  readonly softDelete?: boolean;
  /** Records can be blocked and unblocked (`blocked_at`). */
  readonly blockable?: boolean;
  /**
   * Groups of fields whose values no two live records share together, e.g. `[['currency', 'rate_date']]`
   * (text compared case-insensitively, money by amount and currency). A clash is a 422 on the
   * group's first field. Single fields say `unique` instead.
   */
  readonly uniqueTogether?: readonly (readonly string[])[];
  readonly defaultSort?: SortOrder;
  /** Page sizes offered; the largest is the most the API serves. */
  readonly pageSizes?: readonly number[];
  readonly rowActions?: readonly RowAction[];
  readonly toolbarActions?: readonly ToolbarAction[];
  /**
   * Records are made and changed only by the plugin's own logic (its routes, row actions, hooks,
   * `context.records`): the engine mounts no create, edit or delete route for it, and the screen
   * offers no Add, Edit, Delete or Restore. A work queue the plugin fills is such a resource.
   */
  readonly readOnly?: boolean;
  /**
   * Tailors the sections of related records on this resource's record page, by
   * `<pointing resource id>.<field>`: hide one, rename it, or place it (`order`, default 100).
   */
  readonly sections?: Readonly<
    Record<string, { readonly hidden?: boolean; readonly labelKey?: string; readonly order?: number }>
  >;
}

/** Columns every resource table has besides its fields. */
export interface RecordMeta {
  readonly id: number;
  /** Increases on every change; an edit must carry the version it was made on. */
  readonly version: number;
  readonly created_at: string;
  readonly updated_at: string;
  readonly deleted_at?: string | null;
  readonly blocked_at?: string | null;
}

/**
 * A record on the wire: meta columns, every readable field, secrets as `SECRET_MASK` (set) or
 * null (unset), and `_labels`: the label of each referenced record, for lists and pickers.
 */
export type ResourceRecord = RecordMeta &
  Readonly<Record<string, unknown>> & {
    readonly _labels?: Readonly<Record<string, string | readonly string[] | null>>;
  };

/** One audit row: who changed what, before and after (secrets never recorded). */
export interface AuditEntry {
  readonly id: number;
  readonly action: 'create' | 'update' | 'delete' | 'restore' | 'block' | 'unblock' | (string & {});
  readonly actor_id: number | null;
  readonly actor_name: string | null;
  readonly at: string;
  readonly before: Readonly<Record<string, unknown>> | null;
  readonly after: Readonly<Record<string, unknown>> | null;
}

export const DEFAULT_PAGE_SIZES: readonly number[] = [10, 20, 50, 100];
/** The rows every list shows until its user picks another size: one default for all lists, offered beside a definition's own sizes. */
export const DEFAULT_PER_PAGE = 20;
/** Rows a `references/<path>` answer carries at most. */
export const REFERENCE_LIMIT = 50;
export const STALE_VERSION_MESSAGE = 'This record was changed by someone else';

export function pageSizesOf(definition: ResourceDefinition): readonly number[] {
  const sizes = definition.pageSizes ?? DEFAULT_PAGE_SIZES;
  return sizes.includes(DEFAULT_PER_PAGE) ? sizes : [...sizes, DEFAULT_PER_PAGE].sort((a, b) => a - b);
}

export function maxPerPage(definition: ResourceDefinition): number {
  return Math.max(...pageSizesOf(definition));
}

export function defaultSortOf(definition: ResourceDefinition): SortOrder {
  return definition.defaultSort ?? { field: 'created_at', direction: 'desc' };
}

export function fieldNamed(definition: ResourceDefinition, name: string): FieldDefinition | undefined {
  return definition.fields.find((field) => field.name === name);
}

/** Meta columns a list may sort by, besides sortable fields. */
export const SORTABLE_META = ['id', 'created_at', 'updated_at'] as const;

export function isSortable(definition: ResourceDefinition, name: string): boolean {
  if ((SORTABLE_META as readonly string[]).includes(name)) return true;
  return fieldNamed(definition, name)?.sortable === true;
}

/** How other resources point at this one. */
export function referenceTo(definition: ResourceDefinition): ReferenceTarget {
  const label = fieldNamed(definition, definition.labelField);
  if (!label) throw new Error(`${definition.id}: labelField "${definition.labelField}" is not a field`);
  return {
    service: definition.service,
    path: definition.path,
    table: definition.table,
    labelColumn: definition.labelField,
    softDelete: definition.softDelete === true,
  };
}

const IDENTIFIER = /^[a-z][a-z0-9_]{0,62}$/;
const TABLE = /^[a-z][a-z0-9_]{0,62}\.[a-z][a-z0-9_]{0,62}$/;
const PATH = /^[a-z][a-z0-9-]*(\/[a-z][a-z0-9-]*)*$/;
const RESERVED = new Set([
  'id',
  'version',
  'created_at',
  'updated_at',
  'deleted_at',
  'blocked_at',
  'created_by',
  'updated_by',
]);

/** What a type cannot check; the server refuses to mount a definition with problems. */
export function definitionProblems(definition: ResourceDefinition): string[] {
  const problems: string[] = [];
  const at = (text: string) => problems.push(`${definition.id}: ${text}`);
  if (!TABLE.test(definition.table)) at(`table "${definition.table}" must be schema.table in lower snake case`);
  if (!PATH.test(definition.path)) at(`path "${definition.path}" must be lower-case words joined by - or /`);
  const names = new Set<string>();
  for (const field of definition.fields) {
    if (!IDENTIFIER.test(field.name)) at(`field "${field.name}" must be lower snake case`);
    if (RESERVED.has(field.name)) at(`field "${field.name}" is a column every record has`);
    if (names.has(field.name)) at(`field "${field.name}" is declared twice`);
    names.add(field.name);
    for (const op of field.filter ?? []) {
      if (!OPERATORS_BY_KIND[field.kind].includes(op))
        at(`field "${field.name}" (${field.kind}) cannot filter with "${op}"`);
    }
    if (field.kind === 'enum' && field.values.length === 0) at(`enum field "${field.name}" has no values`);
    if (field.kind === 'reference' && !TABLE.test(field.target.table)) at(`reference "${field.name}" has a bad table`);
    if (field.kind === 'secret' && (field.sortable || field.filter?.length || field.unique))
      at(`secret "${field.name}" cannot be sorted, filtered or unique`);
    // Sorting or a uniqueness refusal would tell a reader something about the hidden values.
    if (hasSecretValues(field) && (field.sortable || field.unique))
      at(`key/value "${field.name}" with secret values cannot be sorted or unique`);
    if (field.searchable && !TEXT_KINDS.has(field.kind))
      at(`field "${field.name}" (${field.kind}) cannot be searchable: only text kinds are`);
    // Read as unknown: a plugin written in JavaScript may put a format on any kind.
    const format: unknown = (field as { readonly format?: unknown }).format;
    if (format !== undefined && (format !== 'identifier' || !(field.kind === 'number' || TEXT_KINDS.has(field.kind)))) {
      at(
        `field "${field.name}" (${field.kind}) cannot have format "${String(format)}": only number and text fields take 'identifier'`,
      );
    }
    if (field.kind === 'enum') {
      for (const [value, tone] of Object.entries(field.tones ?? {})) {
        if (!field.values.includes(value))
          at(`enum field "${field.name}" gives a tone to "${value}", which is not one of its values`);
        if (tone === undefined || !STATUS_TONES.includes(tone))
          at(`enum field "${field.name}" gives "${value}" an unknown tone "${String(tone)}"`);
      }
    }
    if (field.emptyLabelKey !== undefined && (field.required || !field.emptyLabelKey.includes(':'))) {
      at(`field "${field.name}": emptyLabelKey must be a namespace:key on a field that may be empty`);
    }
  }
  if (!names.has(definition.labelField)) at(`labelField "${definition.labelField}" is not a field`);
  for (const field of definition.fields) {
    if (field.kind !== 'reference' || field.legacyField === undefined) continue;
    const legacy = fieldNamed(definition, field.legacyField);
    if (field.many || legacy?.kind !== 'text' || !legacy.readOnly)
      at(`reference "${field.name}": legacyField must name a read-only text field, on a single reference`);
  }
  for (const name of definition.titleFields ?? []) {
    const field = fieldNamed(definition, name);
    if (!field) at(`titleFields names unknown field "${name}"`);
    else if (!isReadable(field)) at(`titleFields cannot name secret "${name}"`);
  }
  for (const group of definition.uniqueTogether ?? []) {
    if (group.length < 2 || new Set(group).size !== group.length)
      at(`uniqueTogether [${group.join(', ')}] must name two or more different fields`);
    for (const member of group) {
      const field = fieldNamed(definition, member);
      if (!field) at(`uniqueTogether names unknown field "${member}"`);
      else if (field.kind === 'secret' || field.kind === 'keyValue' || (field.kind === 'reference' && field.many)) {
        at(
          `uniqueTogether cannot hold ${field.kind === 'reference' ? 'a many-reference' : `a ${field.kind}`} field ("${member}")`,
        );
      }
    }
  }
  const sort = defaultSortOf(definition);
  if (!isSortable(definition, sort.field)) at(`default sort "${sort.field}" is not sortable`);
  for (const size of pageSizesOf(definition))
    if (!Number.isInteger(size) || size < 1 || size > 1000) at(`page size ${size} must be 1..1000`);
  for (const action of definition.rowActions ?? []) {
    if (!PATH.test(action.endpoint)) at(`row action "${action.name}" has a bad endpoint`);
    if (
      action.when &&
      !names.has(action.when.field) &&
      action.when.field !== 'blocked_at' &&
      action.when.field !== 'deleted_at'
    ) {
      at(`row action "${action.name}" depends on unknown field "${action.when.field}"`);
    }
  }
  return problems;
}

/**
 * Keeps the literal types and documents intent at the definition site. A definition with a
 * reference into another plugin's tables reads its `fields` without those into a plugin that is an
 * optional dependency and not running (absent-plugins.ts); any other definition is returned as it is.
 */
export function defineResource<const D extends ResourceDefinition>(definition: D): D {
  const [schema] = definition.table.split('.');
  const declared = definition.fields;
  const crossPlugin = declared.some(
    (field) => field.kind === 'reference' && ![schema, 'core'].includes(targetOwner(field.target)),
  );
  if (!crossPlugin) return definition;
  let seen = -1;
  let present = declared;
  const fields = (): D['fields'] => {
    if (seen !== runningPluginsGeneration()) {
      seen = runningPluginsGeneration();
      const left = declared.filter((field) => !pointsIntoAbsentPlugin(field));
      present = left.length === declared.length ? declared : left;
    }
    return present;
  };
  return Object.defineProperty({ ...definition }, 'fields', { get: fields, enumerable: true });
}
