import { describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { columnDefs, columnStorageKey, ColumnPreferences, mergeColumnSettings } from '@core/web/resource/columns';
import { computeWindow } from '@core/web/resource/windowing';
import { CsvRecordCounter, exportProgress } from '@core/web/resource/csv-progress';
import { exportFileName } from '@core/web/resource/save-file';
import { exportParams } from '@core/shared/resource/export-format';
import { click } from '../../../support/web/dom';
import { jsonResponse } from '../../../support/web/fetch';
import { MemoryStorage, waitInAct } from '../../../support/web/test-kernel';
import { listAnswer, wallet, WALLETS } from './fixtures';
import { buttonNamed, FakeApi, itemNamed, renderWallets, text, patchAnimations, waitForRows } from './support';

patchAnimations();

const KEY = columnStorageKey(1, 'test.wallets');

function headers(element: HTMLElement): string[] {
  return [...element.querySelectorAll('th[data-column]')].map((cell) => cell.getAttribute('data-column') ?? '');
}

describe('columns', () => {
  it('lays a stored arrangement over the definition, forgetting gone columns and adding new ones', () => {
    const defs = columnDefs(WALLETS);
    const merged = mergeColumnSettings(defs, [
      { name: 'status', visible: true, width: 5000, custom: true },
      { name: 'gone', visible: true, width: 100 },
      { name: 'name', visible: false, width: 150 },
      'junk',
    ]);
    // A width the user set is kept (within bounds); one never set follows the definition's default.
    expect(merged.slice(0, 2)).toEqual([
      { name: 'status', visible: true, width: 800, custom: true },
      { name: 'name', visible: false, width: 140 },
    ]);
    expect(merged.map((setting) => setting.name).sort()).toEqual(defs.map((def) => def.name).sort());
    // Secrets and key/value maps are not listed by default; created_at is.
    const defaults = mergeColumnSettings(defs, null);
    expect(defaults.find((setting) => setting.name === 'api_key')?.visible).toBe(false);
    expect(defaults.find((setting) => setting.name === 'meta')?.visible).toBe(false);
    expect(defaults.find((setting) => setting.name === 'created_at')?.visible).toBe(true);
  });

  it("widens a column the screen names, and keeps the user's own width over it", () => {
    const defs = columnDefs(WALLETS, { name: 460 });
    expect(defs.find((def) => def.name === 'name')?.defaultWidth).toBe(460);
    expect(columnDefs(WALLETS).find((def) => def.name === 'name')?.defaultWidth).toBe(140);
    expect(mergeColumnSettings(defs, null).find((setting) => setting.name === 'name')?.width).toBe(460);
    expect(mergeColumnSettings(defs, [{ name: 'name', visible: true, width: 300, custom: true }])[0]).toEqual({
      name: 'name',
      visible: true,
      width: 300,
      custom: true,
    });
  });

  it('persists visibility, order and width per user and resource', () => {
    const storage = new MemoryStorage();
    const columns = new ColumnPreferences(WALLETS, storage, KEY);
    columns.toggle('status', false);
    columns.move('balance', -1);
    columns.setWidth('name', 321);
    const again = new ColumnPreferences(WALLETS, storage, KEY);
    const names = again.visible.map((column) => column.name);
    expect(names).not.toContain('status');
    expect(names.indexOf('balance')).toBeLessThan(names.indexOf('name') + 2);
    expect(again.visible.find((column) => column.name === 'name')?.width).toBe(321);
    expect(
      new ColumnPreferences(WALLETS, storage, columnStorageKey(2, 'test.wallets')).visible.map((column) => column.name),
    ).toContain('status');
  });

  it('are chosen in the column chooser and kept for the next visit', async () => {
    const api = new FakeApi();
    api.rows = () => jsonResponse(200, listAnswer([wallet(1)]));
    const first = await renderWallets();
    await waitForRows(first.view, 1);
    expect(headers(first.view.element)).toContain('status');
    await click(buttonNamed('Columns'));
    const status = [
      ...document.querySelectorAll<HTMLInputElement>('li[data-column="status"] input[type="checkbox"]'),
    ][0];
    await click(status as HTMLInputElement);
    await waitInAct(() => expect(headers(first.view.element)).not.toContain('status'));
    await click(buttonNamed('Move Balance up'));
    const stored = JSON.parse(first.kernel.storage.getItem(KEY) ?? '[]') as { name: string; visible: boolean }[];
    expect(stored.find((setting) => setting.name === 'status')?.visible).toBe(false);
    expect(stored.map((setting) => setting.name).slice(0, 4)).toEqual(['id', 'name', 'balance', 'status']);
    await first.view.unmount();

    const again = await renderWallets({ kernel: first.kernel });
    await waitForRows(again.view, 1);
    expect(headers(again.view.element)).not.toContain('status');
    expect(headers(again.view.element).slice(0, 2)).toEqual(['name', 'balance']);
  });

  it('resizes a column from its header with the keyboard and keeps the width', async () => {
    const api = new FakeApi();
    api.rows = () => jsonResponse(200, listAnswer([wallet(1)]));
    const { kernel, view } = await renderWallets();
    await waitForRows(view, 1);
    const handle = view.element.querySelector<HTMLElement>(
      '[role="separator"][aria-label="Resize Name"]',
    ) as HTMLElement;
    expect(handle.getAttribute('aria-valuenow')).toBe('140');
    await act(async () => {
      handle.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    });
    expect(handle.getAttribute('aria-valuenow')).toBe('156');
    const stored = JSON.parse(kernel.storage.getItem(KEY) ?? '[]') as {
      name: string;
      width: number;
      custom?: boolean;
    }[];
    expect(stored.find((setting) => setting.name === 'name')).toMatchObject({ width: 156, custom: true });
  });
});

describe('windowed rows', () => {
  it('computes the rows in view plus overscan', () => {
    expect(computeWindow({ count: 1000, rowHeight: 44, scrollTop: 0, viewportHeight: 440, overscan: 5 })).toEqual({
      start: 0,
      end: 16,
      before: 0,
      after: 984 * 44,
    });
    const middle = computeWindow({ count: 1000, rowHeight: 44, scrollTop: 44 * 500, viewportHeight: 440, overscan: 5 });
    expect(middle.start).toBe(495);
    expect(middle.end).toBe(516);
    expect(middle.before + (middle.end - middle.start) * 44 + middle.after).toBe(1000 * 44);
    const bottom = computeWindow({ count: 1000, rowHeight: 44, scrollTop: 1e9, viewportHeight: 440, overscan: 5 });
    expect(bottom.end).toBe(1000);
    expect(bottom.after).toBe(0);
  });

  it('draws only a window of a 1000-row page and moves it on scroll', async () => {
    const api = new FakeApi();
    api.rows = () =>
      jsonResponse(
        200,
        listAnswer(
          Array.from({ length: 1000 }, (_, index) => wallet(index + 1)),
          1,
          1000,
          1000,
        ),
      );
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      callback(0);
      return 1;
    });
    const { view } = await renderWallets({ path: '/wallets?per_page=1000' });
    await waitInAct(() => expect(view.element.querySelectorAll('tbody tr[data-row-id]').length).toBeGreaterThan(0));
    const drawn = () =>
      [...view.element.querySelectorAll('tbody tr[data-row-id]')].map((row) => Number(row.getAttribute('data-row-id')));
    expect(drawn().length).toBeLessThan(60);
    expect(drawn()[0]).toBe(1);
    expect(view.element.querySelector('[data-virtualized]')).not.toBeNull();
    const scroller = view.element.querySelector<HTMLElement>('[data-virtualized]') as HTMLElement;
    await act(async () => {
      scroller.scrollTop = 44 * 600;
      scroller.dispatchEvent(new Event('scroll'));
    });
    await waitInAct(() => expect(drawn()).toContain(600));
    expect(drawn()).not.toContain(1);
    expect(drawn().length).toBeLessThan(60);
    // Blank rows keep the scroll height of all 1000 rows.
    const spacers = [...scroller.querySelectorAll<HTMLTableRowElement>('tbody tr[aria-hidden="true"]')];
    const blank = spacers.reduce((sum, row) => sum + Number.parseFloat(row.style.height), 0);
    expect(blank + drawn().length * 44).toBe(1000 * 44);
    raf.mockRestore();
  });

  it('draws every row of a short page', async () => {
    const api = new FakeApi();
    api.rows = () =>
      jsonResponse(
        200,
        listAnswer(
          Array.from({ length: 50 }, (_, index) => wallet(index + 1)),
          1,
          50,
          50,
        ),
      );
    const { view } = await renderWallets({ path: '/wallets?per_page=50' });
    await waitForRows(view, 50);
    expect(view.element.querySelector('[data-virtualized]')).toBeNull();
  });
});

describe('money in the list', () => {
  it('is shown to the currency’s digits, with the exact amount as its tooltip', async () => {
    const api = new FakeApi();
    api.rows = () =>
      jsonResponse(
        200,
        listAnswer([
          wallet(1, { balance: { amount: '945.5583505', currency: 'USD' } }),
          wallet(2, { balance: { amount: '2211.21567', currency: 'USDT' } }),
        ]),
      );
    const { view } = await renderWallets();
    await waitForRows(view, 2);
    const cells = [...view.element.querySelectorAll<HTMLElement>('tbody td span[title]')].filter((cell) =>
      /945|2,211/.test(cell.title),
    );
    expect(cells.map((cell) => cell.textContent)).toEqual(['$945.56', 'USDT\u00a02,211.22']);
    expect(cells.map((cell) => cell.title)).toEqual(['$945.5583505', 'USDT\u00a02,211.21567']);
  });

  it('reads in the interface language, again after a switch, with no reload', async () => {
    const api = new FakeApi();
    api.rows = () =>
      jsonResponse(
        200,
        listAnswer([
          wallet(1, { balance: { amount: '12803.04', currency: 'USD' }, opened_on: '2026-11-29', limit: 1500 }),
        ]),
      );
    const { kernel, view } = await renderWallets();
    await waitForRows(view, 1);
    const row = () => view.element.querySelector('tbody tr[data-row-id]')?.textContent ?? '';
    for (const text of ['$12,803.04', '11/29/26', '1,500']) expect(row()).toContain(text);
    await act(() => kernel.i18n.setLanguage('ru'));
    await waitInAct(() => {
      for (const text of ['12\u00a0803,04\u00a0$', '29.11.2026', '1\u00a0500']) expect(row()).toContain(text);
    });
    expect(api.lists()).toHaveLength(1);
  });
});

describe('CSV export', () => {
  it('counts records outside quotes against the announced total', () => {
    const counter = new CsvRecordCounter();
    const encoder = new TextEncoder();
    counter.feed(encoder.encode('id,name\n1,"two\nlines"\n2,'));
    expect(counter.rows).toBe(1);
    counter.feed(encoder.encode('"say ""hi"""\n'));
    expect(counter.rows).toBe(2);
    expect(exportProgress(2, 4, 10, null).fraction).toBe(0.5);
    expect(exportProgress(0, null, 50, 200).fraction).toBe(0.25);
    expect(exportProgress(0, null, 50, null).fraction).toBeNull();
    expect(exportProgress(0, 0, 0, null).fraction).toBe(1);
  });

  it('asks for the columns shown for people, every column for machines, and names the exact file so', () => {
    expect(exportParams({ format: 'people', columns: ['name', 'balance', 'created_at'] })).toEqual({
      columns: 'name,balance,created_at',
    });
    expect(exportParams({ format: 'exact', columns: ['name'] })).toEqual({ format: 'exact' });
    expect(exportFileName('finance/wallets', new Date(2026, 10, 29), 'exact')).toBe(
      'finance-wallets-2026-11-29-exact.csv',
    );
    expect(exportFileName('wallets', new Date(2026, 10, 29), 'people')).toBe('wallets-2026-11-29.csv');
  });

  it('downloads the filtered rows with progress and saves the file', async () => {
    const api = new FakeApi();
    let push: (text: string) => void = () => undefined;
    let close: () => void = () => undefined;
    api.answer = (_request, url) => {
      if (url.pathname !== '/finance/wallets/export.csv') return undefined;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          push = (chunk) => controller.enqueue(new TextEncoder().encode(chunk));
          close = () => controller.close();
        },
      });
      return new Response(body, { status: 200, headers: { 'Content-Type': 'text/csv', 'X-Total-Count': '4' } });
    };
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { view } = await renderWallets({ path: '/wallets?filter[name][contains]=Wal&page=3' });
    await click(buttonNamed('Export CSV'));
    await waitInAct(() => itemNamed('Export'));
    await click(itemNamed('Export'));
    await waitInAct(() => expect(api.requests('GET', '/finance/wallets/export.csv')).toHaveLength(1));
    const url = new URL(api.requests('GET', '/finance/wallets/export.csv')[0]?.url ?? '');
    expect(url.searchParams.get('filter[name][contains]')).toBe('Wal');
    expect(url.searchParams.has('page')).toBe(false);
    // For people: the columns shown, in their order; the format is the default.
    expect(url.searchParams.get('columns')).toBe(
      columnDefs(WALLETS)
        .filter((column) => column.defaultVisible)
        .map((column) => column.name)
        .join(','),
    );
    expect(url.searchParams.has('format')).toBe(false);
    await act(async () => push('id,name\n1,a\n2,b\n'));
    await waitInAct(() => expect(text(view)).toContain('Exporting: 2 of 4 rows'));
    expect(view.element.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('0.5');
    await act(async () => {
      push('3,c\n4,d\n');
      close();
    });
    await waitInAct(() => expect(clicked).toHaveBeenCalled());
    const blob = created.mock.calls[0]?.[0] as Blob;
    expect(await blob.text()).toBe('id,name\n1,a\n2,b\n3,c\n4,d\n');
    await waitInAct(() => expect(text(view)).not.toContain('Exporting'));
  });
});
