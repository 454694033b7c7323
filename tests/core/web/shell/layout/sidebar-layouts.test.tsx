import { describe, expect, it } from 'vitest';
import { act } from 'react';
import { ThemeService, type Layout } from '@core/web/services/theme-service';
import { SIDEBAR_WIDTHS } from '@core/web/shell/layout/metrics';
import { click } from '../../../../support/web/dom';
import { waitInAct } from '../../../../support/web/test-kernel';
import { byLabel, byText, mainNav, navLinkLabels, openShell, pressKey, requireNav } from './shell-harness';

/** Codes for Finance's wallets and transactions and System's servers only. */
const SOME_CODES = ['FW', 'FT', 'YE'];

describe('vertical layout', () => {
  it('lists every group the user may open with its permitted links, 280 px wide', async () => {
    await openShell({ layout: 'vertical', codes: SOME_CODES });
    const nav = requireNav();
    expect(nav.dataset.layout).toBe('vertical');
    expect(nav.dataset.width).toBe('280');
    expect(nav.style.width).toBe('280px');
    const groups = [...nav.querySelectorAll('[role="group"]')].map((group) => group.getAttribute('aria-labelledby'));
    expect(groups).toHaveLength(2);
    expect(nav.textContent).toContain('Finance');
    expect(nav.textContent).toContain('System');
    expect(nav.textContent).not.toContain('Shop');
    expect(navLinkLabels()).toEqual(['Wallets', 'Transactions', 'Servers']);
  });

  it('keeps each entry a link named by its label, pointing at its page', async () => {
    await openShell({ layout: 'vertical', codes: SOME_CODES });
    const wallets = byText<HTMLAnchorElement>('Wallets', 'a');
    expect(wallets.getAttribute('href')).toBe('/wallets');
    expect(wallets.closest('nav')?.getAttribute('aria-label')).toBe('Main navigation');
  });

  it('marks the open page, also on a page below an entry', async () => {
    const { view } = await openShell({ layout: 'vertical', codes: SOME_CODES, path: '/wallets' });
    await waitInAct(() => expect(byText('Wallets', 'a').getAttribute('aria-current')).toBe('page'));
    expect(byText('Transactions', 'a').getAttribute('aria-current')).toBeNull();
    await click(byText('Transactions', 'a'));
    expect(view.path()).toBe('/transactions');
    expect(byText('Transactions', 'a').getAttribute('aria-current')).toBe('page');
  });

  it('shows an icon for every entry, the group icon for an entry naming none', async () => {
    await openShell({ layout: 'vertical', codes: ['VR', 'JU'] });
    for (const label of ['Users list', 'RDP servers']) expect(byText(label, 'a').querySelector('svg')).not.toBeNull();
  });
});

describe('two-column layout', () => {
  it('shows the groups as icon tabs and the selected group’s links beside them, 360 px wide', async () => {
    await openShell({ layout: 'two-column', codes: SOME_CODES, path: '/servers' });
    const nav = requireNav();
    expect(nav.dataset.layout).toBe('two-column');
    expect(nav.style.width).toBe(`${SIDEBAR_WIDTHS['two-column']}px`);
    const tabs = [...nav.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
    expect(tabs.map((tab) => tab.getAttribute('aria-label'))).toEqual(['Finance', 'System']);
    // The open page's group is selected.
    expect(tabs[1]?.getAttribute('aria-selected')).toBe('true');
    expect(navLinkLabels()).toEqual(['Servers']);
  });

  it('shows another group’s links when its tab is chosen', async () => {
    await openShell({ layout: 'two-column', codes: SOME_CODES, path: '/servers' });
    await click(byLabel('Finance', requireNav()));
    expect(navLinkLabels()).toEqual(['Wallets', 'Transactions']);
    expect(requireNav().querySelector('[role="tabpanel"]')?.getAttribute('aria-labelledby')).toBe(
      byLabel('Finance').id,
    );
  });

  it('starts on the first group when the open page is not in the menu', async () => {
    await openShell({ layout: 'two-column', codes: SOME_CODES });
    expect(navLinkLabels()).toEqual(['Wallets', 'Transactions']);
  });
});

describe('hovered layout', () => {
  it('is an 80 px rail holding every permitted link, named by its label', async () => {
    await openShell({ layout: 'hovered', codes: SOME_CODES });
    const nav = requireNav();
    const rail = nav.parentElement;
    expect(rail?.dataset.layout).toBe('hovered');
    expect(rail?.dataset.width).toBe('80');
    expect(rail?.style.width).toBe('80px');
    expect(navLinkLabels()).toEqual(['Wallets', 'Transactions', 'Servers']);
  });
});

describe('horizontal layout', () => {
  it('puts a menu button per permitted group under the top bar', async () => {
    await openShell({ layout: 'horizontal', codes: SOME_CODES });
    const nav = requireNav();
    expect(nav.dataset.layout).toBe('horizontal');
    expect(nav.closest('header, [data-sidebar-mode]')).toBeNull();
    expect([...nav.querySelectorAll('button')].map((button) => button.textContent?.trim())).toEqual([
      'Finance',
      'System',
    ]);
  });

  it('lists a group’s links in its menu, and a chosen one opens its page', async () => {
    const { view } = await openShell({ layout: 'horizontal', codes: SOME_CODES });
    await click(byText('Finance', 'nav button'));
    const items = [...document.querySelectorAll<HTMLAnchorElement>('a[role="menuitem"]')];
    expect(items.map((item) => [item.textContent?.trim(), item.getAttribute('href')])).toEqual([
      ['Wallets', '/wallets'],
      ['Transactions', '/transactions'],
    ]);
    await click(byText('Transactions', '[role="menuitem"]'));
    expect(view.path()).toBe('/transactions');
  });
});

describe('the layout choice', () => {
  it.each<[Layout, string]>([
    ['vertical', '280'],
    ['two-column', '360'],
    ['hovered', '80'],
  ])('follows ThemeService at once (%s)', async (layout, width) => {
    const { kernel } = await openShell({ layout: 'horizontal', codes: SOME_CODES });
    expect(mainNav()?.dataset.layout).toBe('horizontal');
    await act(async () => kernel.get(ThemeService).setLayout(layout));
    const placed = document.querySelector<HTMLElement>(`[data-layout="${layout}"][data-width]`);
    expect(placed?.dataset.width).toBe(width);
  });

  it('survives a reload: a new kernel on the same storage opens in the chosen layout', async () => {
    const first = await openShell({ layout: 'vertical', codes: SOME_CODES });
    await act(async () => first.kernel.get(ThemeService).setLayout('two-column'));
    const stored = first.kernel.storage.snapshot();
    expect(stored.layout).toBe('two-column');
    await first.view.unmount();
    await first.kernel.dispose();

    const second = await openShell({ codes: SOME_CODES, storage: stored });
    expect(second.kernel.get(ThemeService).layout).toBe('two-column');
    expect(requireNav().dataset.layout).toBe('two-column');
  });
});

describe('two-column keyboard use', () => {
  it('moves between group tabs with the arrow keys, one tab stop for the column', async () => {
    await openShell({ layout: 'two-column', codes: SOME_CODES });
    const tabs = () => [...requireNav().querySelectorAll<HTMLButtonElement>('[role="tab"]')];
    expect(tabs().map((tab) => tab.tabIndex)).toEqual([0, -1]);
    const first = tabs()[0];
    if (!first) throw new Error('no tab');
    first.focus();
    await pressKey(first, 'ArrowDown');
    expect(document.activeElement).toBe(tabs()[1]);
    expect(tabs().map((tab) => tab.getAttribute('aria-selected'))).toEqual(['false', 'true']);
    expect(navLinkLabels()).toEqual(['Servers']);
    await pressKey(tabs()[1] ?? first, 'Home');
    expect(navLinkLabels()).toEqual(['Wallets', 'Transactions']);
  });
});
