import { describe, expect, it } from 'vitest';
import { pluginRouteTable, recordPages } from '@core/web/plugins/navigation';
import { RecordLinks } from '@core/web/resource/record/record-links';
import { testManifest } from '../../../../support/web/test-plugin';

describe('record routes derived from the manifests', () => {
  const finance = testManifest('finance', {
    pages: [
      { path: '/verticals', titleKey: 'finance:verticals', requires: 'FV', record: 'finance.verticals' },
      { path: '/wallets', titleKey: 'finance:wallets', requires: 'FW', record: 'finance.wallets' },
    ],
  });
  // The tracker lists finance's verticals too, but does not own them.
  const tracker = testManifest('tracker', {
    pages: [{ path: '/vertical', titleKey: 'tracker:verticals', requires: 'TV', record: 'finance.verticals' }],
  });

  it('gives a resource its record page under its owner’s list only', () => {
    expect([...recordPages([tracker, finance]).values()]).toEqual([
      { resource: 'finance.verticals', listPath: '/verticals' },
      { resource: 'finance.wallets', listPath: '/wallets' },
    ]);
    const derived = pluginRouteTable([tracker, finance]).filter((route) => route.record);
    expect(derived).toEqual([
      {
        pluginId: 'finance',
        path: '/verticals/:id',
        titleKey: 'finance:verticals',
        requires: 'FV',
        record: { resource: 'finance.verticals', listPath: '/verticals' },
      },
      {
        pluginId: 'finance',
        path: '/wallets/:id',
        titleKey: 'finance:wallets',
        requires: 'FW',
        record: { resource: 'finance.wallets', listPath: '/wallets' },
      },
    ]);
    expect(pluginRouteTable([tracker, finance]).some((route) => route.path === '/vertical/:id')).toBe(false);
  });

  it('leaves a path a page declares to that page', () => {
    const own = testManifest('finance', {
      pages: [
        { path: '/wallets', titleKey: 'finance:wallets', requires: 'FW', record: 'finance.wallets' },
        { path: '/wallets/:id', titleKey: 'finance:wallet', requires: 'FZ' },
      ],
    });
    const routes = pluginRouteTable([own]).filter((route) => route.path === '/wallets/:id');
    expect(routes).toEqual([{ pluginId: 'finance', path: '/wallets/:id', titleKey: 'finance:wallet', requires: 'FZ' }]);
  });

  it("gives the core's own resources their record pages under the first plugin page naming them", () => {
    const admin = testManifest('admin', {
      pages: [{ path: '/roles-permissions', titleKey: 'admin:nav.roles', requires: 'JQ', record: 'core.roles' }],
    });
    const other = testManifest('other', {
      pages: [{ path: '/all-roles', titleKey: 'other:roles', requires: 'JQ', record: 'core.roles' }],
    });
    expect([...recordPages([admin, other]).values()]).toEqual([
      { resource: 'core.roles', listPath: '/roles-permissions' },
    ]);
    expect(pluginRouteTable([admin, other]).filter((route) => route.record)).toEqual([
      {
        pluginId: 'admin',
        path: '/roles-permissions/:id',
        titleKey: 'admin:nav.roles',
        requires: 'JQ',
        record: { resource: 'core.roles', listPath: '/roles-permissions' },
      },
    ]);
  });

  it('derives nothing for a page without `record`', () => {
    const plain = testManifest('finance', {
      pages: [{ path: '/wallets', titleKey: 'finance:wallets', requires: 'FW' }],
    });
    expect(pluginRouteTable([plain]).map((route) => route.path)).toEqual(['/wallets']);
  });

  it("opens a staff account's record at the user detail, a role's under its list page", () => {
    const admin = testManifest('admin', {
      pages: [
        { path: '/users', titleKey: 'admin:nav.users', requires: 'JU', record: 'core.users' },
        { path: '/user/:id/*', titleKey: 'admin:userDetail.title', requires: 'JU' },
        { path: '/roles-permissions', titleKey: 'admin:nav.roles', requires: 'JQ', record: 'core.roles' },
      ],
    });
    const links = new RecordLinks({ manifests: [admin] }, { byTable: () => undefined });
    expect(links.recordPath('core.users', 7)).toBe('/user/7');
    expect(links.recordPath('core.roles', 3)).toBe('/roles-permissions/3');
    const withoutDetail = testManifest('admin', { pages: admin.pages.filter((page) => page.path !== '/user/:id/*') });
    expect(
      new RecordLinks({ manifests: [withoutDetail] }, { byTable: () => undefined }).recordPath('core.users', 7),
    ).toBe('/users/7');
  });
});
