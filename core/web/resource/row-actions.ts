import type { PermissionRequirement } from '@core/shared/permissions';
import type { ResourceDefinition, ResourceRecord, RowAction, ToolbarAction } from '@core/shared/resource/definition';

/** The meta timestamps a `when` may test: set reads as `true`, unset as `null` or `false`. */
const TIMESTAMPS = new Set(['blocked_at', 'deleted_at']);

/** Whether a row action's `when` lets it be offered for this record. */
export function actionApplies(when: RowAction['when'], record: ResourceRecord): boolean {
  if (!when) return true;
  const raw = record[when.field] ?? null;
  if (TIMESTAMPS.has(when.field)) {
    const set = raw !== null;
    return when.values.some((value) => (set ? value === true : value === null || value === false));
  }
  return when.values.some((value) => value === raw);
}

/** Row and toolbar actions this user may run, decided once per screen (not per row). */
export function permittedActions(
  definition: ResourceDefinition,
  allows: (requirement: PermissionRequirement) => boolean,
): { readonly row: readonly RowAction[]; readonly toolbar: readonly ToolbarAction[] } {
  return {
    row: (definition.rowActions ?? []).filter((action) => allows(action.requires)),
    toolbar: (definition.toolbarActions ?? []).filter((action) => allows(action.requires)),
  };
}

export function isDeleted(record: ResourceRecord): boolean {
  return record.deleted_at !== null && record.deleted_at !== undefined;
}

export function isBlocked(record: ResourceRecord): boolean {
  return record.blocked_at !== null && record.blocked_at !== undefined;
}
