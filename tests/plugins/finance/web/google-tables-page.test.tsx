import { describe, expect, it } from 'vitest';
import { act } from 'react';
import { GoogleTablesStore } from '@plugins/finance/web/google-tables/google-tables-store';
import {
  buttonByText,
  click,
  jsonResponse,
  query,
  recordToasts,
  renderAppInKernel,
  type RenderedView,
  submit,
  typeInto,
  waitInAct,
} from '@core/sdk/testing-web';
import { FakeFinanceServer, financeKernel, setupFinanceTests } from './finance-server';

const table = (id: number, parent_id: number | null, position: number) => ({
  id,
  name_en: `Table ${id}`,
  name_ru: `Таблица ${id}`,
  spreadsheet_id: `sheet-${id}`,
  parent_id,
  position,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

// 1 ─ 2 ─ 4        (levels 1, 2, 3: at the limit of 3)
//   └ 3
// 5
// 6 ─ 7
const TABLES = [
  table(1, null, 0),
  table(2, 1, 0),
  table(3, 1, 1),
  table(4, 2, 0),
  table(5, null, 1),
  table(6, null, 2),
  table(7, 6, 0),
];

function tablesServer(): FakeFinanceServer {
  return new FakeFinanceServer()
    .on('GET', 'google-tables', { data: { data: TABLES, max_nesting_level: 3 } })
    .on('POST', 'google-tables/update-tree', { data: { data: TABLES }, message: 'Table updated successfully' });
}

const row = (view: RenderedView, id: number): HTMLElement => query(view.element, `[data-drop-row="${id}"]`);
const item = (view: RenderedView, id: number): HTMLElement => query(view.element, `[data-table-id="${id}"]`);
const treeItem = (view: RenderedView, id: number): HTMLElement => query(item(view, id), ':scope > [role="treeitem"]');
/** A tree item's name: the texts its aria-labelledby names. */
const nameOf = (element: Element): string =>
  (element.getAttribute('aria-labelledby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

/** The pointer at `clientY` over a row 40 px high whose top is at 100. */
async function dragOnto(view: RenderedView, dragged: number, target: number, clientY?: number): Promise<void> {
  const targetRow = row(view, target);
  targetRow.getBoundingClientRect = () => ({
    top: 100,
    height: 40,
    bottom: 140,
    left: 0,
    right: 500,
    width: 500,
    x: 0,
    y: 100,
    toJSON: () => ({}),
  });
  const pointer = (type: string) =>
    clientY === undefined
      ? new Event(type, { bubbles: true, cancelable: true })
      : new MouseEvent(type, { bubbles: true, cancelable: true, clientY });
  await act(async () => {
    row(view, dragged).dispatchEvent(new Event('dragstart', { bubbles: true }));
  });
  await act(async () => {
    targetRow.dispatchEvent(pointer('dragover'));
  });
  await act(async () => {
    targetRow.dispatchEvent(pointer('drop'));
  });
}

async function openTables(codes: readonly string[] = ['FG']) {
  const kernel = await financeKernel(codes);
  const toasts = recordToasts(kernel);
  const view = await renderAppInKernel(kernel, { path: '/google-table' });
  await waitInAct(() => expect(view.element.querySelector('[role="tree"]')).not.toBeNull());
  return { kernel, toasts, view };
}

setupFinanceTests();

describe('Google tables page', () => {
  it('shows the tree built from the flat list, each table linking to its data', async () => {
    tablesServer();
    const { view } = await openTables();
    const items = [...view.element.querySelectorAll('[role="treeitem"]')];
    expect(items.map((element) => [nameOf(element), element.getAttribute('aria-level')])).toEqual([
      ['Table 1 sheet-1', '1'],
      ['Table 2 sheet-2', '2'],
      ['Table 4 sheet-4', '3'],
      ['Table 3 sheet-3', '2'],
      ['Table 5 sheet-5', '1'],
      ['Table 6 sheet-6', '1'],
      ['Table 7 sheet-7', '2'],
    ]);
    expect(item(view, 4).closest('[data-table-id="2"]')).not.toBeNull();
    expect(query(item(view, 4), 'a').getAttribute('href')).toBe('/google-table-data/4');
    expect(view.element.textContent).toContain('sheet-4');
    expect(view.element.textContent).toContain('Levels allowed: 3');
  });

  it('shows the names in Russian to a Russian reader', async () => {
    tablesServer();
    const kernel = await financeKernel(['FG'], 'ru');
    const view = await renderAppInKernel(kernel, { path: '/google-table' });
    await waitInAct(() => expect(view.element.querySelector('[role="tree"]')).not.toBeNull());
    expect(nameOf(treeItem(view, 1))).toBe('Таблица 1 sheet-1');
  });

  it('refuses a drop beyond the maximum nesting level with a toast, sending nothing and changing nothing', async () => {
    const server = tablesServer();
    const { view, toasts } = await openTables();
    // 6 carries 7: inside 2 (level 2) the branch would reach level 4.
    await dragOnto(view, 6, 2);
    await waitInAct(() =>
      expect(toasts.map((toast) => [toast.intent, toast.message])).toEqual([['error', 'Max nesting level is reached']]),
    );
    expect(server.requests('POST', 'google-tables/update-tree')).toEqual([]);
    expect(treeItem(view, 6).getAttribute('aria-level')).toBe('1');
    expect(item(view, 2).querySelector('[data-table-id="6"]')).toBeNull();
  });

  it('saves a valid drop inside another table with the whole new arrangement', async () => {
    const server = tablesServer();
    const { view, toasts } = await openTables();
    await dragOnto(view, 7, 5);
    await waitInAct(() => expect(server.requests('POST', 'google-tables/update-tree')).toHaveLength(1));
    expect(server.requests('POST', 'google-tables/update-tree')[0]?.body).toEqual({
      items: [
        { id: 1, parent_id: null, position: 0 },
        { id: 2, parent_id: 1, position: 0 },
        { id: 4, parent_id: 2, position: 0 },
        { id: 3, parent_id: 1, position: 1 },
        { id: 5, parent_id: null, position: 1 },
        { id: 7, parent_id: 5, position: 0 },
        { id: 6, parent_id: null, position: 2 },
      ],
    });
    await waitInAct(() => expect(toasts.map((toast) => toast.message)).toEqual(['Table updated successfully']));
    expect(item(view, 5).querySelector('[data-table-id="7"]')).not.toBeNull();
    expect(treeItem(view, 7).getAttribute('aria-level')).toBe('2');
  });

  it('reorders when dropped on the top or bottom edge of a row', async () => {
    const server = tablesServer();
    const { view } = await openTables();
    await dragOnto(view, 6, 1, 102);
    await waitInAct(() => expect(server.requests('POST', 'google-tables/update-tree')).toHaveLength(1));
    const sent = server.requests('POST', 'google-tables/update-tree')[0]?.body as {
      items: { id: number; parent_id: number | null; position: number }[];
    };
    expect(sent.items.filter((place) => place.parent_id === null)).toEqual([
      { id: 6, parent_id: null, position: 0 },
      { id: 1, parent_id: null, position: 1 },
      { id: 5, parent_id: null, position: 2 },
    ]);
    await dragOnto(view, 3, 4, 138);
    await waitInAct(() => expect(server.requests('POST', 'google-tables/update-tree')).toHaveLength(2));
    expect(item(view, 2).querySelector('[data-table-id="3"] > [role="treeitem"]')?.getAttribute('aria-level')).toBe(
      '3',
    );
  });

  it('moves with Alt+Arrow keys, and refuses a key move beyond the limit', async () => {
    const server = tablesServer();
    const { view, toasts } = await openTables();
    await act(async () => {
      item(view, 5).dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowUp', altKey: true, bubbles: true }));
    });
    await waitInAct(() => expect(server.requests('POST', 'google-tables/update-tree')).toHaveLength(1));
    const roots = [...query(view.element, '[role="tree"]').children].map((element) =>
      element.getAttribute('data-table-id'),
    );
    expect(roots).toEqual(['5', '1', '6']);
    // 3 into 2 puts 3 on level 3: allowed.
    await act(async () => {
      item(view, 3).dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', altKey: true, bubbles: true }));
    });
    await waitInAct(() => expect(server.requests('POST', 'google-tables/update-tree')).toHaveLength(2));
    // 1 into 5 (now above it) would take 4 down to level 4.
    await act(async () => {
      item(view, 1).dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', altKey: true, bubbles: true }));
    });
    await waitInAct(() => expect(toasts.map((toast) => toast.message)).toContain('Max nesting level is reached'));
    expect(server.requests('POST', 'google-tables/update-tree')).toHaveLength(2);
  });

  it('puts the tree back and reports the server message when saving fails', async () => {
    const server = tablesServer().on('POST', 'google-tables/update-tree', () =>
      jsonResponse(422, {
        message: 'Max nesting level is reached',
        errors: { items: ['Max nesting level is reached'] },
      }),
    );
    const { view, toasts } = await openTables();
    await dragOnto(view, 7, 5);
    await waitInAct(() =>
      expect(toasts.map((toast) => [toast.intent, toast.message])).toEqual([['error', 'Max nesting level is reached']]),
    );
    expect(server.requests('POST', 'google-tables/update-tree')).toHaveLength(1);
    expect(item(view, 6).querySelector('[data-table-id="7"]')).not.toBeNull();
  });

  it('adds a table and says so', async () => {
    const server = tablesServer().on('POST', 'google-table', () =>
      jsonResponse(201, { data: table(8, 5, 0), message: 'Table added successfully' }),
    );
    const { view, toasts } = await openTables();
    await click(buttonByText(view.element, 'Add table'));
    const dialog = query(document, '[role="dialog"]');
    await typeInto(query(dialog, 'input[name="name_en"]'), 'Payroll');
    await typeInto(query(dialog, 'input[name="name_ru"]'), 'Зарплаты');
    await typeInto(query(dialog, 'input[name="spreadsheet_id"]'), 'abc123');
    const select = query<HTMLSelectElement>(dialog, 'select[name="parent_id"]');
    // Only tables above the last level can take a child: 4 (level 3) is not offered.
    expect([...select.options].map((option) => option.value)).toEqual(['', '1', '2', '3', '5', '6', '7']);
    await act(async () => {
      select.value = '5';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await submit(query<HTMLFormElement>(dialog, 'form'));
    await waitInAct(() => expect(server.requests('POST', 'google-table')).toHaveLength(1));
    expect(server.requests('POST', 'google-table')[0]?.body).toEqual({
      name_en: 'Payroll',
      name_ru: 'Зарплаты',
      spreadsheet_id: 'abc123',
      parent_id: 5,
    });
    await waitInAct(() =>
      expect(toasts.map((toast) => [toast.intent, toast.message])).toEqual([['success', 'Table added successfully']]),
    );
  });

  it('asks before deleting a table, then deletes it and says so', async () => {
    const server = tablesServer().on('DELETE', 'google-tables/3', {
      data: { deleted: [3] },
      message: 'Table deleted successfully',
    });
    const { view, toasts } = await openTables();
    await click(query(item(view, 3), 'button[aria-label="Delete Table 3"]'));
    const dialog = query(document, '[role="alertdialog"]');
    expect(dialog.textContent).toContain('Are you sure you want to delete this table?');
    await click(buttonByText(dialog, 'Delete'));
    await waitInAct(() => expect(server.requests('DELETE', 'google-tables/3')).toHaveLength(1));
    await waitInAct(() => expect(toasts.map((toast) => toast.message)).toEqual(['Table deleted successfully']));
  });

  it('edits a table with PATCH and says so', async () => {
    const server = tablesServer().on('PATCH', 'google-tables/5', {
      data: table(5, null, 1),
      message: 'Table updated successfully',
    });
    const { view, toasts } = await openTables();
    await click(query(item(view, 5), 'button[aria-label="Edit Table 5"]'));
    const dialog = query(document, '[role="dialog"]');
    const name = query<HTMLInputElement>(dialog, 'input[name="name_en"]');
    expect(name.value).toBe('Table 5');
    await typeInto(name, 'Cash');
    await submit(query<HTMLFormElement>(dialog, 'form'));
    await waitInAct(() => expect(server.requests('PATCH', 'google-tables/5')).toHaveLength(1));
    expect(server.requests('PATCH', 'google-tables/5')[0]?.body).toEqual({
      name_en: 'Cash',
      name_ru: 'Таблица 5',
      spreadsheet_id: 'sheet-5',
      parent_id: null,
    });
    await waitInAct(() => expect(toasts.map((toast) => toast.message)).toEqual(['Table updated successfully']));
  });
});

describe('Google tables page, when the list fails', () => {
  it("gives the server's reason instead of an empty tree, and Try again reads the list again", async () => {
    let asked = 0;
    const server = tablesServer().on('GET', 'google-tables', () =>
      asked++ === 0
        ? jsonResponse(500, { message: 'Server Error' })
        : jsonResponse(200, { data: { data: TABLES, max_nesting_level: 3 } }),
    );
    const kernel = await financeKernel(['FG']);
    const view = await renderAppInKernel(kernel, { path: '/google-table' });
    await waitInAct(() => expect(view.element.textContent).toContain('Server Error'));
    expect(view.element.textContent).not.toContain('This section is empty.');
    await click(buttonByText(view.element, 'Try again'));
    await waitInAct(() => expect(view.element.querySelector('[role="tree"]')).not.toBeNull());
    expect(server.requests('GET', 'google-tables')).toHaveLength(2);
  });
});

describe('Google tables store', () => {
  it('returns the server message instead of throwing, and only logs a failed list', async () => {
    new FakeFinanceServer()
      .on('GET', 'google-tables', () => jsonResponse(500, { message: 'Server Error' }))
      .on('POST', 'google-table', () =>
        jsonResponse(422, {
          message: 'The given data was invalid.',
          errors: { spreadsheet_id: ['Enter a spreadsheet id or the spreadsheet’s link.'] },
        }),
      )
      .on('DELETE', 'google-tables/9', () => jsonResponse(404, { message: 'Table not found.' }));
    const kernel = await financeKernel(['FG']);
    const toasts = recordToasts(kernel);
    await kernel.host.ensureLoaded('finance');
    const store = kernel.get(GoogleTablesStore);

    const list = await store.load();
    expect(list).toMatchObject({ ok: false, status: 500, message: 'Server Error' });
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('GET google-tables failed with status 500'));

    const created = await store.create({ name_en: 'A', name_ru: 'А', spreadsheet_id: '!', parent_id: null });
    expect(created).toMatchObject({
      ok: false,
      status: 422,
      message: 'Enter a spreadsheet id or the spreadsheet’s link.',
    });
    expect(created.ok ? null : created.fieldErrors).toEqual({
      spreadsheet_id: ['Enter a spreadsheet id or the spreadsheet’s link.'],
    });

    await expect(store.remove(9)).resolves.toMatchObject({ ok: false, status: 404, message: 'Table not found.' });
    // The store only reports; nothing was toasted by the calls themselves.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(toasts).toEqual([]);
  });
});
