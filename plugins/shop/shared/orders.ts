import type { PositionState } from './resources';

/** A position of an order as `GET orders/{id}/positions` answers it. */
export interface OrderPosition {
  readonly id: number;
  readonly title: string | null;
  readonly product: number;
  readonly state: PositionState;
  readonly reserved_until: string | null;
  /** The asset's data; null when the caller may not see it (order staff without SQ). */
  readonly data: string | null;
}
