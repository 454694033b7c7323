import { describe, expect, it } from 'vitest';
import { ThemeService } from '@core/web/services/theme-service';
import { PALETTE } from '@core/web/theme/palette';
import { click } from '../../../../support/web/dom';
import { waitInAct } from '../../../../support/web/test-kernel';
import { byLabel, openShell, requireNav } from './shell-harness';

const drawer = (): HTMLElement | null =>
  [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].find((dialog) =>
    dialog.textContent?.includes('Theme customizer'),
  ) ?? null;

/** The floating button, shown once the browser is idle after the shell's first render. */
async function customizerButton(): Promise<HTMLButtonElement> {
  await waitInAct(() => expect(document.querySelector('[aria-label="Customize theme"]')).not.toBeNull());
  return byLabel<HTMLButtonElement>('Customize theme');
}

async function openCustomizer(): Promise<HTMLElement> {
  await click(await customizerButton());
  await waitInAct(() => expect(drawer()).not.toBeNull());
  const panel = drawer();
  if (!panel) throw new Error('the customizer did not open');
  return panel;
}

/** The radio (a native input or a swatch) whose accessible name is `name`. */
function radio(panel: HTMLElement, name: string): HTMLElement {
  const swatch = panel.querySelector<HTMLElement>(`[role="radio"][aria-label="${name}"]`);
  if (swatch) return swatch;
  const label = [...panel.querySelectorAll('label')].find((candidate) => candidate.textContent?.trim() === name);
  const input = label?.htmlFor ? panel.querySelector<HTMLInputElement>(`#${CSS.escape(label.htmlFor)}`) : null;
  if (!input) throw new Error(`no radio named "${name}"`);
  return input;
}

describe('the theme customizer', () => {
  it('opens from a floating button into a labelled drawer', async () => {
    await openShell();
    const button = await customizerButton();
    expect(button.tagName).toBe('BUTTON');
    const panel = await openCustomizer();
    expect(panel.getAttribute('aria-labelledby')).toBeTruthy();
    expect(panel.textContent).toContain('Colour scheme');
    expect(panel.textContent).toContain('Primary colour');
    expect(panel.textContent).toContain('Sidebar layout');
  });

  it('switches to the dark scheme at once and remembers it', async () => {
    const { kernel } = await openShell();
    const panel = await openCustomizer();
    const dark = panel.querySelector<HTMLInputElement>('input[role="switch"]');
    if (!dark) throw new Error('no dark switch');
    await click(dark);
    expect(kernel.get(ThemeService).scheme).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(kernel.storage.getItem('color-scheme')).toBe('dark');
  });

  it('offers the ten presets as named swatches with the current one checked', async () => {
    await openShell();
    const panel = await openCustomizer();
    const group = panel.querySelector('[role="radiogroup"]');
    const swatches = [...(group?.querySelectorAll<HTMLElement>('[role="radio"]') ?? [])];
    expect(swatches.map((swatch) => swatch.getAttribute('aria-label'))).toEqual([
      'Blue',
      'Indigo',
      'Violet',
      'Berry',
      'Red',
      'Orange',
      'Amber',
      'Green',
      'Teal',
      'Slate',
    ]);
    expect(swatches).toHaveLength(PALETTE.length);
    expect(
      swatches
        .filter((swatch) => swatch.getAttribute('aria-checked') === 'true')
        .map((swatch) => swatch.getAttribute('aria-label')),
    ).toEqual(['Blue']);
  });

  it('applies a preset at once and remembers it', async () => {
    const { kernel } = await openShell();
    const panel = await openCustomizer();
    await click(radio(panel, 'Green'));
    expect(kernel.get(ThemeService).primaryColor).toBe('green');
    expect(kernel.storage.getItem('primary-color')).toBe('green');
    expect(radio(panel, 'Green').getAttribute('aria-checked')).toBe('true');
    expect(radio(panel, 'Blue').getAttribute('aria-checked')).toBe('false');
  });

  it('changes the layout at once, behind the open drawer', async () => {
    const { kernel } = await openShell();
    const panel = await openCustomizer();
    for (const [name, layout] of [
      ['Two Column', 'two-column'],
      ['Hovered', 'hovered'],
      ['Horizontal', 'horizontal'],
      ['Vertical', 'vertical'],
    ] as const) {
      await click(radio(panel, name));
      expect(kernel.get(ThemeService).layout).toBe(layout);
      expect(requireNav().closest(`[data-layout="${layout}"]`)).not.toBeNull();
      expect((radio(panel, name) as HTMLInputElement).checked).toBe(true);
    }
  });

  it('sets the text direction', async () => {
    const { kernel } = await openShell();
    const panel = await openCustomizer();
    await click(radio(panel, 'Right to left'));
    expect(kernel.get(ThemeService).dir).toBe('rtl');
    expect(document.documentElement.dir).toBe('rtl');
    expect(kernel.storage.getItem('dir')).toBe('rtl');
  });

  it('makes choices that survive a reload', async () => {
    const first = await openShell();
    const panel = await openCustomizer();
    await click(radio(panel, 'Hovered'));
    await click(radio(panel, 'Teal'));
    const stored = first.kernel.storage.snapshot();
    await first.view.unmount();
    await first.kernel.dispose();

    const second = await openShell({ storage: stored });
    const theme = second.kernel.get(ThemeService);
    expect([theme.layout, theme.primaryColor]).toEqual(['hovered', 'teal']);
    expect(requireNav().closest('[data-layout="hovered"]')).not.toBeNull();
  });
});
