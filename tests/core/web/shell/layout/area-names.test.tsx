import { describe, expect, it } from 'vitest';
import { act } from 'react';
import { waitInAct } from '../../../../support/web/test-kernel';
import { testNavPage, testPlugin } from '../../../../support/web/test-plugin';
import { openShell } from './shell-harness';

/** Finance and the shop both have "Positions"; only the shop has "Orders". */
const PLUGINS = [
  testPlugin({
    id: 'money',
    pages: [
      testNavPage('positions', '/positions', { group: 'finance', titleKey: 'money:nav.positions', requires: 'FN' }),
    ],
    bundles: { en: { title: 'Money', nav: { positions: 'Positions' } } },
  }),
  testPlugin({
    id: 'store',
    pages: [
      testNavPage('positions', '/position', { group: 'shop', titleKey: 'store:nav.positions', requires: 'SQ' }),
      testNavPage('orders', '/orders', { group: 'shop', titleKey: 'store:nav.orders', requires: 'SO' }),
    ],
    bundles: { en: { title: 'Store', nav: { positions: 'Positions', orders: 'Orders' } } },
  }),
];
const CODES = ['FN', 'SQ', 'SO'];

const breadcrumb = (): string | null =>
  document.querySelector('main nav[aria-label="Breadcrumb"]')?.textContent ?? null;

describe('screens two areas both name', () => {
  it('show their area above the page and in the document title; a unique name shows none', async () => {
    const { view } = await openShell({ plugins: PLUGINS, codes: CODES, path: '/positions' });
    await waitInAct(() => expect(breadcrumb()).toBe('Finance›Positions'));
    await waitInAct(() => expect(document.title).toBe('Finance › Positions · Back Office'));
    await view.navigate('/orders');
    await waitInAct(() => expect(document.title).toBe('Orders · Back Office'));
    expect(breadcrumb()).toBeNull();
  });

  it('carry their area in the command palette', async () => {
    await openShell({ plugins: PLUGINS, codes: CODES, path: '/orders' });
    await act(async () => {
      document.body.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true, cancelable: true }),
      );
    });
    const labels = () =>
      [...document.querySelectorAll('[role="option"]')].map((option) => option.firstElementChild?.textContent);
    await waitInAct(() =>
      expect(labels()).toEqual(expect.arrayContaining(['Finance › Positions', 'Shop › Positions', 'Orders'])),
    );
  });
});
