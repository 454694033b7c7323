import { describe, expect, it } from 'vitest';
import {
  buttonByText,
  click,
  FakeService,
  jsonResponse,
  query,
  renderPluginPage,
  serviceBase,
  setupPopupTests,
  waitInAct,
  webPlugin,
} from '@core/sdk/testing-web';
import { adminManifest } from '@plugins/admin/manifest';
import adminCode from '@plugins/admin/web';

import { ADMIN, BROKEN, FINANCE, REPORTS } from '../plugin-inventory-samples';

setupPopupTests({ quiet: true });

const admin = webPlugin(adminManifest, adminCode);
const WAIT = { timeout: 10_000 };

const INVENTORY = [FINANCE, REPORTS, ADMIN, BROKEN];

const READ_ONLY_EN =
  "Plugins are enabled and disabled in the server's configuration (plugins, externalPlugins) and take effect after a restart.";

const authApi = () => new FakeService(serviceBase('auth'));

function row(scope: ParentNode, id: string): HTMLElement {
  return query(scope, `tr[data-plugin="${id}"]`);
}

/** The cells of a row, as text. */
function cells(scope: ParentNode, id: string): string[] {
  return [...row(scope, id).querySelectorAll('td')].map((cell) => cell.textContent?.trim() ?? '');
}

/** The column header reading `name`, and what sorts by it (a sortable header cell's button). */
function header(scope: ParentNode, name: string): { cell: HTMLElement; button: HTMLElement } {
  const cell = [...scope.querySelectorAll<HTMLElement>('th')].find(
    (candidate) => candidate.textContent?.trim() === name,
  );
  if (!cell) throw new Error(`no column "${name}"`);
  return { cell, button: query(cell, 'button, [role="button"]') };
}

function option(name: string): HTMLElement {
  const found = [...document.querySelectorAll<HTMLElement>('[role="option"]')].find(
    (candidate) => candidate.textContent?.trim() === name,
  );
  if (!found) throw new Error(`no option "${name}"`);
  return found;
}

describe('Plugins screen', { timeout: 30_000 }, () => {
  it('lists every plugin with its version, SDK range, source, enablement, state badge and error, under the read-only message', async () => {
    const api = authApi().on('GET', 'plugins', { data: INVENTORY });
    const { view } = await renderPluginPage({ plugins: [admin], path: '/plugins', codes: ['JS'], api });
    await waitInAct(() => expect(view.element.querySelector('tr[data-plugin="broken"]')).not.toBeNull(), WAIT);
    const main = query(view.element, 'main');

    expect(query(main, 'h1').textContent).toBe('Plugins');
    expect(query(main, '[data-plugins-read-only]').textContent).toBe(READ_ONLY_EN);
    expect(
      [...query(main, '[data-plugins-read-only]').querySelectorAll('code')].map((code) => code.textContent),
    ).toEqual(['plugins', 'externalPlugins']);
    expect([...main.querySelectorAll('th')].map((cell) => cell.textContent?.trim())).toEqual([
      'Plugin',
      'ID',
      'Version',
      'SDK range',
      'Source',
      'Enabled',
      'State',
      'In this browser',
    ]);

    // Sorted by title; a title whose key does not translate reads as the id.
    expect([...main.querySelectorAll('tr[data-plugin]')].map((tr) => tr.getAttribute('data-plugin'))).toEqual([
      'admin',
      'broken',
      'finance',
      'reports',
    ]);
    expect(cells(main, 'admin')).toEqual([
      'Administration',
      'admin',
      '0.1.0',
      '^2.0.0',
      'Built in',
      'Yes',
      'Running',
      'Loaded',
    ]);
    expect(cells(main, 'finance')).toEqual([
      'finance',
      'finance',
      '0.1.0',
      '^2.0.0',
      'Built in',
      'No',
      'Disabled',
      '—',
    ]);
    expect(cells(main, 'broken')).toEqual([
      'broken',
      'broken',
      '—',
      '—',
      '/srv/erp/external-plugins/broken',
      'Yes',
      `Failed${BROKEN.error}`,
      'Not in this browser',
    ]);

    // The refusal: a badge, the reason beneath it, the folder in monospace.
    const reports = row(main, 'reports');
    expect(query(reports, '[data-state]').getAttribute('data-state')).toBe('refused');
    expect(query(reports, '[data-state]').textContent).toBe('Refused');
    expect(query(reports, '[data-plugin-error]').textContent).toBe(REPORTS.error);
    expect(query(reports, '[data-source="external"]').textContent).toBe('/srv/erp/external-plugins/reports');
    expect(query(reports, '[data-browser-state]').textContent).toBe('Not in this browser');
    expect(row(main, 'admin').querySelector('[data-plugin-error]')).toBeNull();

    // Read-only: no control changes a plugin.
    expect(main.querySelector('input[type="checkbox"], [role="switch"]')).toBeNull();
    expect(api.calls().filter((call) => !call.startsWith('GET '))).toEqual([]);
  });

  it('filters by state and sorts by a column, in the browser', async () => {
    const api = authApi().on('GET', 'plugins', { data: INVENTORY });
    const { view } = await renderPluginPage({ plugins: [admin], path: '/plugins', codes: ['JS'], api });
    await waitInAct(() => expect(view.element.querySelector('tr[data-plugin]')).not.toBeNull(), WAIT);
    const main = query(view.element, 'main');
    const ids = () => [...main.querySelectorAll('tr[data-plugin]')].map((tr) => tr.getAttribute('data-plugin'));

    await click(query(main, 'button[role="combobox"]'));
    await click(option('Failed'));
    await waitInAct(() => expect(ids()).toEqual(['broken']));
    expect(main.textContent).toContain('1 of 4');

    await click(query(main, 'button[role="combobox"]'));
    await click(option('All states'));
    await waitInAct(() => expect(ids()).toHaveLength(4));

    expect(header(main, 'Plugin').cell.getAttribute('aria-sort')).toBe('ascending');
    await click(header(main, 'State').button);
    await waitInAct(() => expect(ids()).toEqual(['admin', 'finance', 'reports', 'broken']));
    expect(header(main, 'State').cell.getAttribute('aria-sort')).toBe('ascending');
    await click(header(main, 'State').button);
    await waitInAct(() => expect(ids()).toEqual(['broken', 'reports', 'finance', 'admin']));
    expect(header(main, 'State').cell.getAttribute('aria-sort')).toBe('descending');
    expect(api.requests('GET', 'plugins')).toHaveLength(1);
  });

  it('says when the server reports no plugins', async () => {
    const api = authApi().on('GET', 'plugins', { data: [] });
    const { view } = await renderPluginPage({ plugins: [admin], path: '/plugins', codes: ['JS'], api });
    await waitInAct(() => expect(view.element.textContent).toContain('The server reports no plugins.'), WAIT);
    expect(view.element.querySelector('table')).toBeNull();
    expect(view.element.textContent).toContain(READ_ONLY_EN);
  });

  it('shows a failed read with Try again, which reads again', async () => {
    let calls = 0;
    const api = authApi().on('GET', 'plugins', () =>
      ++calls === 1
        ? jsonResponse(500, { message: 'The inventory is unavailable.' })
        : jsonResponse(200, { data: [ADMIN] }),
    );
    const { view } = await renderPluginPage({ plugins: [admin], path: '/plugins', codes: ['JS'], api });
    await waitInAct(() => expect(view.element.textContent).toContain('The inventory is unavailable.'), WAIT);
    await click(buttonByText(view.element, 'Try again'));
    await waitInAct(() => expect(view.element.querySelector('tr[data-plugin="admin"]')).not.toBeNull(), WAIT);
    expect(api.requests('GET', 'plugins')).toHaveLength(2);
  });

  it('shows, beneath a running plugin, the services it takes (and from whom) and provides, in en and ru', async () => {
    const shop = {
      ...ADMIN,
      id: 'shop',
      titleKey: null,
      services: {
        provides: [],
        offers: [],
        requires: [{ id: 'messenger.notifications', provider: 'messenger' }],
        uses: [{ id: 'finance.spreadsheets', provider: null }],
        extends: [{ id: 'messenger.botHandlers', provider: 'messenger' }],
      },
    };
    const services = async (language: 'en' | 'ru'): Promise<string[]> => {
      const api = authApi().on('GET', 'plugins', { data: [ADMIN, shop] });
      const { view } = await renderPluginPage({ plugins: [admin], path: '/plugins', codes: ['JS'], api, language });
      await waitInAct(
        () => expect(view.element.querySelector('[data-plugin-services-of="shop"]')).not.toBeNull(),
        WAIT,
      );
      expect(view.element.querySelector('[data-plugin-services-of="admin"]')).toBeNull();
      return [...query(view.element, '[data-plugin-services-of="shop"]').querySelectorAll('[data-services]')].map(
        (line) => line.textContent ?? '',
      );
    };
    expect(await services('en')).toEqual([
      'Requires: messenger.notifications from messenger',
      'Uses if present: finance.spreadsheets no plugin provides it',
      'Fills: messenger.botHandlers from messenger',
    ]);
    expect((await services('ru'))[0]).toBe('Требует: messenger.notifications от плагина messenger');
  });

  it('speaks Russian', async () => {
    const api = authApi().on('GET', 'plugins', { data: INVENTORY });
    const { view } = await renderPluginPage({ plugins: [admin], path: '/plugins', codes: ['JS'], api, language: 'ru' });
    await waitInAct(() => expect(view.element.querySelector('tr[data-plugin="reports"]')).not.toBeNull(), WAIT);
    expect(query(view.element, 'h1').textContent).toBe('Плагины');
    expect(query(view.element, '[data-plugins-read-only]').textContent).toBe(
      'Плагины включаются и отключаются в конфигурации сервера (plugins, externalPlugins); изменения вступают в силу после перезапуска.',
    );
    expect(query(row(view.element, 'reports'), '[data-state]').textContent).toBe('Отклонён');
    expect(cells(view.element, 'admin').slice(4)).toEqual(['Встроенный', 'Да', 'Работает', 'Загружен']);
  });

  it('gives a user without JS the host’s no-access page, and never asks for the inventory', async () => {
    const api = authApi().on('GET', 'plugins', { data: INVENTORY });
    const { view, kernel } = await renderPluginPage({
      plugins: [admin],
      path: '/plugins',
      codes: ['JU', 'JA', 'VR'],
      api,
    });
    await waitInAct(() => expect(view.element.querySelector('h1')?.textContent).toBe('No access'), WAIT);
    expect(api.requests('GET', 'plugins')).toHaveLength(0);
    expect(kernel.host.state('admin')).toBe('idle');
  });

  it('is declared in the manifest: JS, in the Admin group with the puzzle icon', () => {
    expect(adminManifest.pages.find((page) => page.path === '/plugins')).toEqual({
      path: '/plugins',
      titleKey: 'admin:nav.plugins',
      requires: 'JS',
      nav: { group: 'admin', icon: 'puzzle' },
    });
  });
});
