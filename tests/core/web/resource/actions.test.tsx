import { describe, expect, it } from 'vitest';
import { click } from '../../../support/web/dom';
import { jsonResponse } from '../../../support/web/fetch';
import { recordToasts, waitInAct } from '../../../support/web/test-kernel';
import { listAnswer, wallet } from './fixtures';
import {
  bodyText,
  buttonNamed,
  FakeApi,
  itemNamed,
  renderWallets,
  text,
  patchAnimations,
  waitForRows,
} from './support';

patchAnimations();

function alertDialog(): HTMLElement {
  const surface = document.querySelector<HTMLElement>('.fui-DialogSurface');
  if (!surface) throw new Error('no confirmation is open');
  return surface;
}

async function openRowMenu(label: string): Promise<void> {
  await click(buttonNamed(`Actions for ${label}`));
}

describe('row and bulk actions', () => {
  it('asks "Are you sure?" before deleting, and deletes only on yes', async () => {
    const api = new FakeApi();
    api.rows = () => jsonResponse(200, listAnswer([wallet(1), wallet(2)]));
    const { kernel, view } = await renderWallets();
    const toasts = recordToasts(kernel);
    await waitForRows(view, 2);
    await openRowMenu('Wallet 2');
    await click(itemNamed('Delete'));
    await waitInAct(() => expect(alertDialog().textContent).toContain('Are you sure?'));
    await click(buttonNamed('Cancel', alertDialog()));
    await waitInAct(() => expect(document.querySelector('.fui-DialogSurface')).toBeNull());
    expect(api.requests('DELETE', '/finance/wallets/2')).toHaveLength(0);
    await openRowMenu('Wallet 2');
    await click(itemNamed('Delete'));
    await waitInAct(() => expect(alertDialog().textContent).toContain('Are you sure?'));
    await click(buttonNamed('Yes', alertDialog()));
    await waitInAct(() => expect(toasts.map((toast) => toast.message)).toEqual(['Successfully deleted']));
    expect(api.requests('DELETE', '/finance/wallets/2')).toHaveLength(1);
  });

  it('reports a failed delete with the server message', async () => {
    const api = new FakeApi();
    api.rows = () => jsonResponse(200, listAnswer([wallet(1)]));
    api.answer = (request) =>
      request.method === 'DELETE' ? jsonResponse(409, { message: 'The wallet has transactions.' }) : undefined;
    const { kernel, view } = await renderWallets();
    const toasts = recordToasts(kernel);
    await waitForRows(view, 1);
    await openRowMenu('Wallet 1');
    await click(itemNamed('Delete'));
    await click(buttonNamed('Yes', alertDialog()));
    await waitInAct(() =>
      expect(toasts.map((toast) => toast.message)).toEqual(['Error during deletion: The wallet has transactions.']),
    );
  });

  it('selects all rows matching the filters and deletes them by query', async () => {
    const api = new FakeApi();
    api.rows = () => jsonResponse(200, listAnswer([wallet(1), wallet(2)], 1, 2, 45));
    const { kernel, view } = await renderWallets({
      path: '/wallets?per_page=10&filter[name][contains]=Wal&filter[opened_on][preset]=this_month',
    });
    const toasts = recordToasts(kernel);
    await waitForRows(view, 2);
    await click(
      view.element.querySelector<HTMLInputElement>(
        'input[aria-label="Select all rows on this page"]',
      ) as HTMLInputElement,
    );
    expect(text(view)).toContain('2 selected');
    expect(text(view)).toContain('All 2 rows on this page are selected.');
    await click(buttonNamed('Select all 45 matching'));
    expect(text(view)).toContain('45 selected');
    expect(text(view)).toContain('All 45 matching rows are selected.');
    await click(buttonNamed('Delete selected'));
    await click(buttonNamed('Yes', alertDialog()));
    await waitInAct(() => expect(toasts.map((toast) => toast.message)).toEqual(['Successfully deleted']));
    const body = api.requests('POST', '/finance/wallets/bulk-delete')[0]?.body as { query: Record<string, string> };
    const listed = api.lists()[0];
    expect(body.query).toEqual({
      'filter[name][contains]': 'Wal',
      'filter[opened_on][gte]': listed?.searchParams.get('filter[opened_on][gte]'),
      'filter[opened_on][lte]': listed?.searchParams.get('filter[opened_on][lte]'),
    });
    expect(body).not.toHaveProperty('ids');
  });

  it('deletes chosen rows by their ids', async () => {
    const api = new FakeApi();
    api.rows = () => jsonResponse(200, listAnswer([wallet(1), wallet(2), wallet(3)]));
    const { view } = await renderWallets();
    await waitForRows(view, 3);
    await click(
      view.element.querySelector<HTMLInputElement>('input[aria-label="Select Wallet 1"]') as HTMLInputElement,
    );
    await click(
      view.element.querySelector<HTMLInputElement>('input[aria-label="Select Wallet 3"]') as HTMLInputElement,
    );
    expect(text(view)).toContain('2 selected');
    expect(text(view)).not.toContain('matching');
    await click(buttonNamed('Delete selected'));
    await click(buttonNamed('Yes', alertDialog()));
    await waitInAct(() => expect(api.requests('POST', '/finance/wallets/bulk-delete')).toHaveLength(1));
    expect(api.requests('POST', '/finance/wallets/bulk-delete')[0]?.body).toEqual({ ids: [1, 3] });
  });

  it('blocks, unblocks and restores from the row menu with their own toasts', async () => {
    const api = new FakeApi();
    api.rows = () =>
      jsonResponse(
        200,
        listAnswer([
          wallet(1),
          wallet(2, { blocked_at: '2026-11-20T10:00:00Z' }),
          wallet(3, { deleted_at: '2026-11-20T10:00:00Z' }),
        ]),
      );
    const { kernel, view } = await renderWallets({ path: '/wallets?deleted=with' });
    const toasts = recordToasts(kernel);
    await waitForRows(view, 3);
    expect(api.lists()[0]?.searchParams.get('deleted')).toBe('with');
    await openRowMenu('Wallet 1');
    await click(itemNamed('Block'));
    await waitInAct(() => expect(api.requests('POST', '/finance/wallets/1/block')).toHaveLength(1));
    await openRowMenu('Wallet 2');
    await click(itemNamed('Unblock'));
    await waitInAct(() => expect(api.requests('POST', '/finance/wallets/2/unblock')).toHaveLength(1));
    await openRowMenu('Wallet 3');
    expect(() => itemNamed('Edit')).toThrow();
    await click(itemNamed('Restore'));
    await waitInAct(() => expect(api.requests('POST', '/finance/wallets/3/restore')).toHaveLength(1));
    await waitInAct(
      () =>
        expect(toasts.map((toast) => toast.message)).toEqual([
          'Successfully blocked',
          'Successfully unblocked',
          'Successfully restored',
        ]),
      {
        timeout: 5_000,
      },
    );
  });

  it('offers a row action only where its "when" matches, asking its question first', async () => {
    const api = new FakeApi();
    api.rows = () => jsonResponse(200, listAnswer([wallet(1, { status: 'active' }), wallet(2, { status: 'closed' })]));
    const { view } = await renderWallets();
    await waitForRows(view, 2);
    await openRowMenu('Wallet 2');
    expect(() => itemNamed('Close wallet')).toThrow();
    await openRowMenu('Wallet 1');
    await click(itemNamed('Close wallet'));
    await waitInAct(() => expect(alertDialog().textContent).toContain('Close this wallet?'));
    await click(buttonNamed('Yes', alertDialog()));
    await waitInAct(() => expect(api.requests('POST', '/finance/wallets/1/close')).toHaveLength(1));
  });

  it('names the record under the spec\'s "Are you sure?", for a delete and for a row action', async () => {
    const api = new FakeApi();
    api.rows = () => jsonResponse(200, listAnswer([wallet(1, { status: 'active' }), wallet(2)]));
    const { view } = await renderWallets();
    await waitForRows(view, 2);
    await openRowMenu('Wallet 2');
    await click(itemNamed('Delete'));
    await waitInAct(() =>
      expect(alertDialog().querySelector('#resource-confirm-text')?.textContent).toBe('Are you sure?Wallet 2'),
    );
    await click(buttonNamed('Cancel', alertDialog()));
    await waitInAct(() => expect(document.querySelector('.fui-DialogSurface')).toBeNull());
    await openRowMenu('Wallet 1');
    await click(itemNamed('Close wallet'));
    await waitInAct(() =>
      expect(alertDialog().querySelector('#resource-confirm-text')?.textContent).toBe(
        'Are you sure?Wallet 1Close this wallet?',
      ),
    );
  });

  it("toasts a refused row action in the server's words alone, naming no update", async () => {
    const api = new FakeApi();
    api.rows = () => jsonResponse(200, listAnswer([wallet(1, { status: 'active' })]));
    api.answer = (request, url) =>
      request.method === 'POST' && url.pathname === '/finance/wallets/1/close'
        ? jsonResponse(409, { message: 'The wallet still holds money.' })
        : undefined;
    const { kernel, view } = await renderWallets();
    const toasts = recordToasts(kernel);
    await waitForRows(view, 1);
    await openRowMenu('Wallet 1');
    await click(itemNamed('Close wallet'));
    await click(buttonNamed('Yes', alertDialog()));
    await waitInAct(() => expect(toasts.map((toast) => toast.message)).toEqual(['The wallet still holds money.']));
  });

  it("toasts a refused action that said nothing as the spec's general error", async () => {
    const api = new FakeApi();
    api.answer = (request, url) =>
      request.method === 'POST' && url.pathname === '/finance/wallets/sync' ? jsonResponse(409, {}) : undefined;
    const { kernel } = await renderWallets({ permissions: ['FW', 'FZ'] });
    const toasts = recordToasts(kernel);
    await click(buttonNamed('Synchronise'));
    await waitInAct(() => expect(toasts.map((toast) => toast.message)).toEqual(['An error occurred']));
  });

  it('shows toolbar actions to users whose codes allow them and posts them', async () => {
    const api = new FakeApi();
    await renderWallets({ permissions: ['FW', 'FZ'] });
    await click(buttonNamed('Synchronise'));
    await waitInAct(() => expect(api.requests('POST', '/finance/wallets/sync')).toHaveLength(1));
  });

  it('runs a plugin extra row action with the engine context', async () => {
    const api = new FakeApi();
    api.rows = () => jsonResponse(200, listAnswer([wallet(1)]));
    const ran: number[] = [];
    const { view } = await renderWallets({
      options: {
        rowActions: [
          {
            name: 'ping',
            labelKey: 'test:wallets.sync',
            run: async (record, context) => {
              ran.push(record.id);
              await context.reload();
            },
          },
        ],
      },
    });
    await waitForRows(view, 1);
    await openRowMenu('Wallet 1');
    await click(itemNamed('Synchronise'));
    await waitInAct(() => expect(ran).toEqual([1]));
    await waitInAct(() => expect(api.lists()).toHaveLength(2));
  });

  it('shows the history of a record in a drawer', async () => {
    const api = new FakeApi();
    api.rows = () => jsonResponse(200, listAnswer([wallet(1)]));
    api.answer = (_request, url) =>
      url.pathname === '/finance/wallets/1/timeline'
        ? jsonResponse(200, {
            data: {
              entries: [
                {
                  id: 2,
                  action: 'update',
                  actor_id: 1,
                  actor_name: 'bob',
                  at: '2026-11-21T09:00:00Z',
                  before: { name: 'Old' },
                  after: { name: 'Wallet 1' },
                },
                {
                  id: 1,
                  action: 'create',
                  actor_id: null,
                  actor_name: null,
                  at: '2026-11-20T09:00:00Z',
                  before: null,
                  after: { name: 'Old' },
                },
              ],
              labels: {},
              more: false,
            },
          })
        : undefined;
    const { view } = await renderWallets();
    await waitForRows(view, 1);
    await openRowMenu('Wallet 1');
    await click(itemNamed('History'));
    await waitInAct(() => expect(bodyText()).toContain('Updated by bob'));
    expect(bodyText()).toContain('History: Wallet 1');
    expect(bodyText()).toContain('Created by System');
    expect(bodyText()).toContain('Old');
  });
});
