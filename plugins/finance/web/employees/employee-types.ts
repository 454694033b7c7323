import type { Money, ResourceRecord } from '@core/sdk/shared';
import { isRecord } from '../finance-result';

/** An employee record as the finance service sends it, with reference labels in `_labels`. */
export type Employee = ResourceRecord & {
  readonly full_name: string;
  readonly hired_date?: string | null;
  readonly fired_date?: string | null;
  readonly work_type?: string | null;
  readonly position_id?: number | null;
  readonly division_id?: number | null;
  readonly manager_id?: number | null;
  readonly user_id?: number | null;
  readonly base_salary?: Money | null;
};

/** One row of `GET references/<path>`. */
export interface ReferenceOption {
  readonly id: number;
  readonly label: string;
}

export function isEmployee(value: unknown): value is Employee {
  return (
    isRecord(value) &&
    typeof value.id === 'number' &&
    typeof value.version === 'number' &&
    typeof value.full_name === 'string'
  );
}

/** The label the server gave a referenced record, e.g. the position's name. */
export function labelOf(record: ResourceRecord, field: string): string | null {
  const label = record._labels?.[field];
  if (typeof label === 'string') return label;
  if (Array.isArray(label)) return label.join(', ');
  return null;
}

export function parseOptions(body: unknown): ReferenceOption[] {
  const data = isRecord(body) ? body.data : undefined;
  if (!Array.isArray(data)) return [];
  return data.flatMap((item) =>
    isRecord(item) && typeof item.id === 'number'
      ? [{ id: item.id, label: typeof item.label === 'string' ? item.label : `#${item.id}` }]
      : [],
  );
}
