import { describe, expect, it } from 'vitest';
import type { SavedListView } from '@core/shared/preferences';
import { click, query, typeInto } from '../../../support/web/dom';
import { jsonResponse } from '../../../support/web/fetch';
import { recordToasts, waitInAct } from '../../../support/web/test-kernel';
import { listAnswer, wallet } from './fixtures';
import { buttonNamed, FakeApi, renderWallets, text, patchAnimations, waitForRows } from './support';
import type { RenderedView } from '../../../support/web/test-kernel';

patchAnimations();

const VIEWS_PATH = '/auth/preferences/list-views.test.wallets';

/** The list answering one wallet, and the user's saved views kept as the server would keep them. */
function fakeServer(stored: SavedListView[] | null = null): { api: FakeApi; writes: () => SavedListView[][] } {
  const api = new FakeApi();
  api.rows = () => jsonResponse(200, listAnswer([wallet(1)]));
  let views = stored;
  const writes: SavedListView[][] = [];
  api.answer = async (request, url) => {
    if (url.pathname !== VIEWS_PATH) return undefined;
    if (request.method === 'PUT') {
      const body = request.body as { value: { views: SavedListView[] } };
      views = body.value.views;
      writes.push(views);
    }
    return jsonResponse(200, { data: { key: 'list-views.test.wallets', value: views === null ? null : { views } } });
  };
  return { api, writes: () => writes };
}

/** Waits for the menu item, checkbox item or option reading `name` in the open popover, and clicks it. */
async function pick(name: string): Promise<void> {
  let found: HTMLElement | undefined;
  await waitInAct(() => {
    found = [
      ...document.querySelectorAll<HTMLElement>('[role="menuitem"], [role="menuitemcheckbox"], [role="option"]'),
    ].find((candidate) => candidate.textContent?.trim() === name);
    expect(found).toBeDefined();
  });
  await click(found as HTMLElement);
}

/** "Add filter", its text followed by the count of filters in use once there are any. */
const addFilter = () => {
  const found = [...document.querySelectorAll('button')].find((candidate) =>
    candidate.textContent?.startsWith('Add filter'),
  );
  if (!found) throw new Error('no "Add filter"');
  return found;
};
const filtersRegion = (view: RenderedView) => view.element.querySelector('section[aria-label="Filters"]');
const chipTexts = (view: RenderedView) =>
  [...view.element.querySelectorAll('[data-filter]')].map((chip) => chip.textContent?.trim());
const headers = (view: RenderedView) =>
  [...view.element.querySelectorAll('thead th[data-column]')].map((cell) => cell.getAttribute('data-column'));

describe('Add filter', () => {
  it('picks a field, then its operator and value; the panel then holds just that chip, and the URL the filter', async () => {
    const { api } = fakeServer();
    const { view } = await renderWallets({ path: '/wallets?page=3' });
    await waitForRows(view, 1);
    // No filter in use: no panel, the list right under the toolbar.
    expect(filtersRegion(view)).toBeNull();

    await click(addFilter());
    await pick('Name');
    const editor = query<HTMLFormElement>(view.element, 'form[aria-label="Filter by Name"]');
    // One field's inputs, not every field's.
    expect(editor.querySelectorAll('input')).toHaveLength(1);
    expect(document.activeElement && editor.contains(document.activeElement)).toBe(true);
    await click(query(editor, '[aria-label="Operator for Name"]'));
    for (const operator of ['equals', 'contains', 'not equals']) expect(document.body.textContent).toContain(operator);
    await pick('begins with');
    await typeInto(query<HTMLInputElement>(editor, 'input[aria-label="Value for Name"]'), 'Ma');
    await click(buttonNamed('Apply', editor));

    await waitInAct(() => expect(view.path()).toBe('/wallets?filter%5Bname%5D%5BstartsWith%5D=Ma'));
    await waitInAct(() => expect(api.lists().at(-1)?.searchParams.get('filter[name][startsWith]')).toBe('Ma'));
    expect(api.lists().at(-1)?.searchParams.get('page')).toBe('1');
    expect(chipTexts(view)).toEqual(['Name begins with Ma']);
    expect(view.element.querySelector('form[aria-label="Filter by Name"]')).toBeNull();
    // The keyboard goes on from the new chip, not from the top of the page.
    await waitInAct(() => expect(document.activeElement?.getAttribute('data-filter')).toBe('name'));
    expect(addFilter().textContent).toBe('Add filter1');
  });

  it('names a range "between" and writes it as one chip; Cancel leaves the URL alone', async () => {
    fakeServer();
    const { view } = await renderWallets();
    await waitForRows(view, 1);
    await click(addFilter());
    await pick('Balance');
    const editor = query<HTMLFormElement>(view.element, 'form[aria-label="Filter by Balance"]');
    await typeInto(query<HTMLInputElement>(editor, 'input[aria-label="Balance from"]'), '10');
    await typeInto(query<HTMLInputElement>(editor, 'input[aria-label="Balance to"]'), '20');
    await click(buttonNamed('Apply', editor));
    await waitInAct(() => expect(chipTexts(view)).toEqual(['Balance from 10 to 20']));

    await click(addFilter());
    await pick('Status');
    expect(
      query(view.element, 'form[aria-label="Filter by Status"] [aria-label="Operator for Status"]').textContent,
    ).toBe('equals');
    await click(buttonNamed('Cancel', filtersRegion(view) as HTMLElement));
    expect(view.element.querySelector('form[aria-label="Filter by Status"]')).toBeNull();
    expect(view.path()).toBe('/wallets?filter%5Bbalance%5D%5Bgte%5D=10&filter%5Bbalance%5D%5Blte%5D=20');
  });

  it('refuses a value the API would refuse, in the user language, without navigating', async () => {
    fakeServer();
    const { view } = await renderWallets();
    await waitForRows(view, 1);
    await click(addFilter());
    await pick('Balance');
    await typeInto(query<HTMLInputElement>(view.element, 'input[aria-label="Balance from"]'), 'lots');
    await click(buttonNamed('Apply', filtersRegion(view) as HTMLElement));
    expect(text(view)).toContain('Enter a number such as 1234.56.');
    expect(view.path()).toBe('/wallets');
  });
});

describe('filter chips', () => {
  it('open their filter for a change, keep the other filters, and go with × or "Clear all"', async () => {
    const { api } = fakeServer();
    const { view } = await renderWallets({
      path: '/wallets?filter[name][contains]=e&filter[status][in]=active,closed',
    });
    await waitForRows(view, 1);
    expect(chipTexts(view)).toEqual(['Name contains e', 'Status any of Active, Closed']);

    await click(query(view.element, '[data-filter="name"]'));
    const editor = query<HTMLFormElement>(view.element, 'form[aria-label="Filter by Name"]');
    const value = query<HTMLInputElement>(editor, 'input[aria-label="Value for Name"]');
    expect(value.value).toBe('e');
    await typeInto(value, 'Main');
    await click(buttonNamed('Apply', editor));
    await waitInAct(() => expect(chipTexts(view)).toEqual(['Status any of Active, Closed', 'Name contains Main']));

    await click(buttonNamed('Remove filter Status any of Active, Closed'));
    await waitInAct(() => expect(view.path()).toBe('/wallets?filter%5Bname%5D%5Bcontains%5D=Main'));
    await waitInAct(() => expect(api.lists().at(-1)?.searchParams.has('filter[status][in]')).toBe(false));

    await click(buttonNamed('Clear all'));
    await waitInAct(() => expect(view.path()).toBe('/wallets'));
    expect(filtersRegion(view)).toBeNull();
  });
});

describe('column chooser', () => {
  it('"Reset columns" brings back the list\'s default columns', async () => {
    fakeServer();
    const { view } = await renderWallets();
    await waitForRows(view, 1);
    const defaults = headers(view);
    await click(buttonNamed('Columns'));
    await click(query<HTMLInputElement>(document.body, 'li[data-column="status"] input[type="checkbox"]'));
    await click(buttonNamed('Move Balance up'));
    await waitInAct(() => expect(headers(view)).not.toContain('status'));
    await click(buttonNamed('Reset columns'));
    await waitInAct(() => expect(headers(view)).toEqual(defaults));
  });
});

describe('saved views', () => {
  it('saves the filters, sort and columns under a name and shows them again when picked', async () => {
    const { writes } = fakeServer();
    const { view } = await renderWallets({ path: '/wallets?filter[name][contains]=Ma&sort=-name&per_page=50' });
    await waitForRows(view, 1);
    await click(buttonNamed('Columns'));
    await click(query<HTMLInputElement>(document.body, 'li[data-column="status"] input[type="checkbox"]'));
    await waitInAct(() => expect(headers(view)).not.toContain('status'));
    const columns = headers(view);

    await click(buttonNamed('Views'));
    await waitInAct(() => expect(document.body.textContent).toContain('No saved views yet'));
    await pick('Save current view…');
    await typeInto(query<HTMLInputElement>(document.body, '.fui-DialogSurface input'), '  Mine  ');
    await click(buttonNamed('Save'));
    await waitInAct(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toEqual([
      { name: 'Mine', params: { 'filter[name][contains]': 'Ma', sort: '-name', per_page: '50' }, columns },
    ]);

    // Away from it: no filters, the default columns.
    await click(buttonNamed('Clear all'));
    await click(buttonNamed('Columns'));
    await click(buttonNamed('Reset columns'));
    await waitInAct(() => expect(headers(view)).toContain('status'));

    await click(buttonNamed('Views'));
    await pick('Mine');
    await waitInAct(() =>
      expect(view.path()).toBe('/wallets?per_page=50&sort=-name&filter%5Bname%5D%5Bcontains%5D=Ma'),
    );
    expect(chipTexts(view)).toEqual(['Name contains Ma']);
    expect(headers(view)).toEqual(columns);
  });

  it('asks before replacing a view of the same name, and deletes one', async () => {
    const { writes } = fakeServer([{ name: 'Mine', params: { sort: 'name' }, columns: null }]);
    const { view } = await renderWallets({ path: '/wallets?sort=-name' });
    await waitForRows(view, 1);
    await click(buttonNamed('Views'));
    await pick('Save current view…');
    await typeInto(query<HTMLInputElement>(document.body, '.fui-DialogSurface input'), 'mine');
    expect(document.body.textContent).toContain('A view named “Mine” already exists. Replace it?');
    await click(buttonNamed('Replace'));
    await waitInAct(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toEqual([{ name: 'Mine', params: { sort: '-name' }, columns: expect.any(Array) }]);

    await click(buttonNamed('Views'));
    await pick('Delete a view');
    const items = () =>
      [...document.querySelectorAll<HTMLElement>('[role="menuitem"]')].filter(
        (item) => item.textContent?.trim() === 'Mine',
      );
    await waitInAct(() => expect(items()).toHaveLength(2));
    await click(items()[1] as HTMLElement);
    await waitInAct(() =>
      expect(document.querySelector('[role="alertdialog"]')?.textContent).toContain('Are you sure?'),
    );
    await click(buttonNamed('Delete', document.querySelector('[role="alertdialog"]') as HTMLElement));
    await waitInAct(() => expect(writes()).toHaveLength(2));
    expect(writes()[1]).toEqual([]);
  });

  it('opens a view naming a field the list no longer has without it, and says so', async () => {
    fakeServer([
      { name: 'Old', params: { 'filter[gone][eq]': 'x', 'filter[name][eq]': 'Main' }, columns: ['name', 'gone'] },
    ]);
    const { kernel, view } = await renderWallets();
    const toasts = recordToasts(kernel);
    await waitForRows(view, 1);
    await click(buttonNamed('Views'));
    await pick('Old');
    await waitInAct(() => expect(view.path()).toBe('/wallets?filter%5Bname%5D%5Beq%5D=Main'));
    expect(headers(view)).toEqual(['name']);
    await waitInAct(() =>
      expect(toasts.map((toast) => toast.message)).toContain(
        'View “Old” opened without what this list no longer has: gone',
      ),
    );
  });
});
