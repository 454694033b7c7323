import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PermissionCatalogue } from '@core/sdk/shared';
import { RouteContributionToken } from '@core/sdk/web';
import { adminManifest } from '@plugins/admin/manifest';
import { articlesResource } from '@plugins/admin/shared/article';
import {
  keitaroReversesResource,
  keitaroServersResource,
  REVERSE_ACTIONS,
  REVERSE_STATES,
} from '@plugins/admin/shared/keitaro';
import { rdpServersResource } from '@plugins/admin/shared/rdp';
import { click, query, renderAppInKernel, waitInAct } from '@core/sdk/testing-web';
import { FakeAuthServer, RDP_GRANT, RDP_SERVER, adminKernel, itemNamed, page, setupAdminTests } from './admin-server';

setupAdminTests();

const WEB = resolve(import.meta.dirname, '../../../../plugins/admin/web');
const bundle = (language: string): unknown => JSON.parse(readFileSync(join(WEB, `i18n/${language}.json`), 'utf8'));

function lookup(tree: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>(
      (at, part) => (typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[part] : undefined),
      tree,
    );
}

function sources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [readFileSync(path, 'utf8')] : [];
  });
}

/** Every `admin:` key the manifest, the definitions and the code name, dynamic families spelled out. */
function usedKeys(): string[] {
  const keys = [adminManifest.titleKey, ...adminManifest.pages.map((entry) => entry.titleKey)];
  for (const definition of [articlesResource, rdpServersResource, keitaroServersResource, keitaroReversesResource]) {
    keys.push(definition.titleKey, definition.recordKey);
    for (const field of definition.fields) {
      keys.push(field.labelKey);
      if ('patternMessageKey' in field && field.patternMessageKey) keys.push(field.patternMessageKey);
      if (field.kind === 'enum')
        keys.push(...field.values.map((value) => `${field.valueLabelPrefix ?? `${field.labelKey}Values`}.${value}`));
    }
  }
  const code = sources(WEB).join('\n');
  // Literal keys: t('x.y'), t("x.y"), labelKey: 'admin:x.y'.
  for (const match of code.matchAll(/\bt\(\s*'([a-zA-Z][\w.:]*)'/g))
    keys.push(match[1]?.includes(':') ? (match[1] ?? '') : `admin:${match[1]}`);
  for (const match of code.matchAll(/'(admin:[\w.]+)'/g)) keys.push(match[1] ?? '');
  const family = (prefix: string, names: readonly string[]) =>
    keys.push(...names.map((name) => `admin:${prefix}.${name}`));
  family('users.statuses', ['active', 'blocked']);
  family('services.sources', ['tracker_user', 'you_track', 'rdp']);
  family('keitaro.actions', REVERSE_ACTIONS);
  family('keitaro.states', REVERSE_STATES);
  family('keitaro.confirm', [...REVERSE_ACTIONS, 'delete', 'deleteServer']);
  family('permissions.services', new PermissionCatalogue([]).services);
  family('areas', ['admin', 'finance', 'tracker', 'shop', 'system', 'messenger', 'social', 'other']);
  family('systemSettings.problems', ['integer', 'min', 'max', 'minLength', 'maxLength', 'values', 'url']);
  family('userForm.errors', ['required', 'email', 'tgUserId', 'emailOrTelegram']);
  return [...new Set(keys)].filter((key) => key.startsWith('admin:'));
}

describe.each(['en', 'ru'])('admin %s texts', (language) => {
  it('cover every key the manifest, the definitions and the screens use', () => {
    const texts = bundle(language);
    // A key naming a group (an enum's `valueLabelPrefix`) is covered by its family above.
    const missing = usedKeys().filter((key) => {
      // A key counted by i18next (`t(key, { count })`) is covered by its plural forms.
      const text = lookup(texts, key.slice('admin:'.length)) ?? lookup(texts, `${key.slice('admin:'.length)}_other`);
      return typeof text !== 'string' && !(typeof text === 'object' && text !== null);
    });
    expect(missing).toEqual([]);
  });
});

describe('Admin texts quoting the spec', () => {
  it('use the exact words', () => {
    const texts = bundle('en');
    expect(lookup(texts, 'info.noRoles')).toBe('User have no roles');
    expect(lookup(texts, 'info.noPermissions')).toBe('User have no permissions');
    expect(lookup(texts, 'userForm.required')).toBe('Please fill in all required fields.');
    expect(lookup(texts, 'userForm.errors.email')).toBe('Invalid email. Please try again.');
  });
});

describe('Admin manifest and screens', { timeout: 20_000 }, () => {
  it('declares the admin pages with their codes, each but the user detail in the admin group', () => {
    expect(Object.fromEntries(adminManifest.pages.map((entry) => [entry.path, entry.requires]))).toEqual({
      '/users': 'JU',
      '/user/:id/*': 'JU',
      '/roles-permissions': { anyOf: ['JQ', 'JT'] },
      '/article': 'JA',
      '/system-settings': 'JS',
      '/rdp-servers': 'VR',
      '/keitaro-servers': 'VR',
      '/plugins': 'JS',
      '/jobs': 'JS',
    });
    expect(adminManifest.pages.filter((entry) => entry.nav?.group === 'admin').map((entry) => entry.path)).toEqual([
      '/users',
      '/roles-permissions',
      '/article',
      '/system-settings',
      '/rdp-servers',
      '/keitaro-servers',
      '/plugins',
      '/jobs',
    ]);
  });

  it('contributes a page for every route of the manifest', async () => {
    new FakeAuthServer();
    const kernel = await adminKernel(['JU']);
    await kernel.host.ensureLoaded('admin');
    const paths = kernel.container.getAll(RouteContributionToken).map((route) => route.path);
    expect([...paths].sort()).toEqual(adminManifest.pages.map((entry) => entry.path).sort());
  });

  it('draws the articles with the engine, reading the list silently', async () => {
    const server = new FakeAuthServer().on('GET', 'articles', page([]));
    const kernel = await adminKernel(['JA']);
    const view = await renderAppInKernel(kernel, { path: '/article' });
    await waitInAct(() => expect(view.element.querySelector('h1')?.textContent).toBe('Articles'), { timeout: 10_000 });
    await waitInAct(() =>
      expect(view.element.textContent).toContain('This section is empty. Please create a new entry.'),
    );
    expect(server.lastQuery('GET', 'articles').get('page')).toBe('1');
  });

  it('lists RDP servers with the users granted on each', async () => {
    const server = new FakeAuthServer()
      .on('GET', 'rdps/server', page([RDP_SERVER]))
      .on('GET', 'rdps/server/3/users', { data: [RDP_GRANT] });
    const kernel = await adminKernel(['VR']);
    const view = await renderAppInKernel(kernel, { path: '/rdp-servers' });
    await waitInAct(() => expect(view.element.querySelector('tr[data-row-id="3"]')).not.toBeNull(), {
      timeout: 10_000,
    });
    expect(query(view.element, 'tr[data-row-id="3"]').textContent).toContain('10.0.0.3');
    expect(query(view.element, 'tr[data-row-id="3"] [aria-label="Users granted: 1"]').textContent).toBe('1');
    await click(query(view.element, 'tr[data-row-id="3"] button[aria-label^="Actions for"]'));
    await click(itemNamed('Users'));
    await waitInAct(() => expect(server.requests('GET', 'rdps/server/3/users')).toHaveLength(1));
    await waitInAct(() => expect(query(document, '[role="dialog"]').textContent).toContain('bob'));
  });

  it('refuses screens to users without their codes with the host’s no-access page, before loading the plugin', async () => {
    const server = new FakeAuthServer();
    const kernel = await adminKernel(['JA']);
    for (const path of [
      '/users',
      '/user/5/info-tab',
      '/roles-permissions',
      '/system-settings',
      '/rdp-servers',
      '/keitaro-servers',
      '/plugins',
      '/jobs',
    ]) {
      const view = await renderAppInKernel(kernel, { path });
      await waitInAct(() => expect(view.element.querySelector('h1')?.textContent).toBe('No access'), {
        timeout: 10_000,
      });
      expect(view.element.textContent).toContain('You do not have the permission this page needs.');
      await view.unmount();
    }
    expect(kernel.host.state('admin')).toBe('idle');
    expect(server.requests('GET', 'users')).toHaveLength(0);
  });
});
