import { describe, expect, it } from 'vitest';
import { ContainerModule } from 'inversify';
import { createElement } from 'react';
import {
  FakeService,
  renderPluginPage,
  serviceBase,
  click,
  setupPopupTests,
  waitInAct,
  type WebPlugin,
} from '@core/sdk/testing-web';
import type { Language } from '@core/shared/runtime-config';
import { slotToken } from '@core/web/kernel/contributions';
import { enabledPlugins } from '@core/web/kernel/create-kernel';
import { sidebarGroups } from '@core/web/plugins/navigation';
import { PermissionService } from '@core/web/services/permission-service';
import { adminManifest } from '@plugins/admin/manifest';
import { PLUGIN_CODE_WITH_NOTES } from '../../../fixtures/host/web-plugins';
import { notesManifest } from '../../../fixtures/plugins/notes/manifest';
import { testPlugin } from '../../../support/web/test-plugin';

setupPopupTests({ quiet: true });

/** What the browser does with /config.json: the published manifests joined with the host's code. */
function plugins(...ids: string[]): WebPlugin[] {
  const manifests = [adminManifest, notesManifest].filter((manifest) => ids.includes(manifest.id));
  const { enabled, unknown } = enabledPlugins(manifests, PLUGIN_CODE_WITH_NOTES);
  expect(unknown).toEqual([]);
  return enabled;
}

const heading = (element: HTMLElement): string | null | undefined => element.querySelector('h1')?.textContent;

describe('a plugin written against the SDK alone, in the browser', () => {
  it.each<[Language, string, string]>([
    ['en', 'No access', 'You do not have the permission this page needs.'],
    ['ru', 'Нет доступа', 'У вас нет права, нужного для этой страницы.'],
  ])(
    'shows a user without its code the translated no-access page (%s), without loading its code or calling its API',
    async (language, title, text) => {
      const api = new FakeService(serviceBase('notes'));
      const { view, kernel } = await renderPluginPage({
        plugins: plugins('notes'),
        path: '/notes',
        codes: ['JU'],
        api,
        language,
      });
      await waitInAct(() => expect(heading(view.element)).toBe(title));
      expect(view.element.textContent).toContain(text);
      expect(document.title).toBe(`${title} · Back Office`);
      expect(kernel.host.state('notes')).toBe('idle');
      expect(api.seen).toEqual([]);
    },
  );

  it.each<[Language, string, string, string]>([
    ['en', 'Meeting notes', 'Meetings', '2 notes'],
    ['ru', 'Протоколы встреч', 'Встречи', '2 заметки'],
  ])(
    'shows a user with its code the page, its API on its own service and its own menu group by name (%s)',
    async (language, title, group, count) => {
      const api = new FakeService(serviceBase('notes')).on('GET', 'notes', {
        data: [
          { id: 1, text: 'a' },
          { id: 2, text: 'b' },
        ],
      });
      const { view, kernel } = await renderPluginPage({
        plugins: plugins('notes'),
        path: '/notes',
        codes: ['NT'],
        api,
        language,
      });
      await waitInAct(() => expect(view.element.querySelector('[data-testid="notes-count"]')?.textContent).toBe(count));
      expect(heading(view.element)).toBe(title);
      // The sidebar's group and link come from the manifest; the group is named in the reader's language.
      expect(
        sidebarGroups(kernel.host.manifests, (requirement) => kernel.get(PermissionService).allows(requirement)),
      ).toMatchObject([{ group: 'meetings', entries: [{ path: '/notes', labelKey: 'notes:nav.notes' }] }]);
      expect(kernel.i18n.t('groups.meetings')).toBe(group);
      expect(document.title).toBe(`${title} · Back Office`);
    },
  );

  it('lets another plugin fill the slot it offers, loading that plugin when the slot is shown', async () => {
    const pins = testPlugin({
      id: 'pins',
      dependencies: ['notes'],
      slots: { 'notes.aside': 'NT' },
      module: new ContainerModule(({ bind }) => {
        bind(slotToken('notes.aside')).toConstantValue({
          id: 'pins',
          component: () => createElement('p', { 'data-testid': 'pinned' }, 'Pinned notes'),
        });
      }),
    });
    const api = new FakeService(serviceBase('notes')).on('GET', 'notes', { data: [] });
    const { view } = await renderPluginPage({
      plugins: [...plugins('notes'), pins],
      path: '/notes',
      codes: ['NT'],
      api,
    });
    await waitInAct(() =>
      expect(view.element.querySelector('[data-testid="pinned"]')?.textContent).toBe('Pinned notes'),
    );
    expect(pins.load).toHaveBeenCalledTimes(1);
  });

  it.each<[Language, string, string]>([
    ['en', 'Meetings', 'Meeting notes'],
    ['ru', 'Встречи', 'Протоколы встреч'],
  ])(
    'is listed with its description under its own group on the roles screen (%s)',
    { timeout: 20_000 },
    async (language, group, description) => {
      const api = new FakeService(serviceBase('auth'))
        .on('GET', 'roles', { data: [{ id: 1, name: 'superadmin', users_count: 1, permissions_count: 0 }] })
        .on('GET', 'permissions', { data: [{ id: 9, name: 'NT', description: 'Meeting notes', service: 'notes' }] })
        .on('GET', 'roles/1/permissions', { data: [] })
        .on('GET', 'roles/1/users', { data: { data: [], current_page: 1, last_page: 1, per_page: 20, total: 0 } });
      const { view, kernel } = await renderPluginPage({
        plugins: plugins('admin', 'notes'),
        path: '/roles-permissions',
        codes: ['JQ'],
        api,
        language,
      });
      // The selected role's checklist, grouped by area.
      await waitInAct(() => expect(document.querySelector('fieldset[data-area="meetings"]')).not.toBeNull(), {
        timeout: 10_000,
      });
      expect(
        document.querySelector('fieldset[data-area="meetings"] legend')?.textContent?.startsWith(`${group} (0 `),
      ).toBe(true);
      expect(document.querySelector('fieldset[data-area="meetings"]')?.textContent).toContain(`NT — ${description}`);
      // The catalogue: the code under its group's row, with its description; declared by an enabled
      // plugin, so built in (the server refuses renaming or deleting it) and not deletable here.
      const catalogueTab = [...document.querySelectorAll<HTMLElement>('[role="tab"]')].find(
        (tab) =>
          tab.querySelector('.fui-Tab__content')?.textContent?.trim() === kernel.i18n.t('admin:permissions.catalogue'),
      );
      await click(catalogueTab ?? document.body);
      await waitInAct(() => expect(view.element.querySelector('tr[data-permission="NT"]')).not.toBeNull());
      const row = view.element.querySelector('tr[data-permission="NT"]');
      expect(row?.previousElementSibling?.textContent).toBe(group);
      expect(row?.textContent).toContain(description);
      expect(row?.querySelector('button[aria-label="Delete NT"]')).toBeNull();
    },
  );

  it.each<[Language, string, string]>([
    ['en', 'Meetings', 'NTMeeting notes'],
    ['ru', 'Встречи', 'NTПротоколы встреч'],
  ])('is shown with its description under its own group on the profile (%s)', async (language, group, entry) => {
    const profile = {
      id: 1,
      username: 'ann',
      email: 'ann@example.com',
      status: 'active',
      roles: [],
      permissions: ['NT'],
      mattermost_username: null,
      tg_login: null,
    };
    const api = new FakeService(serviceBase('auth')).on('GET', 'auth/profile', { data: profile });
    const { view } = await renderPluginPage({
      plugins: plugins('notes'),
      path: '/profile',
      codes: ['NT'],
      api,
      language,
    });
    await waitInAct(() => expect(view.element.querySelector(`section[aria-label="${group}"]`)).not.toBeNull(), {
      timeout: 10_000,
    });
    expect(view.element.querySelector(`section[aria-label="${group}"]`)?.textContent).toBe(`${group}${entry}`);
  });
});
