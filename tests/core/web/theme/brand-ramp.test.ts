import { describe, expect, it } from 'vitest';
import { createDarkTheme } from '@fluentui/react-components';
import { brandRamp } from '@core/web/theme/brand-ramp';
import { PALETTE } from '@core/web/theme/palette';

const SHADES = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160] as const;

function channels(hex: string): number[] {
  return [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
}

/** WCAG relative luminance, independent of the OKLCH maths under test. */
function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = channels(hex).map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

function hexOf(rgb: string): string {
  return `#${rgb
    .split(' ')
    .map((v) => Number(v).toString(16).padStart(2, '0'))
    .join('')}`;
}

describe('PALETTE', () => {
  it('has ten distinct presets', () => {
    expect(PALETTE).toHaveLength(10);
    expect(new Set(PALETTE.map((p) => p.id)).size).toBe(10);
    expect(new Set(PALETTE.map((p) => p.rgb)).size).toBe(10);
  });

  it.each(PALETTE)('$id is a valid "R G B" triple that carries white text', ({ rgb }) => {
    expect(rgb).toMatch(/^\d{1,3} \d{1,3} \d{1,3}$/);
    expect(rgb.split(' ').every((v) => Number(v) <= 255)).toBe(true);
    expect(contrast(hexOf(rgb), '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});

describe('brandRamp', () => {
  it.each(PALETTE)('gives 16 monotonic shades around $id', ({ rgb }) => {
    const ramp = brandRamp(rgb);
    expect(Object.keys(ramp).map(Number)).toEqual([...SHADES]);
    for (const shade of SHADES) expect(ramp[shade]).toMatch(/^#[0-9a-f]{6}$/);
    expect(ramp[80]).toBe(hexOf(rgb));
    const lightness = SHADES.map((shade) => luminance(ramp[shade]));
    for (let i = 1; i < lightness.length; i += 1) expect(lightness[i]).toBeGreaterThan(lightness[i - 1] ?? 1);
  });

  it.each(PALETTE)('keeps $id brand text readable on the dark theme background', ({ rgb }) => {
    const ramp = brandRamp(rgb);
    expect(contrast(ramp[110], createDarkTheme(ramp).colorNeutralBackground1)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['20 20 30', '235 240 250', '255 221 0'])('still runs dark to light around the extreme %j', (rgb) => {
    const ramp = brandRamp(rgb);
    for (const shade of SHADES) expect(ramp[shade]).toMatch(/^#[0-9a-f]{6}$/);
    expect(luminance(ramp[10])).toBeLessThan(luminance(ramp[80]));
    expect(luminance(ramp[80])).toBeLessThan(luminance(ramp[160]));
  });

  it.each(['', '1 2', '0 0 256', '#0f6cbd', '1.5 2 3'])('rejects %j', (rgb) => {
    expect(() => brandRamp(rgb)).toThrow(RangeError);
  });
});
