import { describe, expect, it } from 'vitest';
import { DEFAULT_PER_PAGE, maxPerPage, pageSizesOf } from '@core/shared/resource/definition';
import { decodeListQuery, defaultListQuery } from '@core/shared/resource/list-query';
import { ordersResource, positionsResource } from '@plugins/shop/shared/resources';
import shopEn from '@plugins/shop/web/i18n/en.json';
import shopRu from '@plugins/shop/web/i18n/ru.json';
import { WALLETS } from '../../web/resource/fixtures';

/** One default page size for every list (20), offered beside a definition's own sizes; the shop's order fields named apart. */

describe('the default page size', () => {
  it('is 20 for every list, whatever sizes the definition offers', () => {
    expect(DEFAULT_PER_PAGE).toBe(20);
    const larger = { ...WALLETS, pageSizes: [50, 100, 250] };
    expect(defaultListQuery(WALLETS).perPage).toBe(20);
    expect(defaultListQuery(positionsResource).perPage).toBe(20);
    expect(defaultListQuery(larger).perPage).toBe(20);
    expect(pageSizesOf(larger)).toEqual([20, 50, 100, 250]);
    expect(maxPerPage(larger)).toBe(250);
    expect(decodeListQuery(larger, {}).query.perPage).toBe(20);
    expect(decodeListQuery(larger, { per_page: '20' }).errors).toEqual({});
  });
});

describe('the shop order fields', () => {
  const label = (strings: typeof shopEn, key: string): string => {
    const path = key.replace(/^shop:/, '').split('.');
    return path.reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], strings) as string;
  };
  const labelOf = (name: string): string => ordersResource.fields.find((field) => field.name === name)?.labelKey ?? '';

  it('give the quantity ordered and the units handed out distinct names in both languages', () => {
    expect(label(shopEn, labelOf('quantity'))).toBe('Quantity');
    expect(label(shopEn, labelOf('count'))).toBe('Handed out');
    expect(label(shopRu, labelOf('quantity'))).toBe('Количество');
    expect(label(shopRu, labelOf('count'))).toBe('Выдано');
  });

  it('ask before completing an order', () => {
    expect(ordersResource.rowActions?.find((action) => action.name === 'complete')?.confirmKey).toBe(
      'shop:actions.completeConfirm',
    );
  });
});
