import type { CashFlowBasis, CashFlowDirection } from '../../shared/cash-flow';

/** Which figure's transactions the drill-down shows: a cell (with a month) or a total (without), and how to name it. */
export interface FigureRequest {
  readonly basis: CashFlowBasis;
  readonly direction: CashFlowDirection;
  readonly month?: string;
  readonly key?: string;
  /** The row and column as the grid names them ("Payouts · Jan 2026 · fact"). */
  readonly title: string;
}
