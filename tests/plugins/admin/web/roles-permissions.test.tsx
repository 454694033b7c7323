import { describe, expect, it, vi } from 'vitest';
import { PermissionCatalogue, ROLES_RESOURCE } from '@core/sdk/shared';
import { adminManifest } from '@plugins/admin/manifest';
import { financeManifest } from '@plugins/finance/manifest';
import { matchesSearch } from '@plugins/admin/web/roles/permission-areas';
import { RolesModel } from '@plugins/admin/web/roles/roles-model';
import { KeitaroModel } from '@plugins/admin/web/keitaro/keitaro-model';
import {
  click,
  jsonResponse,
  query,
  recordToasts,
  renderAppInKernel,
  typeInto,
  waitInAct,
} from '@core/sdk/testing-web';
import {
  FakeAuthServer,
  ROLES,
  adminKernel,
  buttonNamed,
  itemNamed,
  page,
  tabNamed,
  setupAdminTests,
} from './admin-server';

setupAdminTests();

const CATALOGUE = [
  { id: 1, name: 'JU', description: 'Users', service: 'auth' },
  { id: 2, name: 'JQ', description: 'Roles and permissions', service: 'auth' },
  { id: 3, name: 'FW', description: 'Wallets', service: 'finance' },
  { id: 4, name: 'FJ', description: 'Employees', service: 'finance' },
  { id: 5, name: 'TT', description: 'Trackers', service: 'tracker' },
  { id: 6, name: 'MC', description: 'Conversion API', service: 'social' },
  { id: 7, name: 'MB', description: 'Messenger bots', service: 'messenger' },
  { id: 8, name: 'REPORTS_X', description: 'Custom reports', service: 'shop' },
  { id: 9, name: 'ODD', description: null, service: 'unknown' },
];

describe('Permission areas', () => {
  it('groups codes by the areas the manifests declare, in the sidebar’s order, sidebar-only codes included, others by service', () => {
    const catalogue = new PermissionCatalogue([adminManifest, financeManifest]);
    const groups = catalogue.group(CATALOGUE, (permission) => ({ code: permission.name, service: permission.service }));
    expect(groups.map((group) => [group.area, group.items.map((permission) => permission.name)])).toEqual([
      ['finance', ['FW', 'FJ']],
      ['tracker', ['TT']],
      ['shop', ['REPORTS_X']],
      ['messenger', ['MB']],
      ['social', ['MC']],
      ['admin', ['JU', 'JQ']],
      ['other', ['ODD']],
    ]);
  });

  it('searches codes and descriptions', () => {
    expect(
      CATALOGUE.filter((permission) => matchesSearch(permission, 'wall')).map((permission) => permission.name),
    ).toEqual(['FW']);
    expect(
      CATALOGUE.filter((permission) => matchesSearch(permission, 'jq')).map((permission) => permission.name),
    ).toEqual(['JQ']);
  });
});

function rolesServer(): FakeAuthServer {
  return new FakeAuthServer()
    .on('GET', 'roles', { data: ROLES })
    .on('GET', 'permissions', { data: CATALOGUE })
    .on('GET', 'roles/1/permissions', { data: [] })
    .on('GET', 'roles/1/users', page([]))
    .on('GET', 'roles/2/permissions', { data: [CATALOGUE[0], CATALOGUE[2]] })
    .on(
      'GET',
      'roles/2/users',
      page([
        {
          id: 5,
          username: 'bob',
          email: 'bob@example.com',
          status: 'active',
          roles: ['manager'],
          created_at: '2026-01-02T10:00:00.000Z',
          deleted_at: null,
        },
      ]),
    );
}

async function openRoles(server: FakeAuthServer, codes: readonly string[] = ['JQ']) {
  const kernel = await adminKernel(codes);
  const toasts = recordToasts(kernel);
  const view = await renderAppInKernel(kernel, { path: '/roles-permissions' });
  await waitInAct(() => expect(view.element.querySelector('h1')?.textContent).toBe('Roles and permissions'), {
    timeout: 10_000,
  });
  await waitInAct(() => expect(server.requests('GET', 'roles/1/permissions')).toHaveLength(1));
  return { kernel, view, toasts };
}

const checkbox = (code: string): HTMLInputElement => query<HTMLInputElement>(document, `input[data-code="${code}"]`);

describe('Roles and permissions screen', { timeout: 20_000 }, () => {
  it('takes its model from the module, a new one for each visit, as the Keitaro page does', async () => {
    const { kernel } = await openRoles(rolesServer());
    expect(kernel.get(RolesModel)).toBeInstanceOf(RolesModel);
    expect(kernel.get(RolesModel)).not.toBe(kernel.get(RolesModel));
    expect(kernel.get(KeitaroModel)).not.toBe(kernel.get(KeitaroModel));
  });

  it("exports the roles with the engine's export of core.roles, counting the rows as they come", async () => {
    let push: (text: string) => void = () => undefined;
    let close: () => void = () => undefined;
    const server = rolesServer().on('GET', 'roles/export.csv', () => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          push = (chunk) => controller.enqueue(new TextEncoder().encode(chunk));
          close = () => controller.close();
        },
      });
      return new Response(body, { status: 200, headers: { 'Content-Type': 'text/csv', 'X-Total-Count': '3' } });
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { view } = await openRoles(server);
    await click(buttonNamed('Export CSV', view.element));
    await click(itemNamed('Exact export'));
    await waitInAct(() => expect(server.requests('GET', 'roles/export.csv')).toHaveLength(1));
    expect(Object.fromEntries(server.lastQuery('GET', 'roles/export.csv'))).toEqual({ format: 'exact' });
    await waitInAct(() => push('id,name\n1,superadmin\n'));
    await waitInAct(() => expect(view.element.textContent).toContain('Exporting: 1 of 3 rows'));
    await waitInAct(() => {
      push('2,manager\n3,accountant\n');
      close();
    });
    await waitInAct(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatch(/^roles-\d{4}-\d{2}-\d{2}-exact\.csv$/);
    await waitInAct(() => expect(view.element.textContent).not.toContain('Exporting'));
  });

  it("opens a role's record page, the engine's page of core.roles under the screen's path", async () => {
    const server = rolesServer()
      .on('GET', 'resources', { data: [ROLES_RESOURCE] })
      .on('GET', 'roles/2/overview', {
        data: {
          record: {
            id: 2,
            name: 'manager',
            version: 1,
            created_at: '2026-01-02T10:00:00Z',
            updated_at: '2026-01-02T10:00:00Z',
          },
          people: { created_by: null, updated_by: null },
          timeline: { entries: [], labels: {}, more: false },
        },
      });
    const { view } = await openRoles(server);
    const link = query<HTMLAnchorElement>(view.element, 'a[aria-label="Open the role manager"]');
    expect(link.getAttribute('href')).toBe('/roles-permissions/2');
    await click(link);
    await waitInAct(() => expect(view.path()).toBe('/roles-permissions/2'));
    await waitInAct(() => expect(server.requests('GET', 'roles/2/overview')).toHaveLength(1), { timeout: 10_000 });
    await waitInAct(() => expect(view.element.querySelector('h1')?.textContent).toContain('manager'));
  });

  it('assigns the checked permissions to the selected role by their ids', async () => {
    const server = rolesServer().on('POST', 'roles/2/assign-permissions', (request) => {
      const ids = (request.body as { permissions: number[] }).permissions;
      return jsonResponse(200, { data: CATALOGUE.filter((permission) => ids.includes(permission.id)) });
    });
    const { view, toasts } = await openRoles(server);
    await click(query(view.element, 'button[data-role="2"]'));
    await waitInAct(() => expect(checkbox('JU').checked).toBe(true));
    expect(checkbox('FW').checked).toBe(true);
    expect(checkbox('TT').checked).toBe(false);
    await click(checkbox('FW'));
    await click(checkbox('TT'));
    await click(checkbox('MB'));
    await click(buttonNamed('Save permissions'));
    await waitInAct(() => expect(server.requests('POST', 'roles/2/assign-permissions')).toHaveLength(1));
    expect(server.requests('POST', 'roles/2/assign-permissions')[0]?.body).toEqual({ permissions: [1, 5, 7] });
    await waitInAct(() => expect(toasts.map((toast) => toast.message)).toContain('Successfully updated'));
  });

  it('keeps the edits of a role chosen twice: an earlier, slower answer for it never resets the draft', async () => {
    let release: () => void = () => undefined;
    let calls = 0;
    const server = rolesServer().on('GET', 'roles/2/permissions', async () => {
      calls += 1;
      // The first answer is held back until the user has edited what the second one showed.
      if (calls === 1) await new Promise<void>((resolve) => (release = resolve));
      return jsonResponse(200, { data: [CATALOGUE[0], CATALOGUE[2]] });
    });
    const { view } = await openRoles(server);
    await click(query(view.element, 'button[data-role="2"]'));
    await click(query(view.element, 'button[data-role="2"]'));
    await waitInAct(() => expect(checkbox('FW').checked).toBe(true));
    await click(checkbox('FW'));
    expect(checkbox('FW').checked).toBe(false);
    release();
    await waitInAct(() => expect(calls).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(checkbox('FW').checked).toBe(false);
  });

  it('checks a whole area at once and narrows the checklist by search', async () => {
    const server = rolesServer().on('POST', 'roles/1/assign-permissions', { data: [] });
    const { view } = await openRoles(server);
    await waitInAct(() => expect(document.querySelector('fieldset[data-area="finance"]')).not.toBeNull());
    await click(query<HTMLInputElement>(document, 'fieldset[data-area="finance"] legend input'));
    expect(checkbox('FW').checked && checkbox('FJ').checked).toBe(true);
    await typeInto(query<HTMLInputElement>(view.element, 'input[aria-label="Search permissions"]'), 'bots');
    await waitInAct(() => expect(document.querySelectorAll('input[data-code]')).toHaveLength(1));
    await click(buttonNamed('Save permissions'));
    await waitInAct(() =>
      expect(server.requests('POST', 'roles/1/assign-permissions')[0]?.body).toEqual({ permissions: [3, 4] }),
    );
  });

  it('lists the users holding the selected role', async () => {
    const server = rolesServer();
    const { view } = await openRoles(server);
    await click(query(view.element, 'button[data-role="2"]'));
    await click(tabNamed('Users (3)'));
    await waitInAct(() => expect(query(view.element, 'tr[data-user="5"]').textContent).toContain('bob@example.com'));
    expect(server.lastQuery('GET', 'roles/2/users').get('page')).toBe('1');
  });

  it('creates a role and says why a held role cannot be deleted (409)', async () => {
    const server = rolesServer()
      .on('POST', 'roles/add', () =>
        jsonResponse(201, { data: { id: 4, name: 'auditor', users_count: 0, permissions_count: 0 } }),
      )
      .on('GET', 'roles/4/permissions', { data: [] })
      .on('GET', 'roles/4/users', page([]))
      .on('DELETE', 'roles/2', () =>
        jsonResponse(409, { message: 'This role is assigned to users and cannot be deleted.' }),
      );
    const { view, toasts } = await openRoles(server);
    await click(buttonNamed('New role'));
    const dialog = query(document, '[role="dialog"]');
    await typeInto(query<HTMLInputElement>(dialog, 'input'), ' auditor ');
    await click(buttonNamed('Save', dialog));
    await waitInAct(() => expect(server.requests('POST', 'roles/add')[0]?.body).toEqual({ name: 'auditor' }));
    await waitInAct(() => expect(toasts.map((toast) => toast.message)).toContain('New record successfully created'));

    await click(query(view.element, 'button[data-role="2"]'));
    await click(buttonNamed('Delete'));
    await waitInAct(() =>
      expect(document.body.textContent).toContain('Are you sure? The role manager will be deleted.'),
    );
    await click(buttonNamed('Yes'));
    await waitInAct(() => expect(server.requests('DELETE', 'roles/2')).toHaveLength(1));
    await waitInAct(() =>
      expect(toasts.map((toast) => toast.message)).toContain(
        'Error during deletion: This role is assigned to users and cannot be deleted.',
      ),
    );
  });

  it('creates a permission with an optional description and protects built-in codes', async () => {
    const server = rolesServer().on('POST', 'permissions/add', () =>
      jsonResponse(201, { data: { id: 10, name: 'XR', description: null, service: 'auth' } }),
    );
    const { view } = await openRoles(server);
    await click(tabNamed('Permission catalogue'));
    await waitInAct(() => expect(view.element.querySelector('tr[data-permission="JU"]')).not.toBeNull());
    // Built-in codes can be edited (description, service) but not deleted.
    expect(view.element.querySelector('button[aria-label="Delete JU"]')).toBeNull();
    expect(view.element.querySelector('button[aria-label="Delete REPORTS_X"]')).not.toBeNull();
    await click(buttonNamed('New permission'));
    const dialog = query(document, '[role="dialog"]');
    await typeInto(query<HTMLInputElement>(dialog, 'input'), 'xr');
    await click(buttonNamed('Save', dialog));
    await waitInAct(() =>
      expect(server.requests('POST', 'permissions/add')[0]?.body).toEqual({
        name: 'XR',
        description: null,
        service: 'auth',
      }),
    );
  });

  it('is refused to users without JQ or JT', async () => {
    rolesServer();
    const kernel = await adminKernel(['JU']);
    const view = await renderAppInKernel(kernel, { path: '/roles-permissions' });
    await waitInAct(() => expect(view.element.querySelector('h1')?.textContent).toBe('No access'), { timeout: 10_000 });
    expect(kernel.host.state('admin')).toBe('idle');
  });
});
