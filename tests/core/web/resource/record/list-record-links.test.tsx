import { act, createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { useLocation } from 'react-router-dom';
import { ResourcePage } from '@core/web/resource/ResourcePage';
import type { ResourceCellProps, ResourceScreenOptions } from '@core/web/resource/types';
import { click, openRowMenu } from '../../../../support/web/dom';
import { jsonResponse, stubFetch } from '../../../../support/web/fetch';
import {
  createTestKernel,
  renderRoutesInKernel,
  testUser,
  waitInAct,
  type RenderedView,
} from '../../../../support/web/test-kernel';
import { testPlugin } from '../../../../support/web/test-plugin';
import { listAnswer, wallet, WALLETS } from '../fixtures';
import { patchAnimations } from '../support';
import { recordPlugin, STRINGS } from './record-fixtures';

patchAnimations();

/** Where a record page would be: says its path and the list it was opened from. */
function RecordStandIn() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string; search: string } } | null)?.from;
  return createElement(
    'p',
    { 'data-testid': 'record' },
    `record ${location.pathname} from ${from ? from.pathname + from.search : 'nowhere'}`,
  );
}

/** A plugin's own label cell with a control of its own, as the employees' name opening a drawer. */
function NameButton({ record }: ResourceCellProps) {
  return createElement('button', { type: 'button', 'data-testid': `name-${record.id}` }, String(record.name));
}

async function renderList(withRecordPages = true, options: ResourceScreenOptions = {}): Promise<RenderedView> {
  stubFetch((request) => {
    const url = new URL(request.url);
    if (url.pathname === '/finance/wallets') return jsonResponse(200, listAnswer([wallet(5), wallet(6)]));
    return jsonResponse(200, { data: [] });
  });
  const plugin = withRecordPages ? recordPlugin() : testPlugin({ id: 'test', bundles: { en: STRINGS, ru: STRINGS } });
  const kernel = await createTestKernel({ plugins: [plugin], user: testUser(['FW', 'FZ']) });
  const view = await renderRoutesInKernel(
    kernel,
    [
      { path: '/wallets', element: createElement(ResourcePage, { definition: WALLETS, options }) },
      { path: '/wallets/:id', element: createElement(RecordStandIn) },
    ],
    { path: '/wallets?sort=-name' },
  );
  await waitInAct(() => expect(view.element.querySelectorAll('tbody tr[data-row-id]')).toHaveLength(2));
  return view;
}

const row = (view: RenderedView, id: number) =>
  view.element.querySelector<HTMLTableRowElement>(`tr[data-row-id="${id}"]`) as HTMLTableRowElement;
const standIn = (view: RenderedView) => view.element.querySelector('[data-testid="record"]')?.textContent;

describe('a list whose resource has record pages', () => {
  it('makes the name a real link to the record page', async () => {
    const view = await renderList();
    const link = row(view, 5).querySelector('a');
    expect(link?.getAttribute('href')).toBe('/wallets/5');
    expect(link?.textContent).toBe('Wallet 5');
  });

  it('opens the record on a click of the row, remembering the list as it was', async () => {
    const view = await renderList();
    await click(row(view, 6).querySelector('td:nth-child(3)') as HTMLElement);
    await waitInAct(() => expect(standIn(view)).toBe('record /wallets/6 from /wallets?sort=-name'));
  });

  it('opens the record on Enter on the focused row', async () => {
    const view = await renderList();
    const target = row(view, 5);
    expect(target.tabIndex).toBe(0);
    await act(async () => {
      target.focus();
      target.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });
    await waitInAct(() => expect(standIn(view)).toBe('record /wallets/5 from /wallets?sort=-name'));
  });

  it("leaves a plugin's own label cell unwrapped (no control inside a link), its controls its own, the row still opening", async () => {
    const view = await renderList(true, { cells: { name: NameButton } });
    const name = view.element.querySelector('[data-testid="name-5"]') as HTMLElement;
    expect(name.closest('a')).toBeNull();
    await click(name);
    expect(standIn(view)).toBeUndefined();
    await click(row(view, 6).querySelector('td:nth-child(3)') as HTMLElement);
    await waitInAct(() => expect(standIn(view)).toBe('record /wallets/6 from /wallets?sort=-name'));
  });

  it('keeps a click on the row menu for the menu', async () => {
    const view = await renderList();
    await openRowMenu(view.element, 'Wallet 5');
    expect(standIn(view)).toBeUndefined();
    expect(view.path()).toBe('/wallets?sort=-name');
  });
});

describe('a list without record pages', () => {
  it('has no links and rows that stay put', async () => {
    const view = await renderList(false);
    expect(row(view, 5).querySelector('a')).toBeNull();
    await click(row(view, 5).querySelector('td:nth-child(3)') as HTMLElement);
    expect(view.path()).toBe('/wallets?sort=-name');
  });
});
