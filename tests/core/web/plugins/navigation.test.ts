import { describe, expect, it, vi } from 'vitest';
import { MENU_GROUPS, type PluginManifest, type SidebarEntry } from '@core/shared/manifest';
import { satisfies, type PermissionRequirement } from '@core/shared/permissions';
import { enabledPlugins } from '@core/web/kernel/create-kernel';
import { pluginRouteTable, sidebarGroups } from '@core/web/plugins/navigation';
import { testManifest, testPlugin, testSidebarEntry } from '../../../support/web/test-plugin';

/** A manifest whose every sidebar entry has a route of the same path. */
function manifestWith(id: string, sidebar: SidebarEntry[]): PluginManifest {
  const paths = [...new Set(sidebar.map((entry) => entry.path))];
  return testManifest(id, { sidebar, routes: paths.map((path) => ({ path, titleKey: `${id}:title` })) });
}

function userWith(...codes: string[]): (requirement: PermissionRequirement) => boolean {
  const held = new Set(codes);
  return (requirement) => satisfies(held, requirement);
}

/** `group: entry ids` per group, the shape the sidebar renders. */
function outline(groups: ReturnType<typeof sidebarGroups>): string[] {
  return groups.map(({ group, entries }) => `${group}: ${entries.map((entry) => entry.id).join(', ')}`);
}

describe('sidebarGroups', () => {
  const admin = manifestWith('admin', [
    testSidebarEntry('articles', '/article', { group: 'admin', requires: 'JA' }),
    testSidebarEntry('users', '/users', { group: 'admin', requires: 'JU' }),
    testSidebarEntry('roles', '/roles', { group: 'admin', requires: { anyOf: ['JQ', 'JT'] } }),
  ]);
  const finance = manifestWith('finance', [
    testSidebarEntry('wallets', '/wallets', { group: 'finance', requires: 'FW' }),
    testSidebarEntry('verticals', '/verticals', { group: 'lists', requires: 'FL' }),
  ]);

  it('shows only the entries the user may open', () => {
    expect(outline(sidebarGroups([admin, finance], userWith('JA', 'FW')))).toEqual(['finance: wallets', 'admin: articles']);
  });

  it('tags each entry with the plugin that declares it', () => {
    const [group] = sidebarGroups([finance], userWith('FW'));
    expect(group?.entries).toEqual([{ ...finance.sidebar[0], pluginId: 'finance' }]);
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
      reversed.map((group) => testSidebarEntry(group, `/${group}`, { group, requires: 'JA' })),
    );
    expect(sidebarGroups([everything], userWith('JA')).map((group) => group.group)).toEqual([...MENU_GROUPS]);
  });

  it('puts groups it does not know after the known ones, alphabetically', () => {
    const thirdParty = manifestWith('third-party', [
      testSidebarEntry('zeta', '/zeta', { group: 'zeta-tools', requires: 'JA' }),
      testSidebarEntry('alpha', '/alpha', { group: 'alpha-tools', requires: 'JA' }),
      testSidebarEntry('main', '/main', { group: 'main', requires: 'JA' }),
      testSidebarEntry('adm', '/adm', { group: 'admin', requires: 'JA' }),
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
      testSidebarEntry('c', '/c', { group: 'lists', order: 30 }),
      testSidebarEntry('a', '/a', { group: 'lists', order: 10 }),
    ]);
    const second = manifestWith('second', [testSidebarEntry('b', '/b', { group: 'lists', order: 20 })]);
    expect(outline(sidebarGroups([first, second], userWith('JA')))).toEqual(['lists: a, b, c']);
  });

  it('treats a missing order as 0 and keeps declaration order among equals', () => {
    const manifest = manifestWith('lists', [
      testSidebarEntry('late', '/late', { group: 'lists', order: 5 }),
      testSidebarEntry('first', '/first', { group: 'lists' }),
      testSidebarEntry('second', '/second', { group: 'lists' }),
      testSidebarEntry('early', '/early', { group: 'lists', order: -1 }),
    ]);
    expect(outline(sidebarGroups([manifest], userWith('JA')))).toEqual(['lists: early, first, second, late']);
  });
});

describe('pluginRouteTable', () => {
  it('lists every route of every plugin with its owner and title', () => {
    const admin = testManifest('admin', { routes: [{ path: '/article', titleKey: 'admin:articles.title' }] });
    const finance = testManifest('finance', {
      routes: [
        { path: '/wallets', titleKey: 'finance:wallets' },
        { path: '/wallets/:id', titleKey: 'finance:wallet' },
      ],
    });
    expect(pluginRouteTable([admin, finance])).toEqual([
      { pluginId: 'admin', path: '/article', titleKey: 'admin:articles.title' },
      { pluginId: 'finance', path: '/wallets', titleKey: 'finance:wallets' },
      { pluginId: 'finance', path: '/wallets/:id', titleKey: 'finance:wallet' },
    ]);
  });

  it('is empty without plugins', () => {
    expect(pluginRouteTable([])).toEqual([]);
  });

  it('throws when two plugins declare the same path, naming both', () => {
    const first = testManifest('first', { routes: [{ path: '/shared', titleKey: 'first:title' }] });
    const second = testManifest('second', {
      routes: [
        { path: '/own', titleKey: 'second:title' },
        { path: '/shared', titleKey: 'second:title' },
      ],
    });
    expect(() => pluginRouteTable([first, second])).toThrow('route "/shared" is declared by both "first" and "second"');
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
    const { enabled, unknown } = enabledPlugins([finance.manifest, testManifest('crm'), testManifest('constructor')], code);
    expect(enabled.map((plugin) => plugin.manifest.id)).toEqual(['finance']);
    expect(unknown).toEqual(['crm', 'constructor']);
  });

  it('enables nothing when the server publishes no manifest', () => {
    expect(enabledPlugins([], code)).toEqual({ enabled: [], unknown: [], refused: [] });
  });

  it('refuses a manifest without an i18n namespace', () => {
    expect(() => enabledPlugins([testManifest('admin', { namespaces: [] })], code)).toThrow('plugin "admin" declares no i18n namespace');
  });

  it('loads no plugin code while joining', () => {
    enabledPlugins([admin.manifest, finance.manifest, shop.manifest], code);
    for (const plugin of Object.values(code)) expect(plugin.load).not.toHaveBeenCalled();
  });
});
