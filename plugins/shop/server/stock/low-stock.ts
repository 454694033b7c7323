import { messageInEachLanguage, recordPagePath } from '@core/sdk/shared';
import type { Queryable, ServerPluginContext } from '@core/sdk/server';
import { shopManifest } from '../../manifest';
import { productsResource } from '../../shared/resources';

/*
 * Low stock: a product whose free positions fall below its day limit can no longer fill one team's
 * day, so the people who run the products (SP) hear of it the moment a recount takes it below,
 * not on every later sale below it, and at most once a day per product.
 */

export const LOW_STOCK_SOURCE = 'shop.low-stock';

/** A product whose free stock a recount took below its day limit. */
export interface LowStock {
  readonly id: number;
  readonly name: string;
  readonly free: number;
  readonly dayLimit: number;
}

/** Told, inside the recount's transaction, of the products whose free stock fell below their day limit. */
export type LowStockAlert = (tx: Queryable, products: readonly LowStock[]) => Promise<void>;

const TITLE = {
  en: 'Low stock: {product} has {free:number} free, below its day limit of {limit:number}',
  ru: 'Мало на складе: у товара «{product}» свободно {free:number} — меньше дневного лимита {limit:number}',
};
const TEXT = {
  en: 'A team may order up to {limit:number} a day. Load more positions of this product.',
  ru: 'Команда может заказать до {limit:number} в день. Загрузите ещё позиции этого товара.',
};

/** Declares the shop's low-stock source (call in `register`) and answers what a recount calls when stock falls. */
export function lowStockNotices(
  { notifications }: Pick<ServerPluginContext, 'notifications'>,
  now: () => Date,
): LowStockAlert {
  notifications.source({
    id: LOW_STOCK_SOURCE,
    label: { en: 'Low stock of shop products', ru: 'Мало товара на складе магазина' },
  });
  return async (tx, products) => {
    // The day the shop's clock is in, in UTC as the servers share it: one notice per product per day.
    const day = now().toISOString().slice(0, 10);
    for (const product of products) {
      const values = { product: product.name, free: product.free, limit: product.dayLimit };
      await notifications.publish(tx, {
        source: LOW_STOCK_SOURCE,
        to: { code: 'SP' },
        title: messageInEachLanguage(TITLE, values),
        text: messageInEachLanguage(TEXT, values),
        link: recordPagePath(shopManifest, productsResource.id, product.id),
        severity: 'warning',
        dedupeKey: `${productsResource.id}:${product.id}:low-stock:${day}`,
      });
    }
  };
}
