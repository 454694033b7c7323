import { describe, expect, it } from 'vitest';
import { act } from 'react';
import { resolveDatePreset } from '@core/shared/resource/date-presets';
import { click, query } from '../../../support/web/dom';
import { jsonResponse } from '../../../support/web/fetch';
import { waitInAct } from '../../../support/web/test-kernel';
import { listAnswer, wallet } from './fixtures';
import { FakeApi, renderWallets, text, patchAnimations, waitForRows } from './support';

patchAnimations();

function button(scope: ParentNode, name: string): HTMLButtonElement {
  const found = [...scope.querySelectorAll('button')].find(
    (candidate) => candidate.textContent?.trim() === name || candidate.getAttribute('aria-label') === name,
  );
  if (!found) throw new Error(`no button "${name}"`);
  return found;
}

describe('resource list screen', () => {
  it('renders the rows of the stubbed API, asking for the page the URL names', async () => {
    const api = new FakeApi();
    api.rows = () =>
      jsonResponse(
        200,
        listAnswer([wallet(1), wallet(2, { name: 'Reserve', status: 'closed', is_default: true })], 2, 20, 22),
      );
    const { view } = await renderWallets({ path: '/wallets?page=2&sort=name&filter[name][contains]=e' });
    await waitForRows(view, 2);
    const url = api.lists()[0];
    expect(url?.searchParams.get('page')).toBe('2');
    expect(url?.searchParams.get('per_page')).toBe('20');
    expect(url?.searchParams.get('sort')).toBe('name');
    expect(url?.searchParams.get('filter[name][contains]')).toBe('e');
    expect(text(view)).toContain('Wallets');
    expect(text(view)).toContain('Reserve');
    // Enum labels, money with its currency, references by label, dates as mm/dd/yy.
    expect(text(view)).toContain('Closed');
    expect(text(view)).toContain('$12.30');
    expect(text(view)).toContain('ann');
    expect(text(view)).toContain('11/02/26');
    expect(text(view)).toContain('Page 2 of 2');
    expect(text(view)).toContain('22 in all');
  });

  it('shows a total the server stopped counting as a lower bound, with no "Last page"', async () => {
    const api = new FakeApi();
    const answer = listAnswer([wallet(1), wallet(2)], 1, 20, 10_000);
    api.rows = () => jsonResponse(200, { data: { ...answer.data, total_exact: false } });
    const { view } = await renderWallets({ path: '/wallets' });
    await waitForRows(view, 2);
    expect(text(view)).toContain('Page 1 of 500+');
    expect(text(view)).toContain('10,000+ in all');
    expect(button(view.element, 'Last page').disabled).toBe(true);
    expect(button(view.element, 'Next page').disabled).toBe(false);
  });

  it('formats an exact total and enables "Last page" on an earlier page', async () => {
    const api = new FakeApi();
    api.rows = () => jsonResponse(200, listAnswer([wallet(1)], 1, 20, 1234));
    const { view } = await renderWallets({ path: '/wallets' });
    await waitForRows(view, 1);
    expect(text(view)).toContain('Page 1 of 62');
    expect(text(view)).toContain('1,234 in all');
    expect(button(view.element, 'Last page').disabled).toBe(false);
  });

  it('keeps a date preset as its name in the URL and sends the days it means', async () => {
    const api = new FakeApi();
    const { view } = await renderWallets({ path: '/wallets?filter[opened_on][preset]=this_month' });
    await waitInAct(() => expect(api.lists()).toHaveLength(1));
    const range = resolveDatePreset('this_month', new Date());
    expect(api.lists()[0]?.searchParams.get('filter[opened_on][gte]')).toBe(range.from);
    expect(api.lists()[0]?.searchParams.get('filter[opened_on][lte]')).toBe(range.to);
    expect(api.lists()[0]?.searchParams.has('filter[opened_on][preset]')).toBe(false);
    expect(text(view)).toContain('Opened on: This month');
  });

  it('drops parameters it does not understand from the URL', async () => {
    const api = new FakeApi();
    api.rows = () => jsonResponse(200, listAnswer([wallet(1)], 2, 20, 60));
    const { view } = await renderWallets({ path: '/wallets?filter[api_key][eq]=x&page=2' });
    await waitInAct(() => expect(view.path()).toBe('/wallets?page=2'));
    expect(api.lists().every((url) => !url.searchParams.has('filter[api_key][eq]'))).toBe(true);
  });

  it('sorts by a header, and starts clean from a link without parameters; Back restores the view', async () => {
    const api = new FakeApi();
    api.rows = () => jsonResponse(200, listAnswer([wallet(1)], 1, 20, 60));
    const { view } = await renderWallets({ path: '/wallets?page=2' });
    await waitForRows(view, 1);
    await click(query(view.element, 'th[data-column="name"] [role="button"]'));
    await waitInAct(() => expect(view.path()).toBe('/wallets?sort=name'));
    await click(query(view.element, 'th[data-column="name"] [role="button"]'));
    await waitInAct(() => expect(view.path()).toBe('/wallets?sort=-name'));
    await waitInAct(() => expect(api.lists().at(-1)?.searchParams.get('sort')).toBe('-name'));
    expect(query(view.element, 'th[data-column="name"]').getAttribute('aria-sort')).toBe('descending');
    await view.navigate('/wallets');
    await waitInAct(() => expect(api.lists().at(-1)?.searchParams.get('sort')).toBe('-created_at'));
    await act(async () => view.router.navigate(-1));
    await waitInAct(() => expect(view.path()).toBe('/wallets?sort=-name'));
    await waitInAct(() => expect(api.lists().at(-1)?.searchParams.get('sort')).toBe('-name'));
  });

  it('pages and changes the page size through the URL', async () => {
    const api = new FakeApi();
    api.rows = () => jsonResponse(200, listAnswer([wallet(1)], 1, 20, 45));
    const { view } = await renderWallets();
    await waitForRows(view, 1);
    expect(text(view)).toContain('Page 1 of 3');
    await click(button(view.element, 'Next page'));
    await waitInAct(() => expect(view.path()).toBe('/wallets?page=2'));
    await waitInAct(() => expect(api.lists().at(-1)?.searchParams.get('page')).toBe('2'));
  });

  it('says "This section is empty" without data and "Nothing found" when filters match nothing', async () => {
    const api = new FakeApi();
    const empty = await renderWallets();
    await waitInAct(() => expect(text(empty.view)).toContain('This section is empty. Please create a new entry.'));
    expect(text(empty.view)).not.toContain('Nothing found');
    await empty.view.unmount();
    const filtered = await renderWallets({ path: '/wallets?filter[name][contains]=zzz' });
    await waitInAct(() => expect(text(filtered.view)).toContain('Nothing found'));
    expect(text(filtered.view)).not.toContain('This section is empty');
    expect(api.lists()).toHaveLength(2);
  });

  it('shows a skeleton until the answer arrives', async () => {
    const api = new FakeApi();
    let release: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => {
      release = resolve;
    });
    api.answer = async (_request, url) => {
      if (url.pathname !== '/finance/wallets') return undefined;
      await arrived;
      return jsonResponse(200, listAnswer([wallet(1)]));
    };
    const { view } = await renderWallets();
    expect(view.element.querySelectorAll('.fui-Skeleton').length).toBeGreaterThan(0);
    expect(text(view)).not.toContain('This section is empty');
    release();
    await waitForRows(view, 1);
    expect(view.element.querySelectorAll('.fui-Skeleton')).toHaveLength(0);
  });

  it('offers Add and selection only with the write code, and tells a user without the read code', async () => {
    new FakeApi();
    const reader = await renderWallets({ permissions: ['FW'] });
    await waitInAct(() => expect(text(reader.view)).toContain('Refresh'));
    expect(() => button(reader.view.element, 'Add')).toThrow();
    expect(reader.view.element.querySelector('input[aria-label="Select all rows on this page"]')).toBeNull();
    await reader.view.unmount();
    const writer = await renderWallets({ permissions: ['FW', 'FZ'] });
    await waitInAct(() => expect(button(writer.view.element, 'Add')).toBeDefined());
    expect(writer.view.element.querySelector('input[aria-label="Select all rows on this page"]')).not.toBeNull();
    expect(text(writer.view)).toContain('Synchronise');
    await writer.view.unmount();
    const stranger = await renderWallets({ permissions: ['JA'] });
    await waitInAct(() => expect(text(stranger.view)).toContain('You do not have access to this list.'));
  });
});

describe('paging past the end', () => {
  it('moves to the last page when the asked page no longer exists', async () => {
    const api = new FakeApi();
    api.rows = () => {
      const asked = Number(new URL(api.seen.at(-1)?.url ?? '').searchParams.get('page'));
      return jsonResponse(200, asked > 2 ? listAnswer([], asked, 20, 25) : listAnswer([wallet(21)], asked, 20, 25));
    };
    const { view } = await renderWallets({ path: '/wallets?page=5' });
    await waitInAct(() => expect(view.path()).toBe('/wallets?page=2'));
    await waitForRows(view, 1);
    expect(text(view)).toContain('Page 2 of 2');
  });
});
