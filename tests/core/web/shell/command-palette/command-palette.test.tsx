import { beforeEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { Outlet, useLocation, type RouteObject } from 'react-router-dom';
import type { Language } from '@core/shared/runtime-config';
import { CommandPalette } from '@core/web/shell/command-palette/CommandPalette';
import { click, query, typeInto } from '../../../../support/web/dom';
import { jsonResponse, stubFetch } from '../../../../support/web/fetch';
import { createTestKernel, renderRoutesInKernel, testUser, waitInAct } from '../../../../support/web/test-kernel';
import { testNavPage, testPlugin } from '../../../../support/web/test-plugin';

/** Screens behind different codes; the user below holds FW, FT and JU but neither JQ nor JT. */
function screensPlugin() {
  return testPlugin({
    id: 'test',
    pages: [
      testNavPage('wallets', '/wallets', { group: 'finance', requires: 'FW' }),
      testNavPage('transactions', '/transactions', { group: 'finance', requires: 'FT', order: 1 }),
      testNavPage('users', '/users', { group: 'admin', requires: 'JU' }),
      testNavPage('roles', '/roles-permissions', { group: 'admin', requires: { anyOf: ['JQ', 'JT'] } }),
    ],
    bundles: {
      en: {
        title: 'Test',
        nav: { wallets: 'Wallets', transactions: 'Transactions', users: 'Users', roles: 'Roles and permissions' },
      },
      ru: {
        title: 'Тест',
        nav: { wallets: 'Кошельки', transactions: 'Транзакции', users: 'Пользователи', roles: 'Роли и права' },
      },
    },
  });
}

/** Every page says where it is and holds a field, so a test can type in the page as a user would. */
function WherePage() {
  const { pathname } = useLocation();
  return (
    <>
      <p data-testid="page">page at {pathname}</p>
      <input aria-label="page field" />
    </>
  );
}

/**
 * The palette above the pages, as the shell mounts it. The pages are stand-ins rather than the
 * app's route table, so these tests exercise the palette alone.
 */
const PALETTE_ROUTES: RouteObject[] = [
  {
    element: (
      <>
        <CommandPalette />
        <Outlet />
      </>
    ),
    children: [{ path: '*', element: <WherePage /> }],
  },
];

async function openApp({ language = 'en' as Language, codes = ['FW', 'FT', 'JU'] } = {}) {
  const kernel = await createTestKernel({ plugins: [screensPlugin()], user: testUser(codes), language });
  const view = await renderRoutesInKernel(kernel, PALETTE_ROUTES, { path: '/dashboard/main' });
  expect(view.element.textContent).toContain('page at /dashboard/main');
  return { kernel, view };
}

async function press(target: EventTarget, key: string, init: KeyboardEventInit = {}): Promise<KeyboardEvent> {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  await act(async () => {
    target.dispatchEvent(event);
  });
  return event;
}

const dialog = (): HTMLElement | null => document.querySelector<HTMLElement>('[role="dialog"]');
// Scoped to the dialog: the shell's language picker is a combobox too.
const combobox = (): HTMLInputElement => query<HTMLInputElement>(document, '[role="dialog"] input[role="combobox"]');
const options = (): HTMLElement[] => [...document.querySelectorAll<HTMLElement>('[role="option"]')];
const optionLabels = (): string[] => options().map((option) => option.firstElementChild?.textContent ?? '');

async function openPalette(
  target: EventTarget = document.body,
  init: KeyboardEventInit = { ctrlKey: true },
): Promise<KeyboardEvent> {
  const event = await press(target, 'k', init);
  await waitInAct(() => expect(options().length).toBeGreaterThan(0));
  return event;
}

/** The page's field, focused, as if the user were typing in a form. */
function focusedField(): HTMLInputElement {
  const field = query<HTMLInputElement>(document, 'input[aria-label="page field"]');
  field.focus();
  return field;
}

describe('CommandPalette', () => {
  // Typing two characters also searches records (record-search.test.tsx): here it finds none.
  beforeEach(() => {
    stubFetch(async (request) =>
      jsonResponse(200, { data: request.url.endsWith('auth/resources') ? [] : { groups: [], unreached: [] } }),
    );
  });

  it('is closed until asked for', async () => {
    await openApp();
    expect(dialog()).toBeNull();
    await press(document.body, 'k');
    await press(document.body, 'k', { ctrlKey: true, shiftKey: true });
    expect(dialog()).toBeNull();
  });

  it('opens with Ctrl+K, taking the key from the browser, and focuses its search field', async () => {
    await openApp();
    const event = await openPalette(document.body, { ctrlKey: true });
    expect(event.defaultPrevented).toBe(true);
    expect(dialog()).not.toBeNull();
    expect(document.activeElement).toBe(combobox());
    expect(combobox().placeholder).toBe('Search screens and records…');
  });

  it('opens with Cmd+K', async () => {
    await openApp();
    const event = await openPalette(document.body, { metaKey: true });
    expect(event.defaultPrevented).toBe(true);
    expect(dialog()).not.toBeNull();
  });

  it('opens while focus is in a field, and gives focus back to it on Escape', async () => {
    await openApp();
    const field = focusedField();
    await openPalette(field, { ctrlKey: true });
    expect(document.activeElement).toBe(combobox());
    await press(combobox(), 'Escape');
    await waitInAct(() => expect(dialog()).toBeNull());
    expect(document.activeElement).toBe(field);
  });

  it('opens by the physical K key on a Cyrillic layout', async () => {
    await openApp();
    await openPalette(document.body, { ctrlKey: true, code: 'KeyK', key: 'л' });
    expect(dialog()).not.toBeNull();
  });

  it('closes on a click outside it', async () => {
    await openApp();
    const field = focusedField();
    await openPalette(field);
    await click(query(document, '.fui-DialogSurface__backdrop'));
    await waitInAct(() => expect(dialog()).toBeNull());
    expect(document.activeElement).toBe(field);
  });

  it('lists the dashboard, the profile and the permitted screens with their groups, never a forbidden one', async () => {
    await openApp();
    await openPalette();
    expect(optionLabels()).toEqual(['Dashboard', 'My profile', 'Wallets', 'Transactions', 'Users']);
    expect(options().map((option) => option.lastElementChild?.textContent)).toEqual([
      'General',
      'General',
      'Finance',
      'Finance',
      'Admin',
    ]);
    await typeInto(combobox(), 'roles');
    expect(optionLabels()).toEqual([]);
    await typeInto(combobox(), 'admin');
    expect(optionLabels()).toEqual(['Users']);
  });

  it('lists a screen once the user holds its code', async () => {
    await openApp({ codes: ['JT'] });
    await openPalette();
    expect(optionLabels()).toEqual(['Dashboard', 'My profile', 'Roles and permissions']);
  });

  it('filters as the user types, best match first', async () => {
    await openApp();
    await openPalette();
    await typeInto(combobox(), 'TRANS');
    expect(optionLabels()).toEqual(['Transactions']);
    await typeInto(combobox(), 'fin');
    expect(optionLabels()).toEqual(['Wallets', 'Transactions']);
    await typeInto(combobox(), 'prof');
    expect(optionLabels()).toEqual(['My profile']);
  });

  it("says 'Nothing found' when nothing matches", async () => {
    await openApp();
    await openPalette();
    expect(dialog()?.textContent).not.toContain('Nothing found');
    await typeInto(combobox(), 'qwerty');
    expect(options()).toEqual([]);
    await waitInAct(() => expect(dialog()?.textContent).toContain('Nothing found'));
    expect(combobox().getAttribute('aria-activedescendant')).toBeNull();
  });

  it('is a labelled dialog with a combobox driving a listbox', async () => {
    await openApp();
    await openPalette();
    expect(dialog()?.getAttribute('aria-label')).toBe('Go to a screen or record');
    expect(dialog()?.getAttribute('aria-modal')).toBe('true');
    const listbox = query(document, '[role="listbox"]');
    expect(combobox().getAttribute('aria-controls')).toBe(listbox.id);
    expect(combobox().getAttribute('aria-expanded')).toBe('true');
    const [first, second] = options();
    expect(combobox().getAttribute('aria-activedescendant')).toBe(first?.id);
    expect(first?.getAttribute('aria-selected')).toBe('true');
    expect(second?.getAttribute('aria-selected')).toBe('false');
  });

  it('moves the active option with the arrows, wrapping, and opens it with Enter', async () => {
    const { view } = await openApp();
    await openPalette();
    await typeInto(combobox(), 'fin');
    const down = await press(combobox(), 'ArrowDown');
    expect(down.defaultPrevented).toBe(true);
    const active = () => options().find((option) => option.getAttribute('aria-selected') === 'true');
    expect(active()?.textContent).toContain('Transactions');
    expect(combobox().getAttribute('aria-activedescendant')).toBe(active()?.id);
    await press(combobox(), 'ArrowDown');
    expect(active()?.textContent).toContain('Wallets');
    await press(combobox(), 'ArrowUp');
    expect(active()?.textContent).toContain('Transactions');
    await press(combobox(), 'Enter');
    await waitInAct(() => expect(view.element.textContent).toContain('page at /transactions'));
    expect(view.path()).toBe('/transactions');
    expect(dialog()).toBeNull();
  });

  it('opens a screen on a click', async () => {
    const { view } = await openApp();
    await openPalette();
    const users = options().find((option) => option.textContent?.includes('Users'));
    if (!users) throw new Error('no Users option');
    await click(users);
    await waitInAct(() => expect(view.path()).toBe('/users'));
    expect(dialog()).toBeNull();
  });

  it('shows and matches Russian labels when the language is Russian, and the English ones too', async () => {
    await openApp({ language: 'ru' });
    await openPalette();
    expect(combobox().placeholder).toBe('Поиск разделов и записей…');
    expect(optionLabels()).toEqual(['Панель', 'Мой профиль', 'Кошельки', 'Транзакции', 'Пользователи']);
    expect(options()[2]?.lastElementChild?.textContent).toBe('Финансы');
    await typeInto(combobox(), 'кош');
    expect(optionLabels()).toEqual(['Кошельки']);
    await typeInto(combobox(), 'wallets');
    expect(optionLabels()).toEqual(['Кошельки']);
    await typeInto(combobox(), 'финансы');
    expect(optionLabels()).toEqual(['Кошельки', 'Транзакции']);
    await typeInto(combobox(), 'нет такого');
    await waitInAct(() => expect(dialog()?.textContent).toContain('Ничего не найдено'));
  });

  it('starts afresh each time it opens', async () => {
    await openApp();
    await openPalette();
    await typeInto(combobox(), 'wal');
    await press(combobox(), 'Escape');
    await waitInAct(() => expect(dialog()).toBeNull());
    await openPalette();
    expect(combobox().value).toBe('');
    expect(optionLabels()).toHaveLength(5);
    expect(options()[0]?.getAttribute('aria-selected')).toBe('true');
  });

  it('follows a change of language', async () => {
    const { kernel } = await openApp();
    await act(async () => kernel.i18n.setLanguage('ru'));
    await openPalette();
    expect(optionLabels()).toContain('Кошельки');
  });
});
