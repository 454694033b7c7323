import { describe, expect, it, vi } from 'vitest';
import { MENU_GROUPS, type PluginManifest, type PluginPage } from '@core/shared/manifest';
import { satisfies, type PermissionRequirement } from '@core/shared/permissions';
import { enabledPlugins } from '@core/web/kernel/create-kernel';
import { pluginRouteTable, sidebarGroups } from '@core/web/plugins/navigation';
import { testManifest, testNavPage, testPlugin } from '../../../support/web/test-plugin';

function manifestWith(id: string, pages: PluginPage[]): PluginManifest {
  return testManifest(id, { pages });
}

function userWith(...codes: string[]): (requirement: PermissionRequirement) => boolean {
  const held = new Set(codes);
  return (requirement) => satisfies(held, requirement);
}

/** `group: entry ids` per group, the shape the sidebar renders. */
function outline(groups: ReturnType<typeof sidebarGroups>): string[] {
  return groups.map(
    ({ group, entries }) => `${group}: ${entries.map((entry) => entry.labelKey.replace('test:nav.', '')).join(', ')}`,
  );
}

describe('sidebarGroups', () => {
  const admin = manifestWith('admin', [
    testNavPage('articles', '/article', { group: 'admin', requires: 'JA' }),
    testNavPage('users', '/users', { group: 'admin', requires: 'JU' }),
    testNavPage('roles', '/roles', { group: 'admin', requires: { anyOf: ['JQ', 'JT'] } }),
  ]);
  const finance = manifestWith('finance', [
    testNavPage('wallets', '/wallets', { group: 'finance', requires: 'FW' }),
    testNavPage('verticals', '/verticals', { group: 'lists', requires: 'FL' }),
  ]);

  it('shows only the entries the user may open', () => {
    expect(outline(sidebarGroups([admin, finance], userWith('JA', 'FW')))).toEqual([
      'finance: wallets',
      'admin: articles',
    ]);
  });

  it('tags each entry with the plugin that declares it', () => {
    const [group] = sidebarGroups([finance], userWith('FW'));
    expect(group?.entries).toEqual([
      {
        pluginId: 'finance',
        id: '/wallets',
        path: '/wallets',
        labelKey: 'test:nav.wallets',
        group: 'finance',
        requires: 'FW',
      },
    ]);
  });

  it('drops a group with no entry left', () => {
    const groups = sidebarGroups([admin, finance], userWith('FW', 'FL'));
    expect(groups.map((group) => group.group)).toEqual(['lists', 'finance']);
  });

  it('is empty for a user without codes', () => {
    expect(sidebarGroups([admin, finance], userWith())).toEqual([]);
  });

  it('accepts either code of an anyOf requirement (JQ or JT)', () => {
    expect(outline(sidebarGroups([admin], userWith('JQ')))).toEqual(['admin: roles']);
    expect(outline(sidebarGroups([admin], userWith('JT')))).toEqual(['admin: roles']);
    expect(sidebarGroups([admin], userWith('JS'))).toEqual([]);
  });

  it('asks about each entry’s own requirement', () => {
    const allows = vi.fn(userWith('JA'));
    sidebarGroups([admin], allows);
    expect(allows.mock.calls).toEqual([['JA'], ['JU'], [{ anyOf: ['JQ', 'JT'] }]]);
  });

  it('orders groups as MENU_GROUPS does, whatever order the plugins declare them in', () => {
    const reversed = [...MENU_GROUPS].reverse();
    const everything = manifestWith(
      'everything',
      reversed.map((group) => testNavPage(group, `/${group}`, { group, requires: 'JA' })),
    );
    expect(sidebarGroups([everything], userWith('JA')).map((group) => group.group)).toEqual([...MENU_GROUPS]);
  });

  it('puts groups it does not know after the known ones, alphabetically', () => {
    const thirdParty = manifestWith('third-party', [
      testNavPage('zeta', '/zeta', { group: 'zeta-tools', requires: 'JA' }),
      testNavPage('alpha', '/alpha', { group: 'alpha-tools', requires: 'JA' }),
      testNavPage('main', '/main', { group: 'main', requires: 'JA' }),
      testNavPage('adm', '/adm', { group: 'admin', requires: 'JA' }),
    ]);
    expect(sidebarGroups([thirdParty], userWith('JA')).map((group) => group.group)).toEqual([
      'main',
      'admin',
      'alpha-tools',
      'zeta-tools',
    ]);
  });

  it('merges one group from several plugins and orders its entries by `order`', () => {
    const first = manifestWith('first', [
      testNavPage('c', '/c', { group: 'lists', order: 30 }),
      testNavPage('a', '/a', { group: 'lists', order: 10 }),
    ]);
    const second = manifestWith('second', [testNavPage('b', '/b', { group: 'lists', order: 20 })]);
    expect(outline(sidebarGroups([first, second], userWith('JA')))).toEqual(['lists: a, b, c']);
  });

  it('treats a missing order as 0 and keeps declaration order among equals', () => {
    const manifest = manifestWith('lists', [
      testNavPage('late', '/late', { group: 'lists', order: 5 }),
      testNavPage('first', '/first', { group: 'lists' }),
      testNavPage('second', '/second', { group: 'lists' }),
      testNavPage('early', '/early', { group: 'lists', order: -1 }),
    ]);
    expect(outline(sidebarGroups([manifest], userWith('JA')))).toEqual(['lists: early, first, second, late']);
  });
});

describe('pluginRouteTable', () => {
  it('lists every route of every plugin with its owner and title', () => {
    const admin = testManifest('admin', {
      pages: [{ path: '/article', titleKey: 'admin:articles.title', requires: 'JA' }],
    });
    const finance = testManifest('finance', {
      pages: [
        { path: '/wallets', titleKey: 'finance:wallets', requires: 'FW' },
        { path: '/wallets/:id', titleKey: 'finance:wallet', requires: { anyOf: ['FW', 'FT'] } },
      ],
    });
    expect(pluginRouteTable([admin, finance])).toEqual([
      { pluginId: 'admin', path: '/article', titleKey: 'admin:articles.title', requires: 'JA' },
      { pluginId: 'finance', path: '/wallets', titleKey: 'finance:wallets', requires: 'FW' },
      { pluginId: 'finance', path: '/wallets/:id', titleKey: 'finance:wallet', requires: { anyOf: ['FW', 'FT'] } },
    ]);
  });

  it('is empty without plugins', () => {
    expect(pluginRouteTable([])).toEqual([]);
  });

  it('throws when two plugins declare the same path, naming both', () => {
    const first = testManifest('first', { pages: [{ path: '/shared', titleKey: 'first:title', requires: 'JA' }] });
    const second = testManifest('second', {
      pages: [
        { path: '/own', titleKey: 'second:title', requires: 'JA' },
        { path: '/shared', titleKey: 'second:title', requires: 'JA' },
      ],
    });
    expect(() => pluginRouteTable([first, second])).toThrow('page "/shared" is declared by both "first" and "second"');
  });
});

describe('enabledPlugins', () => {
  const admin = testPlugin({ id: 'admin' });
  const finance = testPlugin({ id: 'finance' });
  const shop = testPlugin({ id: 'shop' });
  const code = { admin, finance, shop };

  it('joins each published manifest with the build’s code for it, in the server’s order', () => {
    const { enabled, unknown } = enabledPlugins([shop.manifest, admin.manifest], code);
    expect(enabled.map((plugin) => plugin.manifest)).toEqual([shop.manifest, admin.manifest]);
    expect(enabled[0]?.load).toBe(shop.load);
    expect(enabled[1]?.translations).toBe(admin.translations);
    expect(unknown).toEqual([]);
  });

  it('reports published plugins the build has no code for, inherited object keys included', () => {
    const { enabled, unknown } = enabledPlugins(
      [finance.manifest, testManifest('crm'), testManifest('constructor')],
      code,
    );
    expect(enabled.map((plugin) => plugin.manifest.id)).toEqual(['finance']);
    expect(unknown).toEqual(['crm', 'constructor']);
  });

  it('enables nothing when the server publishes no manifest', () => {
    expect(enabledPlugins([], code)).toEqual({ enabled: [], unknown: [], refused: [] });
  });

  it('refuses a manifest without an i18n namespace', () => {
    expect(() => enabledPlugins([testManifest('admin', { namespaces: [] })], code)).toThrow(
      'plugin "admin" declares no i18n namespace',
    );
  });

  it('loads no plugin code while joining', () => {
    enabledPlugins([admin.manifest, finance.manifest, shop.manifest], code);
    for (const plugin of Object.values(code)) expect(plugin.load).not.toHaveBeenCalled();
  });
});
