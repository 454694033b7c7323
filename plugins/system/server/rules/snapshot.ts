import type { FieldValue } from '@core/sdk/shared';
import type { WriteAction } from '@core/sdk/server';

/*
 * Reading the engine's snapshots and sent values (wire form) in the rules: ids are numbers, days
 * `YYYY-MM-DD` strings, a field left out is undefined.
 */

export type Values = Readonly<Record<string, FieldValue | undefined>> | null;

export const textIn = (values: Values, name: string): string | null => {
  const value = values?.[name];
  return typeof value === 'string' && value !== '' ? value : null;
};

export const integerIn = (values: Values, name: string): number | null => {
  const value = values?.[name];
  return typeof value === 'number' ? value : null;
};

/** The actions after which a record holds the values the rules check (not a delete, block or row action). */
export const storesValues = (action: WriteAction): boolean =>
  action === 'create' || action === 'update' || action === 'restore';
