import { describe, expect, it } from 'vitest';
import { observer } from 'mobx-react-lite';
import type { ListPage } from '@core/shared/envelopes';
import type { ResourceRecord } from '@core/shared/resource/definition';
import type { ListQuery } from '@core/shared/resource/list-query';
import type { ListParams, ListScope, ResourceListApi } from '@core/web/resource';
import { useResourceList } from '@core/web/resource';
import { click, query } from '../../../support/web/dom';
import { openRowMenu } from '@core/sdk/testing-web';
import { jsonResponse } from '../../../support/web/fetch';
import { createTestKernel, renderRoutesInKernel, testUser, waitInAct } from '../../../support/web/test-kernel';
import { testPlugin } from '../../../support/web/test-plugin';
import { listAnswer, wallet, WALLET_STRINGS, WALLETS } from './fixtures';
import { buttonNamed, FakeApi, itemNamed, renderWallets, patchAnimations, waitForRows } from './support';

patchAnimations();

const STATUS_SCOPE: ListScope = {
  param: 'state',
  labelKey: 'test:wallets.status',
  options: [
    { value: 'open', labelKey: 'test:wallets.statusValues.active' },
    { value: 'closed', labelKey: 'test:wallets.statusValues.closed' },
  ],
  default: 'open',
  display: 'tabs',
};

const tab = (name: string): HTMLElement => {
  // Fluent draws a tab's text twice (the second reserves the width of the bold, selected text).
  const found = [...document.querySelectorAll<HTMLElement>('[role="tab"]')].find((candidate) =>
    candidate.textContent?.startsWith(name),
  );
  if (!found) throw new Error(`no tab "${name}"`);
  return found;
};

/** A list adapter over an API of its own: only listing and deleting, recording what it was asked. */
class OwnListApi implements ResourceListApi {
  readonly definition = WALLETS;
  readonly fixedSort = { name: 'asc' } as const;
  readonly asked: { query: ListQuery; params: ListParams }[] = [];
  readonly removed: number[] = [];

  async list(query: ListQuery, params: ListParams): Promise<ListPage<ResourceRecord>> {
    this.asked.push({ query, params });
    return listAnswer([wallet(1), wallet(2)], query.page, query.perPage, 45).data;
  }
  async remove(id: number): Promise<void> {
    this.removed.push(id);
  }
  async restore(): Promise<void> {}
  async block(): Promise<void> {}
  async unblock(): Promise<void> {}
}

describe('scopes', () => {
  it('are tabs kept in the URL and sent with every list call, the default left out', async () => {
    const api = new FakeApi();
    api.rows = () => jsonResponse(200, listAnswer([wallet(1)]));
    const { view } = await renderWallets({ options: { scopes: [STATUS_SCOPE] } });
    await waitForRows(view, 1);
    expect(api.lists()[0]?.searchParams.get('state')).toBe('open');
    expect(tab('Active').getAttribute('aria-selected')).toBe('true');
    await click(tab('Closed'));
    await waitInAct(() => expect(api.lists()).toHaveLength(2));
    expect(api.lists()[1]?.searchParams.get('state')).toBe('closed');
    expect(view.path()).toBe('/wallets?state=closed');
    await click(tab('Active'));
    await waitInAct(() => expect(view.path()).toBe('/wallets'));
  });

  it('drop a value they do not offer from the URL', async () => {
    const api = new FakeApi();
    api.rows = () => jsonResponse(200, listAnswer([wallet(1)]));
    const { view } = await renderWallets({
      path: '/wallets?state=gone',
      options: { scopes: [{ ...STATUS_SCOPE, display: 'dropdown' }] },
    });
    await waitForRows(view, 1);
    await waitInAct(() => expect(view.path()).toBe('/wallets'));
    expect(api.lists().every((url) => url.searchParams.get('state') === 'open')).toBe(true);
    // A dropdown in the toolbar, named by the scope.
    await click(query(view.element, 'button[aria-label="Status"]'));
    await click(itemNamed('Closed'));
    await waitInAct(() => expect(view.path()).toBe('/wallets?state=closed'));
  });
});

describe('a list adapter', () => {
  it('serves the list; what it lacks (export, bulk delete, history) the screen does not offer', async () => {
    const own = new OwnListApi();
    const { view } = await renderWallets({ options: { listApi: () => own, listParams: { owner: 'me' } } });
    await waitForRows(view, 2);
    expect(own.asked[0]?.params).toEqual({ owner: 'me' });
    expect(() => buttonNamed('Export CSV', view.element)).toThrow();
    expect(view.element.querySelector('input[aria-label="Select all rows on this page"]')).toBeNull();
    await click(buttonNamed('Actions for Wallet 1', view.element));
    expect(() => itemNamed('History')).toThrow();
    await click(itemNamed('Delete'));
    await click(buttonNamed('Yes'));
    await waitInAct(() => expect(own.removed).toEqual([1]));
  });

  it('sorts a column it sorts one way only in that way', async () => {
    const own = new OwnListApi();
    const { view } = await renderWallets({ path: '/wallets?sort=name', options: { listApi: () => own } });
    await waitForRows(view, 2);
    await click(query(view.element, 'th[data-column="name"]'));
    await waitInAct(() => expect(own.asked.at(-1)?.query.sort).toEqual({ field: 'name', direction: 'asc' }));
    expect(view.path()).toBe('/wallets?sort=name');
  });
});

describe('filter contributions', () => {
  it('filter the list as a plain parameter, are no column, and show as a chip', async () => {
    const api = new FakeApi();
    api.rows = () => jsonResponse(200, listAnswer([wallet(1)]));
    const region = {
      kind: 'enum',
      name: 'region',
      labelKey: 'test:wallets.status',
      values: ['active', 'closed'],
      filter: ['eq'],
    } as const;
    const { view } = await renderWallets({
      path: '/wallets?filter%5Bregion%5D%5Beq%5D=closed',
      options: { filters: [region] },
    });
    await waitForRows(view, 1);
    const url = api.lists()[0];
    expect(url?.searchParams.get('region')).toBe('closed');
    expect(url?.searchParams.has('filter[region][eq]')).toBe(false);
    expect(view.element.querySelector('th[data-column="region"]')).toBeNull();
    expect([...view.element.querySelectorAll('[data-filter]')].map((chip) => chip.textContent)).toEqual([
      'Status equals Closed',
    ]);
  });
});

describe('row action runners', () => {
  it('run a definition row action in code instead of posting it, without its question', async () => {
    const api = new FakeApi();
    api.rows = () => jsonResponse(200, listAnswer([wallet(1)]));
    const ran: number[] = [];
    const { view } = await renderWallets({
      options: { rowActionRunners: { close: (record) => void ran.push(record.id) } },
    });
    await waitForRows(view, 1);
    await click(buttonNamed('Actions for Wallet 1', view.element));
    await click(itemNamed('Close wallet'));
    await waitInAct(() => expect(ran).toEqual([1]));
    expect(document.body.textContent).not.toContain('Close this wallet?');
    expect(api.requests('POST', '/finance/wallets/1/close')).toHaveLength(0);
  });
});

describe('useResourceList', () => {
  it('gives a custom screen the list state, paging in the URL', async () => {
    const own = new OwnListApi();
    const Custom = observer(function Custom() {
      const list = useResourceList(WALLETS, { listApi: () => own });
      return (
        <div>
          <ul>
            {list.store.rows.map((row) => (
              <li key={row.id}>{String(row.name)}</li>
            ))}
          </ul>
          <p data-testid="total">{list.store.page?.total ?? '…'}</p>
          <button type="button" onClick={() => list.setPage(2)}>
            next
          </button>
          <p data-testid="export">{list.exportCsv ? 'export' : 'no export'}</p>
        </div>
      );
    });
    const plugin = testPlugin({ id: 'test', bundles: { en: WALLET_STRINGS, ru: WALLET_STRINGS } });
    const kernel = await createTestKernel({ plugins: [plugin], user: testUser(['FW']) });
    const view = await renderRoutesInKernel(kernel, [{ path: '/wallets', element: <Custom /> }], { path: '/wallets' });
    await waitInAct(() => expect(query(view.element, '[data-testid="total"]').textContent).toBe('45'));
    expect([...view.element.querySelectorAll('li')].map((item) => item.textContent)).toEqual(['Wallet 1', 'Wallet 2']);
    expect(query(view.element, '[data-testid="export"]').textContent).toBe('no export');
    await click(buttonNamed('next', view.element));
    await waitInAct(() => expect(own.asked.at(-1)?.query.page).toBe(2));
    expect(view.path()).toBe('/wallets?page=2');
  });
});

describe('row tones', () => {
  it('colour the rows they name and say the tone before the first cell', async () => {
    const api = new FakeApi();
    api.rows = () =>
      jsonResponse(
        200,
        listAnswer([
          wallet(1),
          wallet(2, { status: 'closed' }),
          wallet(3, { status: 'closed', deleted_at: '2026-11-21T10:00:00.000Z' }),
        ]),
      );
    const { view } = await renderWallets({
      options: {
        rowTone: (record) =>
          record.status === 'closed' ? { tone: 'danger', labelKey: 'test:wallets.statusValues.closed' } : undefined,
      },
    });
    await waitForRows(view, 3);
    const row = (id: number) => view.element.querySelector<HTMLElement>(`tbody tr[data-row-id="${id}"]`) as HTMLElement;
    expect(row(1).dataset.tone).toBeUndefined();
    expect(row(2).dataset.tone).toBe('danger');
    // A deleted record keeps the deleted look: its tone no longer matters.
    expect(row(3).dataset.tone).toBeUndefined();
    const firstCell = row(2).querySelectorAll('td')[1] as HTMLElement;
    expect(firstCell.textContent).toBe('ClosedWallet 2');
    expect(row(1).querySelectorAll('td')[1]?.textContent).toBe('Wallet 1');
  });
});

describe('changeable rows', () => {
  it('offer Edit and Delete only where the screen says the record may still change', async () => {
    const api = new FakeApi();
    api.rows = () => jsonResponse(200, listAnswer([wallet(1), wallet(2, { status: 'closed' })]));
    const { view } = await renderWallets({ options: { changeable: (record) => record.status !== 'closed' } });
    await waitForRows(view, 2);
    expect(await openRowMenu(view.element, 'Wallet 1')).toEqual(expect.arrayContaining(['Edit', 'Delete']));
    await click(document.body);
    const closed = await openRowMenu(view.element, 'Wallet 2');
    expect(closed).not.toContain('Edit');
    expect(closed).not.toContain('Delete');
    expect(closed).toContain('History');
  });
});

describe('a notice', () => {
  it('is drawn across the page between the heading and the list, outside the toolbar', async () => {
    const api = new FakeApi();
    api.rows = () => jsonResponse(200, listAnswer([wallet(1)]));
    const Notice = () => <p data-testid="screen-notice">The wallets are read from a copy.</p>;
    const { view } = await renderWallets({ options: { notice: Notice } });
    await waitForRows(view, 1);
    const notice = query(document, '[data-testid="screen-notice"]');
    expect(notice.closest('[role="toolbar"]')).toBeNull();
    expect(notice.compareDocumentPosition(query(document, 'h1')) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
    expect(
      notice.compareDocumentPosition(query(document, '[role="grid"], table')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });
});
