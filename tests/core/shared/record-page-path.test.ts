import { describe, expect, it } from 'vitest';
import { recordPagePath } from '@core/sdk/shared';

describe('recordPagePath', () => {
  it('puts the id after the first page naming the resource, as the browser routes record pages, and is null without one', () => {
    const manifest = {
      pages: [
        { path: '/reports', titleKey: 'shop:nav.reports', requires: 'SR' },
        { path: '/position', titleKey: 'shop:nav.positions', requires: 'SQ', record: 'shop.positions' },
        { path: '/positions-archive', titleKey: 'shop:nav.archive', requires: 'SQ', record: 'shop.positions' },
      ],
    };
    expect(recordPagePath(manifest, 'shop.positions', 12)).toBe('/position/12');
    expect(recordPagePath(manifest, 'shop.products', 12)).toBeNull();
  });
});
