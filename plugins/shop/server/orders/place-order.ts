import type { ResourceRecord } from '@core/sdk/shared';
import { readValues, type Actor, type RecordWriter } from '@core/sdk/server';
import { ordersResource, type OrderSource } from '../../shared/resources';

/** An order from outside the screens: the team bot (or automation), with who placed it there. */
export interface PlaceOrderInput {
  readonly teamId: number;
  readonly productId: number;
  readonly quantity: number;
  /** The buyer the positions will be reserved for. */
  readonly userId: number;
  readonly source: OrderSource;
  /** The bot the order came through and the messenger account that placed it; null when not through a bot. */
  readonly botId: number | null;
  readonly teamUser: string | null;
}

/**
 * Places an order through the engine, so it meets the same rules as one made on the screens (the
 * product on sale and allowed to the team, the day limit, the computed fields) and is audited.
 * The read-only `source`, `bot` and `team_user` are set here, the trusted path, after the caller's
 * part of the input was validated like a create body. Answers the new order as stored.
 */
export async function placeOrder(records: RecordWriter, input: PlaceOrderInput, actor: Actor): Promise<ResourceRecord> {
  const values = readValues(
    ordersResource,
    { team: input.teamId, product: input.productId, quantity: input.quantity, user: input.userId },
    'create',
    actor.language,
  );
  const trusted = { source: input.source, bot: input.botId, team_user: input.teamUser };
  return records.create(ordersResource, { ...values, ...trusted }, actor);
}
