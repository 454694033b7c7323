import { describe, expect, it } from 'vitest';
import {
  buttonByText,
  click,
  FakeService,
  jsonResponse,
  openRowMenu,
  query,
  recordToasts,
  renderPluginPage,
  runRowAction,
  serviceBase,
  setupPopupTests,
  waitInAct,
} from '@core/sdk/testing-web';
import { shopManifest } from '@plugins/shop/manifest';
import { messenger, shop } from '../shop-web';

/**
 * The orders screen: "Positions" shows what a completed order holds, reserved for its buyer;
 * Complete asks first, then shows what it reserved and until when, or the server's refusal alone.
 */

setupPopupTests({ quiet: true });

const SHOP = [shop, messenger];
const SHOP_API = serviceBase(shopManifest.service);
const META = {
  version: 3,
  created_at: '2026-11-20T09:00:00.000Z',
  updated_at: '2026-11-20T09:05:00.000Z',
  deleted_at: null,
};
const COMPLETED = {
  id: 12,
  ...META,
  title: 'Farm account × 2',
  team: 1,
  product: 5,
  quantity: 2,
  count: 2,
  value: { amount: '90.00', currency: 'USD' },
  status: 'completed',
  user: 7,
  setup: false,
  presale: false,
  period: null,
  campaign_group: null,
  vertical: null,
  source: 'web',
  completed_at: '2026-11-20T09:05:00.000Z',
  _labels: { team: 'Alpha', product: 'Farm account', user: 'boris.ivanov' },
};
const NEW = {
  ...COMPLETED,
  id: 13,
  title: 'Farm account × 1',
  quantity: 1,
  count: 0,
  status: 'new',
  completed_at: null,
};
const RESERVED = {
  id: 43,
  title: 'Farm account',
  product: 5,
  state: 'reserved',
  reserved_until: '2026-11-23T09:05:00.000Z',
  data: null,
};

function service(): FakeService {
  return new FakeService(SHOP_API)
    .on('GET', 'orders', () =>
      jsonResponse(200, { data: { data: [COMPLETED, NEW], current_page: 1, last_page: 1, per_page: 25, total: 2 } }),
    )
    .on('GET', 'orders/12/positions', () =>
      jsonResponse(200, {
        data: [
          {
            id: 41,
            title: 'Farm account',
            product: 5,
            state: 'reserved',
            reserved_until: '2026-11-23T09:05:00.000Z',
            data: 'alice:pw1:alice@example.com',
          },
          {
            id: 42,
            title: 'Farm account',
            product: 5,
            state: 'reserved',
            reserved_until: '2026-11-23T09:05:00.000Z',
            data: null,
          },
        ],
      }),
    );
}

describe('an order’s positions', () => {
  it('are offered for an order that holds some, and shown with their state, reservation and data', async () => {
    const api = service();
    const { view } = await renderPluginPage({ plugins: SHOP, path: '/orders', codes: ['SO'], api });
    await waitInAct(() => expect(view.element.querySelector('tbody tr[data-row-id="12"]')).not.toBeNull());
    expect(await openRowMenu(view.element, 'Farm account × 2')).toContain('Positions');
    const item = [...document.querySelectorAll<HTMLElement>('[role="menuitem"]')].find(
      (entry) => entry.textContent?.trim() === 'Positions',
    );
    await click(item ?? query(document, '[role="menuitem"]'));
    const dialog = query(document, '[role="dialog"]');
    await waitInAct(() => expect(dialog.querySelector('tr[data-position="41"]')).not.toBeNull());
    expect(dialog.textContent).toContain('Order #12: Farm account × 2');
    expect(dialog.textContent).toMatch(/Reserved for boris\.ivanov until .*11.*23.*\./);
    expect(query(dialog, 'tr[data-position="41"]').textContent).toContain('alice:pw1:alice@example.com');
    expect(query(dialog, 'tr[data-position="41"]').textContent).toContain('Reserved');
    expect(query(dialog, 'tr[data-position="42"]').textContent).toContain('Hidden: stock staff and the buyer see it');
    await click(buttonByText(dialog, 'Close'));
    await waitInAct(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
    expect(view.element.textContent).not.toContain('alice:pw1');
  });

  it('are not offered for an order that holds none', async () => {
    const { view } = await renderPluginPage({ plugins: SHOP, path: '/orders', codes: ['SO'], api: service() });
    await waitInAct(() => expect(view.element.querySelector('tbody tr[data-row-id="13"]')).not.toBeNull());
    expect(await openRowMenu(view.element, 'Farm account × 1')).not.toContain('Positions');
  });

  it('after Complete and its question naming the order, show what the order reserved and until when', async () => {
    const api = service()
      .on('POST', 'orders/13/complete', () =>
        jsonResponse(200, { data: { ...NEW, count: 1, status: 'completed', version: 4 } }),
      )
      .on('GET', 'orders/13/positions', () => jsonResponse(200, { data: [RESERVED] }));
    const { kernel, view } = await renderPluginPage({ plugins: SHOP, path: '/orders', codes: ['SO'], api });
    const toasts = recordToasts(kernel);
    await waitInAct(() => expect(view.element.querySelector('tbody tr[data-row-id="13"]')).not.toBeNull());
    await runRowAction(view.element, 'Farm account × 1', 'Complete');
    const question = query(document, '[role="alertdialog"]');
    await waitInAct(() => expect(question.textContent).toContain('Are you sure?'));
    expect(question.textContent).toContain('Farm account × 1');
    expect(api.requests('POST', 'orders/13/complete')).toHaveLength(0);
    await click(buttonByText(question, 'Yes'));
    await waitInAct(() => expect(document.querySelector('[role="dialog"] tr[data-position="43"]')).not.toBeNull());
    const shown = query(document, '[role="dialog"]');
    expect(shown.textContent).toContain('Order #13 completed: Farm account × 1');
    expect(shown.textContent).toMatch(/Reserved for boris\.ivanov until .*11.*23.*\./);
    expect(toasts.map((toast) => toast.message)).toEqual(['Success']);
  });

  it('say nothing was done when Complete is cancelled at its question', async () => {
    const api = service().on('POST', 'orders/13/complete', () => jsonResponse(200, { data: NEW }));
    const { view } = await renderPluginPage({ plugins: SHOP, path: '/orders', codes: ['SO'], api });
    await waitInAct(() => expect(view.element.querySelector('tbody tr[data-row-id="13"]')).not.toBeNull());
    await runRowAction(view.element, 'Farm account × 1', 'Complete');
    await click(buttonByText(query(document, '[role="alertdialog"]'), 'Cancel'));
    await waitInAct(() => expect(document.querySelector('[role="alertdialog"]')).toBeNull());
    expect(api.requests('POST', 'orders/13/complete')).toHaveLength(0);
  });

  it('show a refused completion as the server says it, without naming an update', async () => {
    const api = service().on('POST', 'orders/13/complete', () =>
      jsonResponse(409, { message: 'Not enough stock: 0 of 1 available.', available: 0, needed: 1 }),
    );
    const { kernel, view } = await renderPluginPage({ plugins: SHOP, path: '/orders', codes: ['SO'], api });
    const toasts = recordToasts(kernel);
    await waitInAct(() => expect(view.element.querySelector('tbody tr[data-row-id="13"]')).not.toBeNull());
    await runRowAction(view.element, 'Farm account × 1', 'Complete');
    await click(buttonByText(query(document, '[role="alertdialog"]'), 'Yes'));
    await waitInAct(() =>
      expect(toasts.map((toast) => toast.message)).toEqual(['Not enough stock: 0 of 1 available.']),
    );
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });
});
