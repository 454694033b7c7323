import type { RecordWriter } from '@core/sdk/server';
import type { LowStockAlert } from './low-stock';

/**
 * How long a position handed to a buyer stays reserved before it counts as sold:
 * `pluginSettings.shop.reservationHours` in the configuration, 72 when not set.
 */
export const DEFAULT_RESERVATION_HOURS = 72;
/** A year: a longer reservation is a typo, not a policy. */
export const MAX_RESERVATION_HOURS = 24 * 366;

/**
 * What handing positions out needs besides the transaction: the clock, the reservation's length,
 * who hears of stock running low, and the engine's writes the positions and orders change through.
 */
export interface HandoutPolicy {
  readonly now: () => Date;
  readonly records: RecordWriter;
  readonly reservationHours: number;
  readonly lowStock: LowStockAlert;
}

/** The configured reservation length; a value of another type or out of range stops start-up with one line naming it. */
export function readReservationHours(settings: Readonly<Record<string, unknown>>): number {
  const configured = settings.reservationHours;
  if (configured === undefined) return DEFAULT_RESERVATION_HOURS;
  if (
    typeof configured !== 'number' ||
    !Number.isInteger(configured) ||
    configured < 1 ||
    configured > MAX_RESERVATION_HOURS
  ) {
    throw new Error(
      `pluginSettings.shop.reservationHours must be a whole number of hours from 1 to ${MAX_RESERVATION_HOURS}.`,
    );
  }
  return configured;
}

/** When a position reserved now stops being reserved and counts as sold. */
export function reservedUntil(policy: HandoutPolicy): Date {
  return new Date(policy.now().getTime() + policy.reservationHours * 3_600_000);
}
