import { describe, expect, it } from 'vitest';
import { act, createElement } from 'react';
import { ProfileMenuItemToken, TopBarItemToken } from '@core/web/kernel/contributions';
import { I18nService } from '@core/web/services/i18n-service';
import { SessionStore } from '@core/web/services/session-store';
import { ThemeService } from '@core/web/services/theme-service';
import { click } from '../../../../support/web/dom';
import { jsonResponse, stubFetch } from '../../../../support/web/fetch';
import { TEST_API, waitInAct, type TestKernel } from '../../../../support/web/test-kernel';
import { byLabel, byText, openShell, pressKey } from './shell-harness';

const profileTrigger = (): HTMLButtonElement => {
  const trigger = document.querySelector<HTMLButtonElement>('[data-testid="profile-menu-trigger"]');
  if (!trigger) throw new Error('no profile menu trigger');
  return trigger;
};
const dialogs = (): HTMLElement[] => [...document.querySelectorAll<HTMLElement>('[role="dialog"]')];

async function openProfileMenu(): Promise<HTMLElement> {
  await click(profileTrigger());
  const panel = byLabel('Profile menu');
  return panel;
}

describe('the top bar', () => {
  it('holds the toggle, the product name, notifications, dark mode, language and the profile', async () => {
    await openShell();
    const header = document.querySelector('header');
    expect(header?.textContent).toContain('Back Office');
    expect(byLabel('Toggle sidebar', header ?? document).tagName).toBe('BUTTON');
    expect(byLabel('Notifications', header ?? document).tagName).toBe('BUTTON');
    expect(byLabel('Language', header ?? document).getAttribute('role')).toBe('combobox');
    const darkMode = [...(header?.querySelectorAll('label') ?? [])].find((label) => label.textContent === 'Dark mode');
    expect(darkMode).toBeDefined();
  });

  it('switches dark mode', async () => {
    const { kernel } = await openShell();
    const input = document.querySelector<HTMLInputElement>('header input[role="switch"]');
    if (!input) throw new Error('no dark-mode switch');
    await click(input);
    expect(kernel.get(ThemeService).scheme).toBe('dark');
    expect(kernel.storage.getItem('color-scheme')).toBe('dark');
  });

  it('opens the page afresh on a language switch, so what it read from the server is read again in the new language', async () => {
    const { kernel } = await openShell();
    const page = () => document.querySelector('main')?.lastElementChild;
    await waitInAct(() => expect(page()).toBeTruthy());
    const before = page();
    await act(async () => {
      await kernel.get(I18nService).setLanguage('ru');
    });
    await waitInAct(() => expect(page()).toBeTruthy());
    expect(page()).not.toBe(before);
  });
});

describe('notifications', () => {
  it('lead to the notifications page', async () => {
    const { view } = await openShell();
    await click(byLabel('Notifications'));
    // The panel's content loads on the bell's first opening.
    await waitInAct(() => expect(() => byText('View all notifications', 'a')).not.toThrow());
    await click(byText('View all notifications', 'a'));
    expect(view.path()).toBe('/notifications');
  });
});

describe('the profile menu', () => {
  it('shows the username and e-mail on its button and in the panel', async () => {
    await openShell();
    expect(profileTrigger().textContent).toContain('ann');
    expect(profileTrigger().textContent).toContain('ann@example.com');
    const panel = await openProfileMenu();
    expect(panel.textContent).toContain('ann');
    expect(panel.textContent).toContain('ann@example.com');
  });

  it.each([
    ['My profile', '/profile'],
    ['Messages', '/dashboards/messaging'],
    ['Settings', '/settings'],
  ])('goes to %s (%s)', async (label, path) => {
    const { view } = await openShell();
    await openProfileMenu();
    const link = byText<HTMLAnchorElement>(label, 'a');
    expect(link.getAttribute('href')).toBe(path);
    await click(link);
    expect(view.path()).toBe(path);
    // The panel closes behind the navigation.
    await waitInAct(() => expect(document.querySelector('[aria-label="Profile menu"]')).toBeNull());
  });

  it('opens Help: keyboard shortcuts and the modules with their versions', async () => {
    await openShell();
    await openProfileMenu();
    await click(byText('Help', 'button'));
    await waitInAct(() =>
      expect(dialogs().some((dialog) => dialog.textContent?.includes('Keyboard shortcuts'))).toBe(true),
    );
    const help = dialogs().find((dialog) => dialog.textContent?.includes('Keyboard shortcuts'));
    expect(help?.textContent).toContain('Help: Back Office');
    expect(help?.textContent).toContain('version 0.0.1');
    await click(byText('Close', 'button'));
    await waitInAct(() =>
      expect(dialogs().some((dialog) => dialog.textContent?.includes('Keyboard shortcuts'))).toBe(false),
    );
  });

  it('signs out with Logout and goes to the sign-in page', async () => {
    const seen = stubFetch(() => jsonResponse(200, { data: null }));
    const { kernel, view } = await openShell();
    await openProfileMenu();
    const logout = byText<HTMLButtonElement>('Logout', 'button');
    await click(logout);
    await waitInAct(() => expect(view.path()).toBe('/login'));
    expect(seen.map((request) => `${request.method} ${request.url}`)).toContain(`POST ${TEST_API}auth/auth/logout`);
    expect(kernel.get(SessionStore).user).toBeNull();
  });
});

function bindSlots(kernel: TestKernel): void {
  const item = (text: string) =>
    function SlotItem() {
      return createElement('span', { 'data-testid': 'slot-item' }, text);
    };
  kernel.container.bind(TopBarItemToken).toConstantValue({ id: 'open', component: item('top bar for all'), order: 2 });
  kernel.container
    .bind(TopBarItemToken)
    .toConstantValue({ id: 'users', component: item('top bar for JU'), requires: 'JU', order: 1 });
  kernel.container
    .bind(ProfileMenuItemToken)
    .toConstantValue({ id: 'bots', component: item('profile for MB'), requires: 'MB' });
}

const slotTexts = (): string[] =>
  [...document.querySelectorAll('[data-testid="slot-item"]')].map((item) => item.textContent ?? '');

describe('slot contributions', () => {
  it('appear, in their order, for a user holding their codes', async () => {
    await openShell({ codes: ['JU', 'MB'], prepare: bindSlots });
    expect(slotTexts()).toEqual(['top bar for JU', 'top bar for all']);
    await openProfileMenu();
    expect(slotTexts()).toContain('profile for MB');
  });

  it('stay hidden from a user without their codes', async () => {
    await openShell({ codes: ['FW'], prepare: bindSlots });
    expect(slotTexts()).toEqual(['top bar for all']);
    await openProfileMenu();
    expect(slotTexts()).not.toContain('profile for MB');
  });

  it('follow a change of codes at once', async () => {
    const { kernel } = await openShell({ codes: ['FW'], prepare: bindSlots });
    const session = kernel.get(SessionStore);
    const user = session.user;
    if (!user) throw new Error('no user');
    await act(async () => session.setUser({ ...user, permissions: ['FW', 'JU'] }));
    expect(slotTexts()).toEqual(['top bar for JU', 'top bar for all']);
  });
});

describe('the top bar panels', () => {
  it('close on Escape and hand focus back to their button', async () => {
    await openShell();
    const panel = await openProfileMenu();
    expect(panel.contains(document.activeElement)).toBe(true);
    expect(profileTrigger().getAttribute('aria-expanded')).toBe('true');
    await pressKey(document.activeElement ?? panel, 'Escape');
    expect(document.querySelector('[aria-label="Profile menu"]')).toBeNull();
    expect(document.activeElement).toBe(profileTrigger());
  });

  it('close on a press outside them', async () => {
    await openShell();
    await click(byLabel('Notifications'));
    const viewAll = () =>
      [...document.querySelectorAll('a')].filter((link) => link.textContent === 'View all notifications');
    expect(viewAll()).toHaveLength(1);
    await act(async () => {
      document.querySelector('main')?.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    });
    expect(viewAll()).toHaveLength(0);
  });

  it('leave no hidden focus guards in the page until a dialog is first opened', async () => {
    // Fluent's dialogs register tabster's modalizer on mount, which adds aria-hidden focusable
    // elements that accessibility scanners flag (microsoft/tabster#288).
    await openShell();
    expect(dialogs()).toEqual([]);
    expect(document.querySelector('[data-tabster-dummy]')).toBeNull();
    await openProfileMenu();
    expect(document.querySelector('[data-tabster-dummy]')).toBeNull();
  });
});
