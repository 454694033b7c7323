import type { FieldValue } from '@core/sdk/shared';
import {
  conflict,
  validationError,
  type AfterWriteContext,
  type Queryable,
  type ResourceHooks,
  type WriteContext,
} from '@core/sdk/server';
import { positionsResource, type PositionState } from '../../shared/resources';
import { formatProblem } from './line-format';
import {
  DUPLICATE_POSITION,
  english,
  MANUAL_STATES,
  PRODUCT_ARCHIVED,
  PRODUCT_ONLY_WHILE_FREE,
  TIED_TO_ORDER,
} from './messages';
import type { PositionStock } from './position-stock';
import { heldData, productForPositions, type ProductForPositions } from './product-stock';

/*
 * A position's rules for the writes people make (the screen's create, edit, delete, restore):
 *  - a person sets a state only between free and defective; reserved and sold are the orders'
 *  - a position tied to an order (reserved, sold, or naming an order) is changed by its order only: 409
 *  - the product changes only while the position is free, and then its title follows the product's name
 *  - the data fits the category's format (as a bulk line does, trimmed) and the product holds it once
 * After a write that moves free stock the counts follow, and free positions that appeared go to the
 * stock engine first (presale orders waiting for them). A batch (the bulk load's create of many)
 * gets the same rules, each product's reads and the stock engine's work done once for the batch. The order engine writes positions under
 * actions of its own (reserve, sell, release…), which these rules leave alone.
 */

type Values = Readonly<Record<string, FieldValue | undefined>> | null;

const MANUAL_ACTIONS = new Set(['create', 'update', 'delete', 'restore']);
const MANUAL_STATES_SET: ReadonlySet<string> = new Set<PositionState>(['free', 'defective']);

const numberIn = (values: Values, name: string): number | null => {
  const value = values?.[name];
  return typeof value === 'number' ? value : null;
};
const textIn = (values: Values, name: string): string | null => {
  const value = values?.[name];
  return typeof value === 'string' ? value : null;
};

/** Whether an order holds the position: only that order changes it. */
const tiedToOrder = (position: Values): boolean =>
  textIn(position, 'state') === 'reserved' ||
  textIn(position, 'state') === 'sold' ||
  numberIn(position, 'order') !== null;

async function storedData(tx: Queryable, id: number): Promise<string> {
  const { rows } = await tx.query<{ data: string | null }>(
    `SELECT data FROM ${positionsResource.table} WHERE id = $1`,
    [id],
  );
  return rows[0]?.data ?? '';
}

/** Refuses data that does not fit the product's format or that the product already holds (other than position `id`). */
async function checkData(
  tx: Queryable,
  productId: number,
  product: ProductForPositions,
  data: string,
  id: number | null,
): Promise<void> {
  const problem = formatProblem(data, product.format);
  if (problem) throw validationError({ data: [english(problem)] });
  if ((await heldData(tx, productId, [data], id)).size > 0) throw validationError({ data: [DUPLICATE_POSITION] });
}

/** The product positions are written to: it exists (else the engine's reference check answers) and is not archived. */
async function liveProduct(tx: Queryable, productId: number | null): Promise<ProductForPositions | null> {
  if (productId === null) return null;
  const product = await productForPositions(tx, productId, true);
  if (product?.status === 'archived') throw validationError({ product: [PRODUCT_ARCHIVED] });
  return product;
}

function checkManualState(values: Values): void {
  const state = textIn(values, 'state');
  if (state !== null && !MANUAL_STATES_SET.has(state)) throw validationError({ state: [MANUAL_STATES] });
}

/**
 * New positions, one or a batch (a bulk load): each product read and locked once, each line's data
 * checked against its format, and the product's positions searched once for all the batch's data;
 * two new positions of one product with the same data are refused as one already held would be.
 */
async function beforeCreate(contexts: readonly WriteContext[]): Promise<Record<string, FieldValue>[]> {
  const products = new Map<number, ProductForPositions | null>();
  const fresh = new Map<number, Set<string>>();
  const computed: Record<string, FieldValue>[] = [];
  for (const { tx, values, next } of contexts) {
    checkManualState(next);
    const productId = numberIn(next, 'product');
    if (productId !== null && !products.has(productId)) products.set(productId, await liveProduct(tx, productId));
    const product = productId === null ? null : products.get(productId);
    if (!product || productId === null) {
      computed.push({});
      continue;
    }
    const data = (textIn(values, 'data') ?? '').trim();
    const problem = formatProblem(data, product.format);
    if (problem) throw validationError({ data: [english(problem)] });
    const batch = fresh.get(productId) ?? new Set<string>();
    if (batch.has(data)) throw validationError({ data: [DUPLICATE_POSITION] });
    fresh.set(productId, batch.add(data));
    computed.push({ title: product.name, data });
  }
  const tx = contexts[0]?.tx;
  for (const [productId, data] of fresh)
    if (tx && (await heldData(tx, productId, [...data])).size > 0)
      throw validationError({ data: [DUPLICATE_POSITION] });
  return computed;
}

async function beforeUpdate({ tx, id, before, values, next }: WriteContext): Promise<Record<string, FieldValue>> {
  if (tiedToOrder(before)) throw conflict(TIED_TO_ORDER);
  checkManualState(values);
  const productId = numberIn(next, 'product');
  const productChanged = values.product !== undefined && productId !== numberIn(before, 'product');
  if (productChanged && textIn(before, 'state') !== 'free') throw conflict(PRODUCT_ONLY_WHILE_FREE);
  const sent = textIn(values, 'data');
  if ((!productChanged && sent === null) || productId === null || id === null) return {};
  const product = productChanged ? await liveProduct(tx, productId) : await productForPositions(tx, productId, true);
  if (!product) return {};
  const data = sent === null ? await storedData(tx, id) : sent.trim();
  await checkData(tx, productId, product, data, id);
  return { ...(productChanged ? { title: product.name } : {}), ...(sent === null ? {} : { data }) };
}

async function beforeRestore({ tx, id, before }: WriteContext): Promise<void> {
  const productId = numberIn(before, 'product');
  if (id === null || productId === null) return;
  if ((await heldData(tx, productId, [await storedData(tx, id)], id)).size > 0) throw conflict(DUPLICATE_POSITION);
}

/** Free positions of these products may have changed in number. */
function movedProducts({ action, before, after }: AfterWriteContext): number[] {
  const moved =
    action !== 'update' ||
    textIn(before, 'state') !== textIn(after, 'state') ||
    numberIn(before, 'product') !== numberIn(after, 'product');
  if (!moved) return [];
  return [
    ...new Set([numberIn(before, 'product'), numberIn(after, 'product')].filter((id): id is number => id !== null)),
  ];
}

/** The product whose free stock grew by this write: a new, restored, repaired or moved free position. */
function arrivedAt({ action, before, after }: AfterWriteContext): number | null {
  if (textIn(after, 'state') !== 'free' || action === 'delete') return null;
  const grew =
    before === null ||
    action === 'restore' ||
    textIn(before, 'state') !== 'free' ||
    numberIn(before, 'product') !== numberIn(after, 'product');
  return grew ? numberIn(after, 'product') : null;
}

async function beforeWrite(context: WriteContext): Promise<Record<string, FieldValue> | undefined | void> {
  switch (context.action) {
    case 'create':
      return (await beforeCreate([context]))[0];
    case 'update':
      return beforeUpdate(context);
    case 'delete':
      if (tiedToOrder(context.before)) throw conflict(TIED_TO_ORDER);
      return undefined;
    case 'restore':
      return beforeRestore(context);
    default:
      return undefined;
  }
}

const distinct = (ids: readonly (number | null)[]): number[] => [
  ...new Set(ids.filter((id): id is number => id !== null)),
];

/**
 * The position rules as engine hooks, calling the stock engine after the writes that move free stock:
 * once for a whole batch (a bulk load of 10,000 positions fills presale orders and recounts once).
 */
export function positionHooks(stock: PositionStock): ResourceHooks {
  async function afterWriteMany(contexts: readonly AfterWriteContext[]): Promise<void> {
    const manual = contexts.filter((context) => MANUAL_ACTIONS.has(context.action));
    const first = manual[0];
    if (!first) return;
    const arrived = distinct(manual.map(arrivedAt));
    const others = distinct(manual.flatMap(movedProducts)).filter((id) => !arrived.includes(id));
    const actor = { id: first.actorId, language: 'en' as const };
    if (arrived.length > 0) await stock.stockArrived(first.tx, arrived, actor);
    if (others.length > 0) await stock.refreshStockCounts(first.tx, others);
  }
  return {
    beforeWrite,
    async beforeWriteMany(contexts) {
      if (contexts.every((context) => context.action === 'create')) return beforeCreate(contexts);
      const computed: (Record<string, FieldValue> | undefined | void)[] = [];
      for (const context of contexts) computed.push(await beforeWrite(context));
      return computed;
    },
    afterWrite: (context) => afterWriteMany([context]),
    afterWriteMany,
  };
}
