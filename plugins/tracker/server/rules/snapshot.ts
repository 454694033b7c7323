import type { FieldValue } from '@core/sdk/shared';
import type { WriteAction } from '@core/sdk/server';

/*
 * Reading the engine's snapshots (wire form) in the rules: ids are numbers, days are
 * `YYYY-MM-DD` strings, a field left out is undefined.
 */

type Values = Readonly<Record<string, FieldValue | undefined>> | null;

/** A whole-number field: an id, a reference, a cap, a campaign id. */
export const integerIn = (values: Values, name: string): number | null => {
  const value = values?.[name];
  return typeof value === 'number' ? value : null;
};

export const idsIn = (values: Values, name: string): readonly number[] => {
  const value = values?.[name];
  return Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : [];
};

export const textIn = (values: Values, name: string): string | null => {
  const value = values?.[name];
  return typeof value === 'string' ? value : null;
};

export const flagIn = (values: Values, name: string): boolean => values?.[name] === true;

/** The actions after which a record holds the values the rules check (not a delete, block or row action). */
export const storesValues = (action: WriteAction): boolean =>
  action === 'create' || action === 'update' || action === 'restore';
