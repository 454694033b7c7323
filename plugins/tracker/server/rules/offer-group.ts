import type { WriteContext } from '@core/sdk/server';
import type { FieldValue } from '@core/sdk/shared';

/** The group typed before groups were verticals (migration 0004) goes once a group is picked. */
export function groupPicked({ values }: WriteContext): Record<string, FieldValue> {
  return Object.hasOwn(values, 'group') ? { group_legacy: null } : {};
}
