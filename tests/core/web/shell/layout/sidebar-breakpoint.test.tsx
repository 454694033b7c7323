import { describe, expect, it } from 'vitest';
import { act } from 'react';
import { click } from '../../../../support/web/dom';
import { mainNav, navLinkLabels, openShell, pressKey, requireNav, toggleButton, byText } from './shell-harness';

const overlay = (): HTMLElement | null => document.querySelector<HTMLElement>('[data-sidebar-mode="overlay"]');
const docked = (): HTMLElement | null => document.querySelector<HTMLElement>('[data-sidebar-mode="docked"]');
const scrim = (): HTMLElement | null => document.querySelector<HTMLElement>('[data-testid="sidebar-scrim"]');

describe('at 1400 px and wider', () => {
  it('opens the sidebar beside the page', async () => {
    await openShell({ wide: true });
    expect(docked()?.contains(requireNav())).toBe(true);
    expect(overlay()).toBeNull();
    expect(scrim()).toBeNull();
    expect(toggleButton().getAttribute('aria-expanded')).toBe('true');
  });

  it('closes and reopens it with the toggle', async () => {
    await openShell({ wide: true });
    await click(toggleButton());
    expect(mainNav()).toBeNull();
    expect(toggleButton().getAttribute('aria-expanded')).toBe('false');
    await click(toggleButton());
    expect(docked()?.contains(requireNav())).toBe(true);
  });

  it('keeps it open on navigation', async () => {
    const { view } = await openShell({ wide: true });
    await click(byText('Wallets', 'a'));
    expect(view.path()).toBe('/wallets');
    expect(mainNav()).not.toBeNull();
  });
});

describe('below 1400 px', () => {
  it('starts with the sidebar closed', async () => {
    await openShell({ wide: false });
    expect(mainNav()).toBeNull();
    expect(toggleButton().getAttribute('aria-expanded')).toBe('false');
  });

  it('opens it over the page, above a scrim, with focus in the menu', async () => {
    await openShell({ wide: false });
    await click(toggleButton());
    expect(overlay()?.contains(requireNav())).toBe(true);
    expect(docked()).toBeNull();
    expect(scrim()).not.toBeNull();
    expect(requireNav().contains(document.activeElement)).toBe(true);
  });

  it('closes it when the scrim is clicked, handing focus back to the toggle', async () => {
    await openShell({ wide: false });
    toggleButton().focus();
    await click(toggleButton());
    const backdrop = scrim();
    if (!backdrop) throw new Error('no scrim');
    await click(backdrop);
    expect(mainNav()).toBeNull();
    expect(document.activeElement).toBe(toggleButton());
  });

  it('closes it with Escape and with the toggle', async () => {
    await openShell({ wide: false });
    await click(toggleButton());
    await pressKey(requireNav().querySelector('a') ?? requireNav(), 'Escape');
    expect(mainNav()).toBeNull();
    await click(toggleButton());
    expect(mainNav()).not.toBeNull();
    await click(toggleButton());
    expect(mainNav()).toBeNull();
  });

  it('closes it once a link is followed', async () => {
    const { view } = await openShell({ wide: false });
    await click(toggleButton());
    await click(byText('Wallets', 'a'));
    expect(view.path()).toBe('/wallets');
    expect(mainNav()).toBeNull();
  });

  it('shows the horizontal layout’s groups as the vertical list in the overlay', async () => {
    await openShell({ wide: false, layout: 'horizontal', codes: ['FW', 'YE'] });
    expect(mainNav()).toBeNull();
    await click(toggleButton());
    expect(overlay()?.contains(requireNav())).toBe(true);
    expect(requireNav().dataset.layout).toBe('vertical');
    expect(navLinkLabels()).toEqual(['Wallets', 'Servers']);
  });

  it.each(['two-column', 'hovered'] as const)('keeps the %s layout in the overlay', async (layout) => {
    await openShell({ wide: false, layout });
    await click(toggleButton());
    expect(overlay()?.querySelector(`[data-layout="${layout}"]`)).not.toBeNull();
  });
});

describe('crossing the breakpoint', () => {
  it('opens the sidebar when the window widens and closes it when it narrows', async () => {
    const { breakpoint } = await openShell({ wide: false });
    expect(mainNav()).toBeNull();
    await act(async () => breakpoint.setMatches(true));
    expect(docked()?.contains(requireNav())).toBe(true);
    await act(async () => breakpoint.setMatches(false));
    expect(mainNav()).toBeNull();
  });
});

describe('the overlay and the top bar', () => {
  it('closes when the top bar is pressed elsewhere than the toggle, so nothing opens beneath it', async () => {
    await openShell({ wide: false });
    await click(toggleButton());
    const trigger = document.querySelector('[data-testid="profile-menu-trigger"]');
    await act(async () => {
      trigger?.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    });
    expect(mainNav()).toBeNull();
  });

  it('closes when focus moves out of it', async () => {
    await openShell({ wide: false });
    await click(toggleButton());
    const trigger = document.querySelector<HTMLElement>('[data-testid="profile-menu-trigger"]');
    await act(async () => trigger?.focus());
    expect(mainNav()).toBeNull();
    // Focus stays where the user put it.
    expect(document.activeElement).toBe(trigger);
  });
});
