import type { Queryable } from '@core/sdk/server';
import { ordersResource, productsResource, teamsResource } from '../../shared/resources';

/*
 * What the team bot reads of the shop's own tables: the teams a bot serves, what a team may order
 * and its latest orders. Plain reads; every write goes through the order engine.
 */

export interface BotTeam {
  readonly id: number;
  readonly name: string;
}

/** A product a team may order, as the bot lists it. */
export interface OrderableProduct {
  readonly id: number;
  readonly name: string;
  /** The price to its currency's cents (`12.50`), and the currency. */
  readonly price: string;
  readonly currency: string;
  /** Units one team may order a day; null for no limit. */
  readonly dayLimit: number | null;
}

export interface TeamOrder {
  readonly id: number;
  readonly title: string;
  readonly status: string;
}

/**
 * The live teams whose bot is `botId` and whose users include `userId`, oldest first. A bot
 * normally serves one team; should one member share several teams behind one bot, the oldest is
 * the one the bot acts for.
 */
export async function teamsOfMember(db: Queryable, botId: number, userId: number): Promise<BotTeam[]> {
  const { rows } = await db.query<{ id: string; name: string }>(
    `SELECT id::text, name FROM ${teamsResource.table} WHERE bot = $1 AND $2 = ANY(users) AND deleted_at IS NULL ORDER BY id`,
    [botId, userId],
  );
  return rows.map((row) => ({ id: Number(row.id), name: row.name }));
}

/** The active products the team may order (its list, or every active product when its list is empty), by name. */
export async function orderableProducts(db: Queryable, teamId: number): Promise<OrderableProduct[]> {
  const { rows } = await db.query<{
    id: string;
    name: string;
    price: string;
    currency: string;
    day_limit: string | null;
  }>(
    `SELECT p.id::text, p.name, round(p.price, 2)::text AS price, p.price_currency AS currency, p.day_limit::text AS day_limit
       FROM ${productsResource.table} p, ${teamsResource.table} t
      WHERE t.id = $1 AND p.status = 'active' AND p.deleted_at IS NULL
        AND (cardinality(COALESCE(t.products, '{}')) = 0 OR p.id = ANY(t.products))
      ORDER BY lower(p.name), p.id`,
    [teamId],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    price: row.price,
    currency: row.currency,
    dayLimit: row.day_limit === null ? null : Number(row.day_limit),
  }));
}

/** The product a member typed: by name in any letter case, else by its number; undefined when the team may not order it. */
export function productTyped(products: readonly OrderableProduct[], typed: string): OrderableProduct | undefined {
  const name = typed.toLowerCase();
  return (
    products.find((product) => product.name.toLowerCase() === name) ??
    products.find((product) => String(product.id) === typed)
  );
}

/** The team's latest live orders, newest first. */
export async function latestOrders(db: Queryable, teamId: number, limit: number): Promise<TeamOrder[]> {
  const { rows } = await db.query<{ id: string; title: string | null; status: string }>(
    `SELECT id::text, title, status FROM ${ordersResource.table} WHERE team = $1 AND deleted_at IS NULL ORDER BY id DESC LIMIT $2`,
    [teamId, limit],
  );
  return rows.map((row) => ({ id: Number(row.id), title: row.title ?? '', status: row.status }));
}
