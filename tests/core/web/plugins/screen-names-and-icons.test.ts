import { describe, expect, it } from 'vitest';
import type { PluginManifest } from '@core/shared/manifest';
import { entriesSharingName, entryKey, sidebarGroups, type PluginSidebarEntry } from '@core/web/plugins/navigation';
import { ICONS, entryIcon } from '@core/web/shell/layout/icons';
import { adminManifest } from '@plugins/admin/manifest';
import { financeManifest } from '@plugins/finance/manifest';
import { messengerManifest } from '@plugins/messenger/manifest';
import { shopManifest } from '@plugins/shop/manifest';
import { socialManifest } from '@plugins/social/manifest';
import { systemManifest } from '@plugins/system/manifest';
import { trackerManifest } from '@plugins/tracker/manifest';
import adminEn from '@plugins/admin/web/i18n/en.json';
import financeEn from '@plugins/finance/web/i18n/en.json';
import messengerEn from '@plugins/messenger/web/i18n/en.json';
import shopEn from '@plugins/shop/web/i18n/en.json';
import socialEn from '@plugins/social/web/i18n/en.json';
import systemEn from '@plugins/system/web/i18n/en.json';
import trackerEn from '@plugins/tracker/web/i18n/en.json';

const MANIFESTS: readonly PluginManifest[] = [
  adminManifest,
  financeManifest,
  messengerManifest,
  shopManifest,
  socialManifest,
  systemManifest,
  trackerManifest,
];
const STRINGS: Readonly<Record<string, unknown>> = {
  admin: adminEn,
  finance: financeEn,
  messenger: messengerEn,
  shop: shopEn,
  social: socialEn,
  system: systemEn,
  tracker: trackerEn,
};

/** `ns:a.b` in the plugins' English strings, as the sidebar shows it. */
function english(key: string): string {
  const [namespace = '', path = ''] = key.split(':');
  const found = path
    .split('.')
    .reduce<unknown>(
      (node, part) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined),
      STRINGS[namespace],
    );
  if (typeof found !== 'string') throw new Error(`no English string for ${key}`);
  return found;
}

const groups = sidebarGroups(MANIFESTS, () => true);
const entries: PluginSidebarEntry[] = groups.flatMap((group) => group.entries);

describe('screens that share a name across areas', () => {
  it('are found from the navigation: the six names two areas both use, and nothing else', () => {
    const shared = entriesSharingName(groups, (entry) => english(entry.labelKey));
    const named = entries
      .filter((entry) => shared.has(entryKey(entry)))
      .map((entry) => `${entry.group}: ${english(entry.labelKey)}`);
    expect(named.sort()).toEqual(
      [
        'admin: Articles',
        'finance: Articles',
        'finance: Positions',
        'shop: Positions',
        'finance: Projects',
        'system: Projects',
        'finance: Verticals',
        'tracker: Verticals',
        'shop: Reports',
        'social: Reports',
        'social: Services',
        'system: Services',
      ].sort(),
    );
  });

  it('ignores case and spaces, and never pairs two entries of one group', () => {
    const group = (name: 'finance' | 'shop', ...labels: string[]) => ({
      group: name,
      entries: labels.map((label, index) => ({
        pluginId: name,
        id: `/${name}-${index}`,
        path: `/${name}-${index}`,
        labelKey: label,
        group: name,
        requires: 'JA' as const,
      })),
    });
    const shared = entriesSharingName(
      [group('finance', 'Orders', 'Orders'), group('shop', ' positions', 'Teams')],
      (entry) => entry.labelKey,
    );
    expect(shared.size).toBe(0);
    expect(
      entriesSharingName([group('finance', 'Positions'), group('shop', ' positions ')], (entry) => entry.labelKey),
    ).toEqual(new Set(['finance./finance-0', 'shop./shop-0']));
  });
});

describe('sidebar icons of the seven plugins', () => {
  it('are each named in the kernel set and no two entries share one', () => {
    for (const entry of entries)
      expect(Object.hasOwn(ICONS, entry.icon ?? ''), `${entry.path}: ${entry.icon}`).toBe(true);
    const icons = entries.map((entry) => entryIcon(entry.icon, entry.group));
    const shared = entries.filter((entry, index) => icons.indexOf(icons[index]!) !== index).map((entry) => entry.path);
    expect(shared).toEqual([]);
    expect(entries).toHaveLength(69);
  });
});
