import type { ResourceRecord } from '@core/sdk/shared';

/*
 * Typed reads of a wire record's fields (the engine answers them as `unknown`): what a field's
 * kind guarantees, with null for a field left empty.
 */

export const idOf = (record: ResourceRecord, name: string): number | null => {
  const value = record[name];
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : null;
};

export const textOf = (record: ResourceRecord, name: string): string | null => {
  const value = record[name];
  return typeof value === 'string' && value !== '' ? value : null;
};

export const flagOf = (record: ResourceRecord, name: string): boolean => record[name] === true;

/** The ids of a many-reference, in the record's order. */
export const idsOf = (record: ResourceRecord, name: string): readonly number[] => {
  const ids = record[name];
  return Array.isArray(ids) ? ids.filter((id): id is number => typeof id === 'number' && Number.isSafeInteger(id)) : [];
};

export interface MoneyValue {
  readonly amount: string;
  readonly currency: string;
}

export const moneyOf = (record: ResourceRecord, name: string): MoneyValue | null => {
  const value = record[name];
  if (typeof value !== 'object' || value === null) return null;
  const { amount, currency } = value as Record<string, unknown>;
  return typeof amount === 'string' && typeof currency === 'string' ? { amount, currency } : null;
};
