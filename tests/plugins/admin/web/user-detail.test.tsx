import { describe, expect, it } from 'vitest';
import { ContainerModule } from 'inversify';
import { createElement } from 'react';
import { type UserDetailTabContribution, UserDetailTabToken } from '@core/sdk/web';
import { visibleTabs } from '@plugins/admin/web/user-detail/UserDetailPage';
import { UserDetailModel, UserDetailModelFactory } from '@plugins/admin/web/user-detail/user-detail-model';
import { ServiceTabModel, ServiceTabModelFactory } from '@plugins/admin/web/user-detail/service-tab-model';
import {
  click,
  jsonResponse,
  recordToasts,
  renderAppInKernel,
  type TestKernel,
  waitInAct,
  webPlugin,
} from '@core/sdk/testing-web';
import { financeManifest } from '@plugins/finance/manifest';
import financeCode from '@plugins/finance/web';
import { admin, FakeAuthServer, USER_INFO, adminKernel, buttonNamed, setupAdminTests } from './admin-server';

setupAdminTests();

const finance = webPlugin(financeManifest, financeCode);

// A Fluent tab draws its text twice (the second copy reserves the width of the selected, bold text).
const tabNames = (): string[] =>
  [...document.querySelectorAll('[role="tab"]')].map(
    (tab) => tab.querySelector('.fui-Tab__content')?.textContent?.trim() ?? '',
  );

function userServer(info: object = USER_INFO): FakeAuthServer {
  return new FakeAuthServer()
    .on('GET', 'users/5/info', { data: info })
    .on('GET', 'service-link/5', { data: [] })
    .on('GET', 'references/services', { data: [] })
    .on('GET', 'you-track/groups', { data: [] })
    .on('GET', 'you-track/users/groups/5', { data: [] })
    .on('GET', 'tracker/users', { data: [] })
    .on('GET', 'keitaro/servers', { data: { servers: [], free: [] } })
    .on('GET', 'rdps/server', { data: { data: [], current_page: 1, last_page: 1, per_page: 100, total: 0 } });
}

async function openDetail(kernel: TestKernel, tab = 'info-tab') {
  const view = await renderAppInKernel(kernel, { path: `/user/5/${tab}` });
  await waitInAct(() => expect(view.element.querySelector('h1')?.textContent).toBe('bob'), { timeout: 10_000 });
  return view;
}

describe('User detail tabs', { timeout: 20_000 }, () => {
  it('orders the contributions, drops duplicates and hides those whose code the user lacks', () => {
    const tab = (id: string, order: number, requires?: string): UserDetailTabContribution => ({
      id,
      labelKey: id,
      order,
      requires,
      component: () => null,
    });
    const tabs = [
      tab('edit-user-tab', 40),
      tab('info-tab', 10),
      tab('employee-tab', 30, 'FJ'),
      tab('service-tab', 20),
      tab('info-tab', 50),
    ];
    const shown = visibleTabs(tabs, (candidate) => candidate.requires !== 'FJ');
    expect(shown.map((candidate) => candidate.id)).toEqual(['info-tab', 'service-tab', 'edit-user-tab']);
  });

  it("takes the page's models from the module's factories, a new one for each visit", async () => {
    userServer();
    const kernel = await adminKernel(['JU']);
    await openDetail(kernel);
    const detailOf = kernel.get(UserDetailModelFactory);
    expect(detailOf(5)).toBeInstanceOf(UserDetailModel);
    expect(detailOf(5)).not.toBe(detailOf(5));
    expect(detailOf(7).userId).toBe(7);
    const serviceTabOf = kernel.get(ServiceTabModelFactory);
    expect(serviceTabOf(5)).toBeInstanceOf(ServiceTabModel);
    expect(serviceTabOf(5)).not.toBe(serviceTabOf(5));
  });

  it('shows the admin tabs as child routes, without the employee tab when finance is disabled', async () => {
    userServer();
    const kernel = await adminKernel(['JU', 'FJ']);
    const view = await openDetail(kernel);
    await waitInAct(() => expect(tabNames()).toEqual(['Information', 'Services', 'Edit user']));
    expect(view.path()).toBe('/user/5/info-tab');
    // The employee tab's route leads back to the info tab: the tab is absent, not broken.
    await view.navigate('/user/5/employee-tab');
    await waitInAct(() => expect(view.path()).toBe('/user/5/info-tab'));
    await click(document.getElementById('user-tab-service-tab') as HTMLElement);
    await waitInAct(() => expect(view.path()).toBe('/user/5/service-tab'));
    await waitInAct(() => expect(view.element.textContent).toContain('The user has no service links.'));
  });

  it('adds the employee tab of the finance plugin, in its order, for users holding FJ', async () => {
    const server = userServer();
    const kernel = await adminKernel(['JU', 'FJ'], { plugins: [admin, finance] });
    const view = await openDetail(kernel, 'employee-tab');
    await waitInAct(() => expect(tabNames()).toEqual(['Information', 'Services', 'Employee', 'Edit user']));
    expect(view.path()).toBe('/user/5/employee-tab');
    await waitInAct(() =>
      expect(server.seen.some((request) => request.url.includes('/finance/employees/by-user/5'))).toBe(true),
    );
  });

  it('hides the employee tab from a user without FJ, whose browser never loads the finance code for it', async () => {
    userServer();
    const kernel = await adminKernel(['JU'], { plugins: [admin, finance] });
    await openDetail(kernel);
    await waitInAct(() => expect(tabNames()).toEqual(['Information', 'Services', 'Edit user']));
    expect(kernel.host.state('finance')).toBe('idle');
  });

  it("hides a loaded plugin's tab from a user without its code", async () => {
    userServer();
    const kernel = await adminKernel(['JU'], { plugins: [admin, finance] });
    await kernel.host.ensureLoaded('finance');
    await openDetail(kernel);
    await waitInAct(() => expect(tabNames()).toEqual(['Information', 'Services', 'Edit user']));
  });

  it('shows a tab another plugin contributes, by its order', async () => {
    userServer();
    const kernel = await adminKernel(['JU']);
    await kernel.host.ensureLoaded('admin');
    const Notes = () => createElement('p', null, 'Notes of the user');
    kernel.container.load(
      new ContainerModule(({ bind }) => {
        bind(UserDetailTabToken).toConstantValue({
          id: 'notes-tab',
          labelKey: 'admin:userDetail.tabs.service',
          component: Notes,
          order: 15,
        });
      }),
    );
    const view = await openDetail(kernel, 'notes-tab');
    await waitInAct(() => expect(tabNames()).toEqual(['Information', 'Services', 'Services', 'Edit user']));
    await waitInAct(() => expect(view.element.textContent).toContain('Notes of the user'));
  });

  it('says when the user has no roles and no permissions', async () => {
    userServer({ ...USER_INFO, roles: [], role_ids: [], permissions: [] });
    const kernel = await adminKernel(['JU']);
    const view = await openDetail(kernel);
    await waitInAct(() => expect(view.element.textContent).toContain('User have no roles'));
    expect(view.element.textContent).toContain('User have no permissions');
  });

  it('lists roles and effective permissions, and saves additional permissions as ids (JQ)', async () => {
    const server = userServer({ ...USER_INFO, additional_permissions: [{ id: 11, name: 'JA' }] })
      .on('GET', 'permissions', {
        data: [
          { id: 10, name: 'JU', description: 'Users', service: 'auth' },
          { id: 11, name: 'JA', description: 'Articles', service: 'auth' },
          { id: 12, name: 'FW', description: 'Wallets', service: 'finance' },
        ],
      })
      .on('PUT', 'users/5/permissions', (request) =>
        jsonResponse(200, {
          data: {
            ...USER_INFO,
            additional_permissions: [
              { id: 11, name: 'JA' },
              { id: 12, name: 'FW' },
            ],
            body: request.body,
          },
        }),
      );
    const kernel = await adminKernel(['JU', 'JQ']);
    const toasts = recordToasts(kernel);
    const view = await openDetail(kernel);
    await waitInAct(() => expect(view.element.textContent).toContain('manager'));
    await click(buttonNamed('Edit'));
    await waitInAct(() => expect(document.querySelector('input[data-code="FW"]')).not.toBeNull());
    await click(document.querySelector<HTMLInputElement>('input[data-code="FW"]') as HTMLInputElement);
    await click(buttonNamed('Save'));
    await waitInAct(() => expect(server.requests('PUT', 'users/5/permissions')).toHaveLength(1));
    expect(server.requests('PUT', 'users/5/permissions')[0]?.body).toEqual({ permissions: [11, 12] });
    await waitInAct(() => expect(toasts.map((toast) => toast.message)).toContain('Successfully updated'));
  });

  it('offers no edit of additional permissions without JQ or JT', async () => {
    userServer();
    const kernel = await adminKernel(['JU']);
    const view = await openDetail(kernel);
    await waitInAct(() => expect(view.element.textContent).toContain('Additional permissions'));
    expect(() => buttonNamed('Edit')).toThrow();
  });
});
