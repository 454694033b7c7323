import type { Actor, AuditService, Queryable } from '@core/sdk/server';
import { TRANSFER_IN, TRANSFER_OUT, userShopHistory, type TransferHistoryValues } from '../../shared/transfer';

/** One order moved: from whom and which team, to whom and which team, with how many positions. */
export interface OrderMove {
  readonly order: number;
  readonly from: { readonly user: number; readonly team: number | null };
  readonly to: { readonly user: number; readonly team: number | null };
  readonly positions: number;
}

/**
 * Writes the move into the history of both users, in the transfer's transaction: the user it left
 * gets `transfer-out`, the user it reached `transfer-in`, each entry holding the order, buyer and
 * team before and after. A move between teams of one buyer is one `transfer-out` entry on that
 * buyer (nothing was received by anyone else).
 */
export async function recordUserMoves(
  tx: Queryable,
  audit: AuditService,
  move: OrderMove,
  actor: Actor,
): Promise<void> {
  const before: TransferHistoryValues = {
    order: move.order,
    user: move.from.user,
    team: move.from.team,
    positions: move.positions,
  };
  const after: TransferHistoryValues = {
    order: move.order,
    user: move.to.user,
    team: move.to.team,
    positions: move.positions,
  };
  const entry = { resource: userShopHistory.id, actorId: actor.id, before: { ...before }, after: { ...after } };
  await audit.record(tx, { ...entry, recordId: move.from.user, action: TRANSFER_OUT });
  if (move.to.user !== move.from.user)
    await audit.record(tx, { ...entry, recordId: move.to.user, action: TRANSFER_IN });
}
