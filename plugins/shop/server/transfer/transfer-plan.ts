import { findRecord, validationError, type Queryable, type UsersService } from '@core/sdk/server';
import type { ResourceRecord } from '@core/sdk/shared';
import { ordersResource, teamsResource } from '../../shared/resources';
import type { TransferParty, TransferPreviewBody, TransferPreviewRow, TransferRefusal } from '../../shared/transfer';

export const USER_NOT_FOUND = 'There is no such user to transfer to.';
export const TEAM_NOT_FOUND = 'There is no such team to transfer to.';

/** The states in which a position is held for its buyer (reserved, or sold for good). */
const HELD_STATES = ['reserved', 'sold'];

/** Where the orders go, each side checked to exist (and not be deleted). */
export interface ResolvedTarget {
  readonly user: TransferParty | null;
  readonly team: TransferParty | null;
}

/** A row of the plan with what performing it needs: the order's buyer and team now. */
export interface PlannedOrder {
  readonly row: TransferPreviewRow;
  readonly userFrom: number | null;
  readonly teamFrom: number | null;
}

export async function resolveTarget(
  tx: Queryable,
  users: UsersService,
  body: TransferPreviewBody,
): Promise<ResolvedTarget> {
  const user = body.to_user === undefined ? null : await users.find(tx, body.to_user, { live: true });
  if (body.to_user !== undefined && !user) throw validationError({ to_user: [USER_NOT_FOUND] });
  const team = body.to_team === undefined ? null : await findRecord(tx, teamsResource, body.to_team);
  if (body.to_team !== undefined && !team) throw validationError({ to_team: [TEAM_NOT_FOUND] });
  return {
    user: user ? { id: user.id, label: user.username } : null,
    team: team ? { id: team.id, label: String(team.name ?? `#${team.id}`) } : null,
  };
}

const idOf = (value: unknown): number | null => (typeof value === 'number' ? value : null);

function party(record: ResourceRecord, field: 'user' | 'team'): TransferParty | null {
  const id = idOf(record[field]);
  if (id === null) return null;
  const label = record._labels?.[field];
  return { id, label: typeof label === 'string' ? label : `#${id}` };
}

/** The order's positions held for a buyer: those held for its own buyer, and those held for someone else. */
async function heldPositions(
  tx: Queryable,
  orderId: number,
  userId: number | null,
): Promise<{ own: number; elsewhere: number }> {
  const { rows } = await tx.query<{ own: number; elsewhere: number }>(
    `SELECT count(*) FILTER (WHERE p.owner = $2)::int AS own, count(*) FILTER (WHERE p.owner IS DISTINCT FROM $2)::int AS elsewhere
       FROM shop.positions p
      WHERE p."order" = $1 AND p.deleted_at IS NULL AND p.state = ANY($3::text[])`,
    [orderId, userId, HELD_STATES],
  );
  return rows[0] ?? { own: 0, elsewhere: 0 };
}

function refusalOf(order: ResourceRecord, target: ResolvedTarget, elsewhere: number): TransferRefusal | null {
  if (order.deleted_at) return 'deleted';
  if (order.status !== 'completed') return 'notCompleted';
  const sameUser = target.user === null || target.user.id === order.user;
  const sameTeam = target.team === null || target.team.id === order.team;
  if (sameUser && sameTeam) return 'unchanged';
  if (elsewhere > 0) return 'positionsElsewhere';
  return null;
}

/**
 * What moving each order would change, and why an order cannot move. With `lock`, each order's
 * row is locked until the transaction ends (in id order, so two transfers never wait on each
 * other in a circle), and what is planned is what will be written.
 */
export async function planTransfer(
  tx: Queryable,
  orderIds: readonly number[],
  target: ResolvedTarget,
  lock: boolean,
): Promise<PlannedOrder[]> {
  const planned = new Map<number, PlannedOrder>();
  for (const id of [...orderIds].sort((a, b) => a - b)) {
    const order = await findRecord(tx, ordersResource, id, { withDeleted: true, lock });
    if (!order) {
      const row: TransferPreviewRow = {
        order: id,
        title: null,
        version: null,
        from_user: null,
        from_team: null,
        to_user: null,
        to_team: null,
        positions: 0,
        refusal: 'notFound',
      };
      planned.set(id, { row, userFrom: null, teamFrom: null });
      continue;
    }
    const fromUser = party(order, 'user');
    const fromTeam = party(order, 'team');
    const held = await heldPositions(tx, id, fromUser?.id ?? null);
    const row: TransferPreviewRow = {
      order: id,
      title: typeof order.title === 'string' ? order.title : null,
      version: order.version,
      from_user: fromUser,
      from_team: fromTeam,
      to_user: target.user ?? fromUser,
      to_team: target.team ?? fromTeam,
      positions: held.own,
      refusal: refusalOf(order, target, held.elsewhere),
    };
    planned.set(id, { row, userFrom: fromUser?.id ?? null, teamFrom: fromTeam?.id ?? null });
  }
  // In the order the caller named them.
  return orderIds.map((id) => planned.get(id)).filter((entry): entry is PlannedOrder => entry !== undefined);
}
