import { formatMessage, type FieldValue } from '@core/sdk/shared';
import { conflict, validationError, type Queryable, type ResourceHooks, type WriteContext } from '@core/sdk/server';
import { ordersResource } from '../../shared/resources';
import {
  DAY_LIMIT_REACHED,
  ORDER_FIXED,
  PRODUCT_NOT_ACTIVE,
  PRODUCT_NOT_FOR_TEAM,
  UNKNOWN_TIME_ZONE,
} from './order-messages';
import { calendarDayIn, lockTeamProduct, unitsOrdered } from './team-day';

/*
 * The order's terms, kept by the engine on every create and edit (the screens' and the bot's
 * alike): the product must be on sale and, when the team lists products, one of them; the title,
 * value, time zone and team day are computed here; the product's day limit per team per team day
 * holds. Once an order has left `new`, what it is for (product, quantity, team) is fixed.
 */

/** What an order is for: changing any of these re-checks and recomputes the order. */
const TERMS = ['team', 'product', 'quantity'] as const;

/** The digits `value` is written with: the money field's scale (a price has at most as many, so nothing is rounded away). */
const VALUE_SCALE = ((): number => {
  const field = ordersResource.fields.find((candidate) => candidate.name === 'value');
  return field?.kind === 'money' && field.scale !== undefined ? field.scale : 2;
})();

interface ProductTerms {
  readonly name: string;
  readonly currency: string;
  /** price × quantity, computed by PostgreSQL's numeric: exact, never a float. */
  readonly value: string;
  readonly status: string;
  readonly day_limit: string | null;
  readonly needs_setup: boolean | null;
}

interface TeamTerms {
  readonly timezone: string;
  /** Whether the team's product list is empty or names the product. */
  readonly allowed: boolean;
}

interface Terms {
  readonly team: number;
  readonly product: number;
  readonly quantity: number;
}

async function productTerms(tx: Queryable, { product, quantity }: Terms): Promise<ProductTerms | null> {
  const { rows } = await tx.query<ProductTerms>(
    `SELECT name, price_currency AS currency, round(price * $2::numeric, $3)::text AS value, status, day_limit::text AS day_limit, needs_setup
       FROM shop.products WHERE id = $1 AND deleted_at IS NULL`,
    [product, String(quantity), VALUE_SCALE],
  );
  return rows[0] ?? null;
}

async function teamTerms(tx: Queryable, { team, product }: Terms): Promise<TeamTerms | null> {
  const { rows } = await tx.query<TeamTerms>(
    `SELECT timezone, (COALESCE(cardinality(products), 0) = 0 OR $2::bigint = ANY(products)) AS allowed
       FROM shop.teams WHERE id = $1 AND deleted_at IS NULL`,
    [team, product],
  );
  return rows[0] ?? null;
}

/**
 * Refuses (422 on `quantity`, saying what remains) an order that would take the team's units of
 * the product on `day` over the product's day limit. The (team, product) lock is held until the
 * write commits, so the next writer's total includes this order.
 */
async function assertWithinDayLimit(
  tx: Queryable,
  terms: Terms,
  limit: number,
  day: string,
  orderId: number | null,
): Promise<void> {
  await lockTeamProduct(tx, terms.team, terms.product);
  const taken = await unitsOrdered(tx, terms.team, terms.product, day, orderId);
  if (taken + terms.quantity > limit) {
    throw validationError({
      quantity: [formatMessage(DAY_LIMIT_REACHED, { limit, remaining: Math.max(limit - taken, 0) })],
    });
  }
}

/**
 * Checks the order's terms and computes its derived fields. `day` is the team day the order
 * already counts against, or null to take today's in the team's time zone (a new order, a new team).
 * A team or product that does not exist is left to the engine's reference check (its own 422).
 */
async function checkedTerms(
  tx: Queryable,
  terms: Terms,
  day: string | null,
  orderId: number | null,
  now: () => Date,
): Promise<Record<string, FieldValue> | null> {
  const product = await productTerms(tx, terms);
  const team = await teamTerms(tx, terms);
  if (!product || !team) return null;
  if (product.status !== 'active') throw validationError({ product: [PRODUCT_NOT_ACTIVE] });
  if (!team.allowed) throw validationError({ product: [PRODUCT_NOT_FOR_TEAM] });
  const teamDay = day ?? calendarDayIn(now(), team.timezone);
  if (teamDay === null)
    throw validationError({ team: [formatMessage(UNKNOWN_TIME_ZONE, { timezone: team.timezone })] });
  if (product.day_limit !== null) await assertWithinDayLimit(tx, terms, Number(product.day_limit), teamDay, orderId);
  return {
    title: `${product.name} × ${terms.quantity}`,
    value: { amount: product.value, currency: product.currency },
    ...(day === null ? { timezone: team.timezone, team_day: teamDay } : {}),
    ...(product.needs_setup === true && orderId === null ? { setup: true } : {}),
  };
}

const termsOf = (order: WriteContext['next']): Terms => ({
  team: Number(order.team),
  product: Number(order.product),
  quantity: Number(order.quantity),
});

/** The orders' engine hooks; `now` is the plugin's clock (tests stand a fixed one in). */
export function orderHooks(now: () => Date): ResourceHooks {
  return {
    async beforeWrite({ tx, action, id, before, values, next }) {
      if (action === 'create') {
        const computed = await checkedTerms(tx, termsOf(next), null, null, now);
        // `source` is read-only to callers: only the trusted bot path (placeOrder) brings one.
        return { ...computed, status: 'new', count: 0, source: values.source ?? 'web' };
      }
      if (!before) return undefined;
      if (action === 'update') {
        const changed = TERMS.filter((name) => values[name] !== undefined && values[name] !== before[name]);
        if (changed.length === 0) return undefined;
        if (before.status !== 'new') throw conflict(ORDER_FIXED);
        const day = changed.includes('team') ? null : String(before.team_day);
        return (await checkedTerms(tx, termsOf(next), day, id, now)) ?? undefined;
      }
      // A restored order counts against its day's limit again.
      if (action === 'restore' && before.status !== 'cancelled' && before.team_day) {
        const terms = termsOf(next);
        const limit = (await productTerms(tx, terms))?.day_limit ?? null;
        if (limit !== null) await assertWithinDayLimit(tx, terms, Number(limit), String(before.team_day), id);
      }
      return undefined;
    },
  };
}
