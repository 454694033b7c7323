import {
  conflict,
  translated,
  type Actor,
  type AuditService,
  type Database,
  type Queryable,
  type RecordWriter,
  type UsersService,
} from '@core/sdk/server';
import type { FieldValue } from '@core/sdk/shared';
import { ordersResource, positionsResource, setupTasksResource } from '../../shared/resources';
import type { TransferBody, TransferRefusal, TransferResult } from '../../shared/transfer';
import { planTransfer, resolveTarget, type PlannedOrder, type ResolvedTarget } from './transfer-plan';
import { recordUserMoves } from './user-history';

/** The order's audit action, and the positions': how a transfer reads in their history. */
export const TRANSFER_ACTION = 'transfer';

/** Why `POST transfer` refuses an order, by refusal; `{order}` is its id. */
export const REFUSAL_MESSAGES: Readonly<Record<TransferRefusal, string>> = {
  notFound: 'Order #{order} does not exist.',
  deleted: 'Order #{order} is deleted.',
  notCompleted: 'Order #{order} is not completed: only completed orders are transferred.',
  unchanged: 'Order #{order} already belongs to that user and team.',
  positionsElsewhere: 'Positions of order #{order} are no longer all held for its user.',
};

/** What performing a transfer needs from the plugin's context. */
export interface TransferServices {
  readonly db: Database;
  readonly records: RecordWriter;
  readonly users: UsersService;
  readonly audit: AuditService;
}

/**
 * Hands the order's held positions to the new buyer, as the stock engine hands positions out
 * (../stock/positions-handout.ts): one set-based engine change, each position in its history as a transfer.
 */
async function movePositions(
  tx: Queryable,
  records: RecordWriter,
  orderId: number,
  from: number,
  to: number,
  actor: Actor,
): Promise<number> {
  const { rows } = await tx.query<{ id: string }>(
    `SELECT id::text AS id FROM shop.positions
      WHERE "order" = $1 AND owner = $2 AND deleted_at IS NULL AND state IN ('reserved', 'sold') ORDER BY id FOR UPDATE`,
    [orderId, from],
  );
  const ids = rows.map((row) => Number(row.id));
  if (ids.length === 0) return 0;
  const moved = await records.changeManyIn(
    tx,
    positionsResource,
    { ids },
    { action: TRANSFER_ACTION, values: { owner: to } },
    actor,
  );
  return moved.length;
}

/** The order's setup tasks follow its buyer, so the buyer told of the setup is the one who holds the order. */
async function moveSetupTasks(tx: Queryable, records: RecordWriter, orderId: number, to: number, actor: Actor) {
  const { rows } = await tx.query<{ id: string }>(
    `SELECT id::text AS id FROM shop.setup_tasks WHERE "order" = $1 AND "user" IS DISTINCT FROM $2 ORDER BY id FOR UPDATE`,
    [orderId, to],
  );
  const ids = rows.map((row) => Number(row.id));
  if (ids.length > 0)
    await records.changeManyIn(
      tx,
      setupTasksResource,
      { ids },
      { action: TRANSFER_ACTION, values: { user: to } },
      actor,
    );
}

async function moveOrder(
  tx: Queryable,
  services: TransferServices,
  planned: PlannedOrder,
  target: ResolvedTarget,
  version: number | undefined,
  actor: Actor,
) {
  const values: Record<string, FieldValue> = {};
  if (target.user) values.user = target.user.id;
  if (target.team) values.team = target.team.id;
  const record = await services.records.changeIn(
    tx,
    ordersResource,
    planned.row.order,
    { action: TRANSFER_ACTION, values, version: version ?? null },
    actor,
  );
  const fromUser = planned.userFrom ?? 0;
  const toUser = target.user?.id ?? fromUser;
  const moved = toUser !== fromUser;
  const positions = moved
    ? await movePositions(tx, services.records, planned.row.order, fromUser, toUser, actor)
    : planned.row.positions;
  if (moved) await moveSetupTasks(tx, services.records, planned.row.order, toUser, actor);
  await recordUserMoves(
    tx,
    services.audit,
    {
      order: planned.row.order,
      from: { user: fromUser, team: planned.teamFrom },
      to: { user: toUser, team: target.team?.id ?? planned.teamFrom },
      positions,
    },
    actor,
  );
  return { id: record.id, version: record.version, positions };
}

/**
 * Moves the orders in one transaction: every order must still be movable (409 naming the first
 * that is not) and at the version the preview showed (409 otherwise); each is changed through the
 * engine (versioned, in the order's history as `transfer`), its positions follow its buyer, and
 * both buyers' histories get the move.
 */
export async function performTransfer(
  services: TransferServices,
  body: TransferBody,
  versions: ReadonlyMap<number, number>,
  actor: Actor,
): Promise<TransferResult> {
  return translated(ordersResource, actor.language, () =>
    services.db.transaction(async (tx) => {
      const target = await resolveTarget(tx, services.users, body);
      const plan = await planTransfer(tx, body.orders, target, true);
      const refused = plan.find((planned) => planned.row.refusal !== null);
      if (refused?.row.refusal)
        throw conflict(REFUSAL_MESSAGES[refused.row.refusal].replace('{order}', String(refused.row.order)));
      const moved = [];
      for (const planned of plan)
        moved.push(await moveOrder(tx, services, planned, target, versions.get(planned.row.order), actor));
      return {
        orders: moved.map(({ id, version }) => ({ id, version })),
        positions: moved.reduce((sum, entry) => sum + entry.positions, 0),
      };
    }),
  );
}
