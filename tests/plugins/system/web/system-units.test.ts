import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { declaredTextKeys, missingTexts, textAt } from '@core/sdk/testing';
import { systemManifest } from '@plugins/system/manifest';
import { DOMAIN_PURCHASE_STEPS } from '@plugins/system/shared/domain-purchase';
import { SYSTEM_RESOURCES } from '@plugins/system/shared/resources';
import { canZoomIn, canZoomOut, MAP_ZOOM, ZOOM_LEVELS, zoomIn, zoomOut } from '@plugins/system/web/countries/zoom';
import { clampView, panBy, WHOLE_WORLD, zoomAt } from '@plugins/system/web/countries/map-view';
import { daysUntil, expiringIn30Days, expiryTone, PROXY_ENDS } from '@plugins/system/web/expiry/expiry-tone';

describe('map zoom (minimum 1, maximum 12, step 1.5)', () => {
  it('steps by 1.5 from 1 and stops at 12', () => {
    expect(MAP_ZOOM).toEqual({ min: 1, max: 12, step: 1.5 });
    expect(ZOOM_LEVELS).toEqual([1, 2.5, 4, 5.5, 7, 8.5, 10, 11.5, 12]);
    const upward = [1];
    while (canZoomIn(upward.at(-1)!)) upward.push(zoomIn(upward.at(-1)!));
    expect(upward).toEqual(ZOOM_LEVELS);
    const downward = [12];
    while (canZoomOut(downward.at(-1)!)) downward.push(zoomOut(downward.at(-1)!));
    expect(downward).toEqual([...ZOOM_LEVELS].reverse());
  });

  it('stays at the ends and snaps a level between steps onto the next', () => {
    expect(zoomIn(12)).toBe(12);
    expect(zoomOut(1)).toBe(1);
    expect(canZoomIn(12)).toBe(false);
    expect(canZoomOut(1)).toBe(false);
    expect(zoomIn(3)).toBe(4);
    expect(zoomOut(3)).toBe(2.5);
  });

  it('zooms about a point and never lets the map leave its frame', () => {
    const size = { width: 960, height: 500 };
    const zoomed = zoomAt(WHOLE_WORLD, 4, 480, 250, size);
    // The centre stays the centre.
    expect(zoomed.x + 480 * 4).toBeCloseTo(480);
    expect(zoomed.y + 250 * 4).toBeCloseTo(250);
    expect(panBy(zoomed, 10_000, 10_000, size)).toEqual({ zoom: 4, x: 0, y: 0 });
    expect(panBy(zoomed, -10_000, -10_000, size)).toEqual({ zoom: 4, x: 960 * -3, y: 500 * -3 });
    expect(clampView({ zoom: 1, x: 50, y: -50 }, size)).toEqual(WHOLE_WORLD);
  });
});

describe('expiry tones', () => {
  const at = (day: string) => () => new Date(`${day}T12:00:00`);
  it('counts plain days across month and daylight-saving changes', () => {
    expect(daysUntil('2026-04-01', '2026-03-25')).toBe(7);
    expect(daysUntil('2026-03-24', '2026-03-25')).toBe(-1);
    expect(daysUntil(null, '2026-03-25')).toBeNull();
    expect(daysUntil('soon', '2026-03-25')).toBeNull();
  });

  it('warns 30 days before a server or domain expires and flags it once expired', () => {
    const tone = expiryTone(expiringIn30Days('expiry_date'), at('2026-03-01'));
    const row = (expiry_date: string | null) => ({ id: 1, version: 1, created_at: '', updated_at: '', expiry_date });
    expect(tone(row('2026-04-15'))).toBeUndefined();
    expect(tone(row('2026-03-31'))).toEqual({ tone: 'warning', labelKey: 'system:tones.expiresSoon' });
    expect(tone(row('2026-03-01'))).toEqual({ tone: 'warning', labelKey: 'system:tones.expiresSoon' });
    expect(tone(row('2026-02-28'))).toEqual({ tone: 'danger', labelKey: 'system:tones.expired' });
    expect(tone(row(null))).toBeUndefined();
  });

  it('warns 7 days before a proxy ends', () => {
    const tone = expiryTone(PROXY_ENDS, at('2026-03-01'));
    const row = (end_date: string) => ({ id: 1, version: 1, created_at: '', updated_at: '', end_date });
    expect(tone(row('2026-03-09'))).toBeUndefined();
    expect(tone(row('2026-03-08'))).toEqual({ tone: 'warning', labelKey: 'system:tones.endsSoon' });
    expect(tone(row('2026-02-27'))).toEqual({ tone: 'danger', labelKey: 'system:tones.ended' });
  });
});

const bundle = (language: string): unknown =>
  JSON.parse(
    readFileSync(resolve(import.meta.dirname, `../../../../plugins/system/web/i18n/${language}.json`), 'utf8'),
  );

/** Every dotted key of a bundle. */
function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keysOf(inner, prefix ? `${prefix}.${key}` : key));
}

describe('system texts', () => {
  it('en and ru have the same keys', () => {
    expect(keysOf(bundle('ru')).sort()).toEqual(keysOf(bundle('en')).sort());
  });

  it.each(['en', 'ru'])('%s covers every key the manifest and resources name', (language) => {
    expect(missingTexts(bundle(language), 'system', declaredTextKeys(systemManifest, SYSTEM_RESOURCES))).toEqual([]);
  });

  it('names the local adapters as the issue says', () => {
    expect(textAt(bundle('en'), 'fields.adapterValues')).toMatchObject({
      local: 'Local (no purchase)',
      namecheap: 'Namecheap',
      cloudflare: 'Cloudflare',
      proxy6: 'Proxy6',
      none: 'None',
    });
    for (const step of DOMAIN_PURCHASE_STEPS)
      expect(typeof textAt(bundle('ru'), `domainPurchase.steps.${step}`)).toBe('string');
  });
});
