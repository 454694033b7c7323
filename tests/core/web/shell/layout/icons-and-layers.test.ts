import { describe, expect, it } from 'vitest';
import { MENU_GROUPS } from '@core/shared/manifest';
import { CHROME_LAYER, LAYERS } from '@core/web/shell/layout/layers';
import { FALLBACK_ICON, GROUP_ICONS, ICONS, entryIcon, groupIcon } from '@core/web/shell/layout/icons';
import { HOVERED_EXPANDED_WIDTH, SIDEBAR_BREAKPOINT_PX, SIDEBAR_WIDTHS } from '@core/web/shell/layout/metrics';

describe('the kernel icon set', () => {
  it.each([
    'document',
    'people',
    'shield',
    'settings',
    'wallet',
    'money',
    'chart',
    'box',
    'cart',
    'bot',
    'megaphone',
    'server',
    'globe',
    'link',
    'table',
    'home',
  ])('has "%s"', (name) => {
    expect(ICONS[name]).toBeDefined();
  });

  it('has an icon for every menu group of the spec', () => {
    for (const group of MENU_GROUPS) expect(GROUP_ICONS[group], group).toBeDefined();
  });

  it('gives an entry without a known icon its group’s icon', () => {
    expect(entryIcon('wallet', 'finance')).toBe(ICONS.wallet);
    expect(entryIcon(undefined, 'finance')).toBe(GROUP_ICONS.finance);
    expect(entryIcon('no-such-icon', 'shop')).toBe(GROUP_ICONS.shop);
  });

  it('falls back for a group of a third-party plugin, and never reads inherited names', () => {
    expect(groupIcon('crm')).toBe(FALLBACK_ICON);
    expect(entryIcon('constructor', 'crm')).toBe(FALLBACK_ICON);
    expect(groupIcon('toString')).toBe(FALLBACK_ICON);
  });
});

describe('layout constants', () => {
  it('stack modal 1100, overlay 1000, menu 1000, tooltip 1100, with the page chrome below them all', () => {
    expect(LAYERS).toEqual({ modal: 1100, overlay: 1000, menu: 1000, tooltip: 1100 });
    expect(CHROME_LAYER).toBeLessThan(Math.min(...Object.values(LAYERS)));
  });

  it('size the sidebar 280, 360 and 80 px and break at 1400 px', () => {
    expect(SIDEBAR_WIDTHS).toEqual({ vertical: 280, 'two-column': 360, hovered: 80 });
    expect(HOVERED_EXPANDED_WIDTH).toBe(280);
    expect(SIDEBAR_BREAKPOINT_PX).toBe(1400);
  });
});
