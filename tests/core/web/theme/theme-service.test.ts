import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Container } from 'inversify';
import { BrowserStorage } from '@core/web/kernel/environment';
import { ThemeService } from '@core/web/services/theme-service';
import { brandRamp } from '@core/web/theme/brand-ramp';
import { ColorSchemeQueryToken, DARK_SCHEME_MEDIA } from '@core/web/theme/color-scheme-query';
import { PALETTE } from '@core/web/theme/palette';

/** Stands in for `matchMedia('(prefers-color-scheme: dark)')`, with a switch for the system setting. */
class FakeColorSchemeQuery extends EventTarget implements MediaQueryList {
  readonly media = DARK_SCHEME_MEDIA;
  onchange: ((this: MediaQueryList, event: MediaQueryListEvent) => unknown) | null = null;
  matches: boolean;

  constructor(dark: boolean) {
    super();
    this.matches = dark;
  }

  setSystemDark(dark: boolean): void {
    this.matches = dark;
    this.dispatchEvent(new Event('change'));
  }

  // The deprecated listener API; the service must use addEventListener instead.
  addListener(): void {
    throw new Error('addListener is deprecated');
  }

  removeListener(): void {
    throw new Error('removeListener is deprecated');
  }
}

const started: ThemeService[] = [];

function start(systemDark = false): { theme: ThemeService; system: FakeColorSchemeQuery } {
  const system = new FakeColorSchemeQuery(systemDark);
  const theme = new ThemeService(localStorage, system);
  started.push(theme);
  return { theme, system };
}

beforeEach(() => {
  localStorage.clear();
});

// Services left running would keep writing to the shared document element.
afterEach(() => {
  for (const theme of started.splice(0)) theme.dispose();
});

describe('ThemeService colour scheme', () => {
  it('follows the system until the user chooses', () => {
    const { theme, system } = start(true);
    expect(theme.preference).toBe('auto');
    expect(theme.scheme).toBe('dark');
    system.setSystemDark(false);
    expect(theme.scheme).toBe('light');

    theme.setScheme('dark');
    expect(theme.preference).toBe('dark');
    system.setSystemDark(true);
    system.setSystemDark(false);
    expect(theme.scheme).toBe('dark');
  });

  it('persists an explicit choice', () => {
    start(true).theme.setScheme('light');
    expect(localStorage.getItem('color-scheme')).toBe('light');
    const { theme } = start(true);
    expect(theme.preference).toBe('light');
    expect(theme.scheme).toBe('light');
  });

  it('returns to automatic when the choice equals the system scheme', () => {
    const { theme, system } = start(false);
    theme.setScheme('dark');
    theme.setScheme('light');
    expect(theme.preference).toBe('auto');
    expect(localStorage.getItem('color-scheme')).toBeNull();
    system.setSystemDark(true);
    expect(theme.scheme).toBe('dark');
  });

  it('toggles between the two schemes', () => {
    const { theme } = start(false);
    theme.toggle();
    expect(theme.scheme).toBe('dark');
    expect(theme.preference).toBe('dark');
    theme.toggle();
    expect(theme.scheme).toBe('light');
    expect(theme.preference).toBe('auto');
  });

  it('treats an unknown stored scheme as automatic', () => {
    localStorage.setItem('color-scheme', 'sepia');
    const { theme } = start(true);
    expect(theme.preference).toBe('auto');
    expect(theme.scheme).toBe('dark');
  });

  it('marks the document with the scheme in effect, system changes included', () => {
    const { system } = start(false);
    const root = document.documentElement;
    expect(root.dataset.theme).toBe('light');
    expect(root.style.colorScheme).toBe('light');
    system.setSystemDark(true);
    expect(root.dataset.theme).toBe('dark');
    expect(root.style.colorScheme).toBe('dark');
  });

  it('stops following the system once the container lets it go', async () => {
    const system = new FakeColorSchemeQuery(false);
    const container = new Container({ defaultScope: 'Singleton' });
    container.bind(BrowserStorage).toConstantValue(localStorage);
    container.bind(ColorSchemeQueryToken).toConstantValue(system);
    container.bind(ThemeService).toSelf();
    const theme = container.get(ThemeService);
    await container.unbind(ThemeService);
    system.setSystemDark(true);
    expect(theme.scheme).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');
  });
});

describe('ThemeService primary colour', () => {
  it('defaults to the first preset', () => {
    const { theme } = start();
    expect(theme.primaryColor).toBe(PALETTE[0].id);
  });

  it('persists the chosen preset', () => {
    start().theme.setPrimaryColor('green');
    expect(localStorage.getItem('primary-color')).toBe('green');
    expect(start().theme.primaryColor).toBe('green');
  });

  it('falls back to the default for an unknown stored preset', () => {
    localStorage.setItem('primary-color', 'chartreuse');
    expect(start().theme.primaryColor).toBe(PALETTE[0].id);
  });

  it('builds the Fluent theme from the preset and the scheme', () => {
    const { theme } = start(false);
    theme.setPrimaryColor('teal');
    const ramp = brandRamp('15 118 110');
    expect(theme.fluentTheme.colorBrandBackground).toBe(ramp[80]);
    expect(theme.fluentTheme.colorNeutralBackground1).toBe('#ffffff');
    theme.setScheme('dark');
    expect(theme.fluentTheme.colorNeutralBackground1).not.toBe('#ffffff');
    expect(theme.fluentTheme.colorBrandForeground1).toBe(ramp[110]);
    expect(theme.fluentTheme.colorBrandForeground2).toBe(ramp[120]);
  });
});

describe('ThemeService layout and direction', () => {
  it('defaults to a vertical, left-to-right layout', () => {
    const { theme } = start();
    expect(theme.layout).toBe('vertical');
    expect(theme.dir).toBe('ltr');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('persists layout and direction and applies the direction to the document', () => {
    const first = start().theme;
    first.setLayout('two-column');
    first.setDir('rtl');
    expect(document.documentElement.dir).toBe('rtl');
    expect(localStorage.getItem('layout')).toBe('two-column');
    expect(localStorage.getItem('dir')).toBe('rtl');
    const { theme } = start();
    expect(theme.layout).toBe('two-column');
    expect(theme.dir).toBe('rtl');
  });

  it('ignores invalid stored values', () => {
    localStorage.setItem('layout', 'diagonal');
    localStorage.setItem('dir', 'up');
    const { theme } = start();
    expect(theme.layout).toBe('vertical');
    expect(theme.dir).toBe('ltr');
  });
});
