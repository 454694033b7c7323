import { compareDecimals, type Money, type ResourceRecord } from '@core/sdk/shared';
import type { RowTone } from '@core/sdk/web';
import type { CorrectionStatus } from '../../shared/card-corrections';
import { isRecord } from '../finance-result';

/** Reading a correction's fields as the list hands them (wire form). */

export function moneyOf(value: unknown): Money | null {
  return isRecord(value) && typeof value.amount === 'string' && typeof value.currency === 'string'
    ? { amount: value.amount, currency: value.currency }
    : null;
}

export function statusOf(record: ResourceRecord): CorrectionStatus {
  return record.status === 'approved' || record.status === 'reversed' ? record.status : 'open';
}

/** The sign of the difference: 1 when the statement shows more than the books, −1 less, 0 equal or unknown. */
export function differenceSign(record: ResourceRecord): number {
  const difference = moneyOf(record.difference);
  return difference ? compareDecimals(difference.amount, '0') : 0;
}

export const isReversal = (record: ResourceRecord): boolean => typeof record.reverses_id === 'number';

/** An open correction the books and the statement disagree on: a row to look at. */
export function correctionTone(record: ResourceRecord): RowTone | undefined {
  return statusOf(record) === 'open' && differenceSign(record) !== 0
    ? { tone: 'warning', labelKey: 'finance:cardCorrections.openDifference' }
    : undefined;
}
