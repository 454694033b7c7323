import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { adminManifest } from '../plugins/admin/manifest';
import { sidebarEntries } from '../core/web/plugins/navigation';
import { Api } from './support/api';
import { rawKeyCollector } from './support/raw-keys';
import { expectToast, listTable, recordToasts } from './support/resource-page';
import { freshDataDir, startProductionServer, type ProductionServer } from './support/server';
import { signIn } from './support/session';
import { english, text, type Language } from './support/strings';

// The admin plugin in the browser, as the seeded superadmin, with finance enabled beside it (it
// contributes the user detail's employee tab). First every admin screen, opened from the sidebar
// with its dialogs, menus and confirmations, in English and in Russian with no raw i18n key
// anywhere; then one real change per screen on records the test makes itself. The tests share one
// server: the language walks only open and cancel, on fixtures made through the API below.

/** An admin key (`users.add`) in `language`. */
const admin = (language: Language, key: string, values?: Record<string, string | number>) =>
  text(language, `admin:${key}`, values);
/** A resource-engine key (`toolbar.add`) in `language`. */
const engine = (language: Language, key: string, values?: Record<string, string | number>) =>
  text(language, `resource:${key}`, values);

// Fixtures the language walks open: a user (with a role, so the role has a holder), an RDP server,
// a Keitaro server and a free reverse to offer it.
const OLGA = { username: 'olga', email: 'olga@example.com', password: 'olga-password-1' };
const AUDITORS = 'auditors';
const RDP_FIXTURE = 'rdp-fixture';
const KEITARO_FIXTURE = 'Fixture tracker';
// An address and port: a dotted lower-case host name would read as a raw key to the detector.
const FREE_FIXTURE = '203.0.113.7:8443';

let server: ProductionServer;
let api: Api;
let olgaId: number;
test.beforeAll(async () => {
  server = await startProductionServer({ plugins: 'admin,finance', dataDir: freshDataDir() });
  api = await Api.signIn(server.url);
  const role = await api.create<{ id: number }>('/api/auth/roles/add', { name: AUDITORS });
  olgaId = (await api.create<{ id: number }>('/api/auth/users', { ...OLGA, roles: [role.id] })).id;
  await api.create('/api/auth/rdps/server', { name: RDP_FIXTURE, ip: '10.0.0.1' });
  await api.create('/api/auth/keitaro/servers', { name: KEITARO_FIXTURE, url: 'https://fixture.example.com' });
  await api.create('/api/auth/keitaro/reverses', { address: FREE_FIXTURE });
});
test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
});

/** A fresh browser, signed in as the superadmin (toasts recorded), optionally switched to Russian. */
async function open(browser: Browser, language: Language): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1600, height: 900 } });
  await recordToasts(context);
  const page = await context.newPage();
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  if (language === 'ru') {
    // The switcher is named in the language in use, English at first.
    await page.getByRole('combobox', { name: english('shell:shell.language') }).click();
    await page.getByRole('option', { name: english('common:languages.ru') }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: text('ru', 'shell:dashboard.greeting', { name: 'admin' }) }),
    ).toBeVisible();
  }
  return { context, page };
}

/**
 * Opens an admin screen from the sidebar: its link in the Admin group (finance has an 'Articles'
 * entry too), then the URL and the screen's heading, which is the entry's own label.
 */
async function fromSidebar(page: Page, language: Language, path: string): Promise<Locator> {
  const entry = sidebarEntries(adminManifest).find((candidate) => candidate.path === path);
  if (!entry) throw new Error(`no admin sidebar entry for ${path}`);
  const navigation = page.getByRole('navigation', { name: text(language, 'shell:shell.navigation') });
  const group = navigation.getByRole('group', { name: text(language, 'shell:groups.admin'), exact: true });
  const label = text(language, entry.labelKey);
  await group.getByRole('link', { name: label, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: label, exact: true })).toBeVisible();
  return main;
}

/** A confirmation (the engine's yes/no question) saying `question`. */
function confirmation(page: Page, language: Language, question: string): Locator {
  return page.getByRole('alertdialog', { name: engine(language, 'confirm.title') }).filter({ hasText: question });
}

/** Answers the open confirmation saying `question`: yes or no, and waits for it to close. */
async function answer(page: Page, language: Language, question: string, yes: boolean): Promise<void> {
  const dialog = confirmation(page, language, question);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: engine(language, yes ? 'confirm.yes' : 'confirm.no'), exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** Picks `option` in a type-ahead picker (the engine's reference picker), typing `search`. */
async function pick(page: Page, box: Locator, search: string, option: string): Promise<void> {
  await box.click();
  await box.fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(box).toHaveValue(option);
}

// ---- every screen, in both languages ----------------------------------------------------------

for (const language of ['en', 'ru'] as const) {
  test(`every admin screen, its dialogs and menus open from the sidebar in ${language} with no raw i18n key`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const { context, page } = await open(browser, language);
    const { check, findings } = rawKeyCollector();
    const a = (key: string, values?: Record<string, string | number>) => admin(language, key, values);
    const e = (key: string, values?: Record<string, string | number>) => engine(language, key, values);

    /**
     * Checks the dialog named `name`; with `refuse`, checks it again once that has made it show its
     * messages (a save refused with errors under the inputs); then closes it with `close`.
     */
    const dialogChecked = async (
      where: string,
      name: string,
      close: string,
      refuse?: (dialog: Locator) => Promise<void>,
    ) => {
      const dialog = page.getByRole('dialog', { name, exact: true });
      await expect(dialog).toBeVisible();
      await check(where, dialog);
      if (refuse) {
        await refuse(dialog);
        await check(`${where}, refused`, dialog);
      }
      await dialog.getByRole('button', { name: close, exact: true }).click();
      // A form the refusal typed into asks before it drops the changes.
      const discard = page.getByRole('alertdialog', { name: e('form.discardTitle'), exact: true });
      await expect.poll(async () => (await discard.isVisible()) || !(await dialog.isVisible())).toBe(true);
      if (await discard.isVisible()) {
        await check(`${where}, discard question`, discard);
        await discard.getByRole('button', { name: e('form.discard'), exact: true }).click();
      }
      await expect(dialog).toBeHidden();
    };
    /** Saves the dialog (its button named `save`). */
    const save = (dialog: Locator, label = a('common.save')) =>
      dialog.getByRole('button', { name: label, exact: true }).click();
    /** The engine's dialogs refuse a save with a missing required field: the message on top. */
    const requiredRefused = async (dialog: Locator) => {
      await save(dialog, e('form.save'));
      await expect(dialog.getByRole('alert').filter({ hasText: e('form.required') })).toBeVisible();
    };
    /** An input of the dialog marked invalid after a refused save. */
    const invalid = (dialog: Locator, label: string) =>
      expect(dialog.getByRole('textbox', { name: label })).toHaveAttribute('aria-invalid', 'true');
    /** The engine's "Add filter" menu (every filterable field's label), opened, checked and closed. */
    const filtersChecked = async (where: string, main: Locator) => {
      await main.getByRole('button', { name: e('filter.add') }).click();
      const menu = page.getByRole('menu');
      await expect(menu).toBeVisible();
      // The whole page with the menu over it: a short menu alone is too little text for the check.
      await check(where, page.locator('body'));
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
    };
    /** A row's menu opened by its button, checked, and `item` picked from it. */
    const rowMenuChecked = async (where: string, button: Locator, item: string) => {
      await button.click();
      const menu = page.getByRole('menu');
      await expect(menu).toBeVisible();
      await check(where, menu);
      await menu.getByRole('menuitem', { name: item, exact: true }).click();
    };

    await test.step('users: list, filters, add dialog, row menu and edit dialog', async () => {
      const main = await fromSidebar(page, language, '/users');
      await expect(main.getByRole('link', { name: OLGA.username, exact: true })).toBeVisible();
      await check('/users', main);
      await filtersChecked('/users filters', main);
      await main.getByRole('button', { name: a('users.add'), exact: true }).click();
      await dialogChecked('/users add dialog', a('userForm.addTitle'), a('common.cancel'), async (dialog) => {
        await dialog.getByRole('textbox', { name: a('userForm.email') }).fill('not-an-address');
        await save(dialog);
        await expect(dialog.getByRole('alert').filter({ hasText: a('userForm.required') })).toBeVisible();
        await expect(dialog.getByText(a('userForm.errors.required')).first()).toBeVisible();
        await expect(dialog.getByText(a('userForm.errors.email'))).toBeVisible();
      });
      await rowMenuChecked(
        '/users row menu',
        main.getByRole('button', { name: e('table.rowActions', { label: OLGA.username }) }),
        e('row.edit'),
      );
      await dialogChecked('/users edit dialog', a('userForm.editTitle', { name: OLGA.username }), a('common.cancel'));
    });

    await test.step('user detail: every tab, the additional-permissions dialog, a service confirmation', async () => {
      const main = page.getByRole('main');
      await main.getByRole('link', { name: OLGA.username, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/user/${olgaId}/info-tab$`));
      await expect(main.getByRole('heading', { level: 1, name: OLGA.username })).toBeVisible();
      const tabs = main.getByRole('tablist', { name: a('userDetail.tabsLabel') });
      const tab = async (id: string, label: string) => {
        await tabs.getByRole('tab', { name: label, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`/user/${olgaId}/${id}$`));
        await expect(main.getByRole('tabpanel', { name: label })).toBeVisible();
      };
      // The tabs in their order: admin's info and services, finance's employee, admin's edit.
      const order = [
        a('userDetail.tabs.info'),
        a('userDetail.tabs.service'),
        text(language, 'finance:employeeTab.label'),
        a('userDetail.tabs.edit'),
      ];
      await expect(tabs.getByRole('tab')).toHaveCount(order.length);
      for (const [index, label] of order.entries())
        await expect(tabs.getByRole('tab').nth(index)).toHaveAccessibleName(label);

      await expect(main.getByRole('list', { name: a('info.roles'), exact: true })).toHaveText(AUDITORS);
      await check('info-tab', main);
      await main.getByRole('button', { name: a('info.editAdditional'), exact: true }).click();
      await dialogChecked(
        'info-tab additional permissions',
        a('permissions.additionalTitle', { name: OLGA.username }),
        a('common.cancel'),
      );

      await tab('service-tab', a('userDetail.tabs.service'));
      await expect(main.getByText(a('services.noIssueAccount'))).toBeVisible();
      await check('service-tab', main);
      await main.getByRole('button', { name: a('services.createIssueAccount'), exact: true }).click();
      await expect(confirmation(page, language, a('services.confirm.issueCreate'))).toBeVisible();
      await check('service-tab confirmation', confirmation(page, language, a('services.confirm.issueCreate')));
      await answer(page, language, a('services.confirm.issueCreate'), false);

      await tab('employee-tab', text(language, 'finance:employeeTab.label'));
      await expect(main.getByText(text(language, 'finance:employeeTab.none'))).toBeVisible();
      await check('employee-tab', main);

      await tab('edit-user-tab', a('userDetail.tabs.edit'));
      await expect(
        main
          .getByRole('form', { name: a('userDetail.tabs.edit') })
          .getByRole('textbox', { name: a('userForm.username') }),
      ).toHaveValue(OLGA.username);
      await check('edit-user-tab', main);
    });

    await test.step('roles and permissions: roles, checklist, holders, dialogs, catalogue', async () => {
      const main = await fromSidebar(page, language, '/roles-permissions');
      await main
        .getByRole('list', { name: a('roles.title'), exact: true })
        .getByRole('button', { name: new RegExp(`^${AUDITORS}\\b`) })
        .click();
      await expect(main.getByRole('heading', { level: 2, name: AUDITORS, exact: true })).toBeVisible();
      await expect(main.getByRole('group', { name: new RegExp(`^${a('areas.admin')} \\(`) }).first()).toBeVisible();
      await check('/roles-permissions permissions', main);
      // The search's clear button is named in this language too (Fluent's own name is 'clear').
      await expect(main.getByRole('button', { name: a('permissions.clearSearch'), exact: true })).toHaveCount(1);
      await main.getByRole('tab', { name: a('roles.usersTab', { count: 1 }), exact: true }).click();
      await expect(main.getByRole('table', { name: a('roles.holders', { name: AUDITORS }) })).toContainText(
        OLGA.username,
      );
      await check('/roles-permissions holders', main);
      await main.getByRole('button', { name: a('roles.add'), exact: true }).click();
      await dialogChecked('/roles-permissions new role', a('roles.addTitle'), a('common.cancel'), async (dialog) => {
        await save(dialog);
        await expect(dialog.getByText(a('common.required'))).toBeVisible();
      });

      // Any user's additional permissions: the user picked by name.
      const giveUser = main
        .getByRole('group')
        .filter({ has: page.getByRole('heading', { name: a('permissions.giveUser') }) });
      await pick(page, giveUser.getByRole('combobox', { name: a('permissions.user') }), 'olg', OLGA.username);
      await giveUser.getByRole('button', { name: a('permissions.additional'), exact: true }).click();
      await dialogChecked(
        '/roles-permissions additional permissions',
        a('permissions.additionalTitle', { name: OLGA.username }),
        a('common.cancel'),
      );

      await main.getByRole('tab', { name: a('permissions.catalogue'), exact: true }).click();
      await expect(main.getByRole('table', { name: a('permissions.catalogue') })).toBeVisible();
      await check('/roles-permissions catalogue', main);
      await main.getByRole('button', { name: a('permissions.add'), exact: true }).click();
      await dialogChecked(
        '/roles-permissions new permission',
        a('permissions.addTitle'),
        a('common.cancel'),
        async (dialog) => {
          await dialog.getByRole('textbox', { name: a('permissions.name') }).fill('1AB');
          await save(dialog);
          await expect(dialog.getByText(a('permissions.codeFormat'))).toBeVisible();
        },
      );
    });

    await test.step('articles: list, filters, add dialog', async () => {
      const main = await fromSidebar(page, language, '/article');
      await check('/article', main);
      await filtersChecked('/article filters', main);
      await main.getByRole('button', { name: e('toolbar.add'), exact: true }).click();
      await dialogChecked(
        '/article add dialog',
        e('form.addTitle', { record: a('articles.record') }),
        e('form.cancel'),
        requiredRefused,
      );
    });

    await test.step('system settings: the form, and saving nothing', async () => {
      const main = await fromSidebar(page, language, '/system-settings');
      const form = main.getByRole('form', { name: a('nav.settings') });
      await expect(form.getByRole('textbox', { name: a('systemSettings.labels.productName') })).toBeVisible();
      // What each setting does is said in this language too, not only its label.
      await expect(form.getByText(a('systemSettings.descriptions.productName'))).toBeVisible();
      await check('/system-settings', main);
      await save(form);
      await expect(form.getByText(a('systemSettings.unchanged'))).toBeVisible();
      await check('/system-settings unchanged', main);
      // An empty product name is refused under its input (min length 1); the reload drops the edit.
      await form.getByRole('textbox', { name: a('systemSettings.labels.productName') }).fill('');
      await save(form);
      await expect(form.locator('[data-setting="core.general.productName"]')).toContainText(
        a('systemSettings.problems.minLength', { min: 1 }),
      );
      await check('/system-settings refused', main);
      await page.reload();
      await expect(form.getByRole('textbox', { name: a('systemSettings.labels.productName') })).not.toHaveValue('');
    });

    await test.step('RDP servers: list, filters, add dialog, row menu and the users of a server', async () => {
      const main = await fromSidebar(page, language, '/rdp-servers');
      await expect(listTable(page, a('rdp.title'))).toContainText(RDP_FIXTURE);
      await check('/rdp-servers', main);
      await filtersChecked('/rdp-servers filters', main);
      await main.getByRole('button', { name: e('toolbar.add'), exact: true }).click();
      await dialogChecked(
        '/rdp-servers add dialog',
        e('form.addTitle', { record: a('rdp.record') }),
        e('form.cancel'),
        async (dialog) => {
          await dialog.getByRole('textbox', { name: a('rdp.fields.ip') }).fill('not-an-ip');
          await requiredRefused(dialog);
          await invalid(dialog, a('rdp.fields.ip'));
        },
      );
      await rowMenuChecked(
        '/rdp-servers row menu',
        main.getByRole('button', { name: e('table.rowActions', { label: RDP_FIXTURE }), exact: true }),
        a('rdp.users'),
      );
      const users = page.getByRole('dialog', { name: a('rdp.usersTitle', { server: RDP_FIXTURE }) });
      await expect(users.getByText(a('rdp.noUsers'))).toBeVisible();
      // Granting asks first; the answer no leaves the dialog as it was (and still there for a screen reader).
      await pick(page, users.getByRole('combobox', { name: a('rdp.grantUser') }), 'olg', OLGA.username);
      await users.getByRole('button', { name: a('rdp.grant'), exact: true }).click();
      await expect(confirmation(page, language, a('services.confirm.rdpCreate'))).toBeVisible();
      await check('/rdp-servers grant confirmation', confirmation(page, language, a('services.confirm.rdpCreate')));
      await answer(page, language, a('services.confirm.rdpCreate'), false);
      await expect(users.getByText(a('rdp.noUsers'))).toBeVisible();
      await dialogChecked(
        '/rdp-servers users of a server',
        a('rdp.usersTitle', { server: RDP_FIXTURE }),
        a('common.close'),
      );
    });

    await test.step('Keitaro servers: servers, free pool, add dialogs, a transfer confirmation', async () => {
      const main = await fromSidebar(page, language, '/keitaro-servers');
      await expect(main.locator(`[data-server="${KEITARO_FIXTURE}"]`)).toBeVisible();
      await check('/keitaro-servers', main);
      await main.getByRole('button', { name: a('keitaro.addServer'), exact: true }).click();
      await dialogChecked(
        '/keitaro-servers add server',
        e('form.addTitle', { record: a('keitaro.server') }),
        e('form.cancel'),
        async (dialog) => {
          await dialog.getByRole('textbox', { name: a('keitaro.fields.url') }).fill('not a url');
          await requiredRefused(dialog);
          await invalid(dialog, a('keitaro.fields.url'));
        },
      );
      await main.getByRole('button', { name: a('keitaro.addReverse'), exact: true }).click();
      await dialogChecked(
        '/keitaro-servers add reverse',
        e('form.addTitle', { record: a('keitaro.reverse') }),
        e('form.cancel'),
        async (dialog) => {
          await dialog.getByRole('textbox', { name: a('keitaro.fields.address') }).fill('not an address!');
          await save(dialog, e('form.save'));
          await invalid(dialog, a('keitaro.fields.address'));
        },
      );

      const free = main
        .getByRole('region', { name: a('keitaro.states.free'), exact: true })
        .locator(`[data-reverse="${FREE_FIXTURE}"]`);
      await free.getByRole('combobox', { name: a('keitaro.targetServer', { address: FREE_FIXTURE }) }).click();
      await page.getByRole('option', { name: KEITARO_FIXTURE, exact: true }).click();
      await free.getByRole('button', { name: a('keitaro.actions.transfer'), exact: true }).click();
      const question = a('keitaro.confirm.transfer', { address: FREE_FIXTURE, server: KEITARO_FIXTURE });
      await expect(confirmation(page, language, question)).toBeVisible();
      await check('/keitaro-servers transfer confirmation', confirmation(page, language, question));
      await answer(page, language, question, false);
      await expect(free).toBeVisible();
    });

    await test.step('Jobs: the schedules, the job list and its state filter in the URL', async () => {
      const main = await fromSidebar(page, language, '/jobs');
      await expect(main.locator('tr[data-schedule="core.jobs-retention"]')).toContainText('UTC');
      await check('/jobs', main);
      await main.getByRole('combobox', { name: a('jobs.filters.state') }).click();
      await page.getByRole('option', { name: text(language, 'jobs:states.failed'), exact: true }).click();
      await expect(page).toHaveURL(/\/jobs\?state=failed$/);
      await expect(main.getByText(a('jobs.empty'), { exact: true })).toBeVisible();
      await check('/jobs, failed jobs', main);
    });

    expect(findings).toEqual([]);
    await context.close();
  });
}

// ---- one real change per screen ---------------------------------------------------------------

interface Named {
  readonly id: number;
  readonly name: string;
}

test('one real change per admin screen, on records the test makes, and its visible result', async ({ browser }) => {
  test.setTimeout(240_000);
  const { context, page } = await open(browser, 'en');
  const main = page.getByRole('main');
  const a = (key: string, values?: Record<string, string | number>) => admin('en', key, values);
  const e = (key: string, values?: Record<string, string | number>) => engine('en', key, values);
  const created = e('toast.created');
  const updated = e('toast.updated');
  const success = english('common:toast.success');
  /** Opens the confirmation `question` by `action` and answers yes, expecting the kernel's 'Success'. */
  const confirmed = async (question: string, action: () => Promise<void>) =>
    expectToast(page, success, async () => {
      await action();
      await answer(page, 'en', question, true);
    });

  const rita = { username: 'rita', email: 'rita@example.com', password: 'rita-password-1' };
  let ritaId = 0;
  await test.step('users: a user added through the dialog is listed', async () => {
    await fromSidebar(page, 'en', '/users');
    await main.getByRole('button', { name: a('users.add'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: a('userForm.addTitle') });
    await dialog.getByRole('textbox', { name: a('userForm.username') }).fill(rita.username);
    await dialog.getByRole('textbox', { name: a('userForm.email') }).fill(rita.email);
    await dialog.getByLabel(a('userForm.password')).fill(rita.password);
    await expectToast(page, created, () => dialog.getByRole('button', { name: a('common.save'), exact: true }).click());
    await expect(dialog).toBeHidden();
    const link = main.getByRole('link', { name: rita.username, exact: true });
    await expect(link).toBeVisible();
    ritaId = Number(/\/user\/(\d+)\//.exec((await link.getAttribute('href')) ?? '')?.[1]);
    expect(await api.get(`/api/auth/users/${ritaId}/info`)).toMatchObject({
      username: rita.username,
      email: rita.email,
    });
  });

  await test.step('roles: a new role given JA keeps it after a reload', async () => {
    await fromSidebar(page, 'en', '/roles-permissions');
    await main.getByRole('button', { name: a('roles.add'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: a('roles.addTitle') });
    await dialog.getByRole('textbox', { name: a('roles.name') }).fill('Editors');
    await expectToast(page, created, () => dialog.getByRole('button', { name: a('common.save'), exact: true }).click());
    await expect(dialog).toBeHidden();
    // The new role is the selected one.
    await expect(main.getByRole('heading', { level: 2, name: 'Editors', exact: true })).toBeVisible();
    const articles = main.getByRole('checkbox', { name: /^JA — / });
    await articles.check();
    await expectToast(page, updated, () =>
      main.getByRole('button', { name: a('roles.savePermissions'), exact: true }).click(),
    );
    await page.reload();
    await main
      .getByRole('list', { name: a('roles.title'), exact: true })
      .getByRole('button', { name: /^Editors\b/ })
      .click();
    await expect(main.getByRole('heading', { level: 2, name: 'Editors', exact: true })).toBeVisible();
    await expect(main.getByRole('checkbox', { name: /^JA — / })).toBeChecked();
    await expect(main.getByRole('checkbox', { name: /^JU — / })).not.toBeChecked();
    const roles = await api.get<Named[]>('/api/auth/roles');
    const editors = roles.find((role) => role.name === 'Editors');
    expect(
      (await api.get<Named[]>(`/api/auth/roles/${editors?.id}/permissions`)).map((permission) => permission.name),
    ).toEqual(['JA']);
  });

  await test.step("users export as CSV (the engine's export); a role opens its record page", async () => {
    await fromSidebar(page, 'en', '/users');
    await main.getByRole('button', { name: e('toolbar.export'), exact: true }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: e('export.people'), exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    // For people: the columns' labels in the reader's language, a row per user.
    expect(csv.split(/\r?\n/)[0]).toContain('Username');
    expect(csv).toContain(rita.email);
    await fromSidebar(page, 'en', '/roles-permissions');
    await main.getByRole('link', { name: a('roles.open', { name: 'Editors' }), exact: true }).click();
    await expect(page).toHaveURL(/\/roles-permissions\/\d+$/);
    await expect(main.getByRole('heading', { level: 1, name: 'Editors' })).toBeVisible();
  });

  await test.step('articles: an article added through the dialog is listed', async () => {
    await fromSidebar(page, 'en', '/article');
    await main.getByRole('button', { name: e('toolbar.add'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: e('form.addTitle', { record: a('articles.record') }) });
    await dialog.getByRole('textbox', { name: a('articles.url') }).fill('https://wiki.example.com/erp-321');
    await dialog.getByRole('textbox', { name: a('articles.externalId') }).fill('ERP-321');
    await expectToast(page, created, () => dialog.getByRole('button', { name: e('form.save'), exact: true }).click());
    await expect(dialog).toBeHidden();
    const row = listTable(page, a('articles.title')).locator('tbody tr[data-row-id]').filter({ hasText: 'ERP-321' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('https://wiki.example.com/erp-321');
  });

  await test.step('system settings: a new product name is kept after a reload', async () => {
    await fromSidebar(page, 'en', '/system-settings');
    const productName = main.getByRole('textbox', { name: a('systemSettings.labels.productName') });
    await productName.fill('Orbit Back Office');
    await expectToast(page, updated, () => main.getByRole('button', { name: a('common.save'), exact: true }).click());
    await page.reload();
    await expect(productName).toHaveValue('Orbit Back Office');
    // The setting says it is stored here now, and the title bar carries the new name.
    await expect(main.locator('[data-setting="core.general.productName"]')).toContainText(a('systemSettings.stored'));
    await expect(page.getByRole('banner').getByRole('link', { name: 'Orbit Back Office' })).toBeVisible();
  });

  const terminal = 'Terminal Alpha';
  const rdpPassword = 'Rdp-secret-7731';
  await test.step('RDP servers: a server saved with a password never shows it again; a user is granted on it', async () => {
    await fromSidebar(page, 'en', '/rdp-servers');
    await main.getByRole('button', { name: e('toolbar.add'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: e('form.addTitle', { record: a('rdp.record') }) });
    await dialog.getByRole('textbox', { name: a('rdp.fields.name') }).fill(terminal);
    await dialog.getByRole('textbox', { name: a('rdp.fields.url') }).fill('https://terminal-alpha.example.com');
    await dialog.getByRole('textbox', { name: a('rdp.fields.ip') }).fill('10.20.30.40');
    await dialog.getByRole('textbox', { name: a('rdp.fields.username') }).fill('operator');
    await dialog.getByLabel(a('rdp.fields.password')).fill(rdpPassword);
    await expectToast(page, created, () => dialog.getByRole('button', { name: e('form.save'), exact: true }).click());
    await expect(dialog).toBeHidden();
    const row = listTable(page, a('rdp.title')).locator('tbody tr[data-row-id]').filter({ hasText: terminal });
    await expect(row).toContainText('10.20.30.40');

    // Write-only: the API answers the mask, never the password, in the list and the record alike.
    const list = await api.call(
      'GET',
      `/api/auth/rdps/server?${new URLSearchParams({ 'filter[name][eq]': terminal })}`,
    );
    expect(JSON.stringify(list.body)).not.toContain(rdpPassword);
    const [record] = (list.body as { data: { data: { id: number; password: string | null }[] } }).data.data;
    expect(record?.password).toBe('••••••••');
    const single = await api.call('GET', `/api/auth/rdps/server/${record?.id}`);
    expect(single.status).toBe(200);
    expect(JSON.stringify(single.body)).not.toContain(rdpPassword);

    // …and the edit form starts empty, saying a value is stored.
    await main.getByRole('button', { name: e('table.rowActions', { label: terminal }), exact: true }).click();
    await page.getByRole('menuitem', { name: e('row.edit'), exact: true }).click();
    const edit = page.getByRole('dialog', { name: e('form.editTitle', { record: a('rdp.record') }) });
    await expect(edit.getByRole('textbox', { name: a('rdp.fields.name') })).toHaveValue(terminal);
    await expect(edit.getByLabel(a('rdp.fields.password'))).toHaveValue('');
    await expect(edit.locator('[data-field="password"]')).toContainText(e('form.secretSet'));
    await edit.getByRole('button', { name: e('form.cancel'), exact: true }).click();
    await expect(edit).toBeHidden();

    // Rita granted on it from the server's users.
    await main.getByRole('button', { name: e('table.rowActions', { label: terminal }), exact: true }).click();
    await page.getByRole('menuitem', { name: a('rdp.users'), exact: true }).click();
    const users = page.getByRole('dialog', { name: a('rdp.usersTitle', { server: terminal }) });
    await expect(users.getByText(a('rdp.noUsers'))).toBeVisible();
    await pick(page, users.getByRole('combobox', { name: a('rdp.grantUser') }), 'rit', rita.username);
    await confirmed(a('services.confirm.rdpCreate'), () =>
      users.getByRole('button', { name: a('rdp.grant'), exact: true }).click(),
    );
    await expect(
      users
        .getByRole('table', { name: a('rdp.usersTitle', { server: terminal }) })
        .getByRole('row')
        .filter({ hasText: rita.username }),
    ).toHaveCount(1);
    await users.getByRole('button', { name: a('common.close'), exact: true }).click();
    await expect(users).toBeHidden();
    await expect(row.getByLabel(a('rdp.usersCount', { count: 1 }))).toBeVisible();
    const granted = await api.get<{ users: { username: string }[] }>(`/api/auth/rdps/server/${record?.id}`);
    expect(granted.users.map((user) => user.username)).toEqual([rita.username]);
  });

  await test.step('Keitaro: a server and a reverse added; the reverse transferred, set active, set to wait', async () => {
    const tracker = 'Tracker One';
    const reverse = 'rev-one.example.com';
    await fromSidebar(page, 'en', '/keitaro-servers');
    await main.getByRole('button', { name: a('keitaro.addServer'), exact: true }).click();
    const serverDialog = page.getByRole('dialog', { name: e('form.addTitle', { record: a('keitaro.server') }) });
    await serverDialog.getByRole('textbox', { name: a('keitaro.fields.name') }).fill(tracker);
    await serverDialog.getByRole('textbox', { name: a('keitaro.fields.url') }).fill('https://tracker-one.example.com');
    await serverDialog.getByLabel(a('keitaro.fields.apiKey')).fill('kt-api-key-1');
    await expectToast(page, created, () =>
      serverDialog.getByRole('button', { name: e('form.save'), exact: true }).click(),
    );
    await expect(serverDialog).toBeHidden();
    const card = main.locator(`[data-server="${tracker}"]`);
    await expect(card.getByRole('heading', { name: tracker })).toBeVisible();

    await main.getByRole('button', { name: a('keitaro.addReverse'), exact: true }).click();
    const reverseDialog = page.getByRole('dialog', { name: e('form.addTitle', { record: a('keitaro.reverse') }) });
    await reverseDialog.getByRole('textbox', { name: a('keitaro.fields.address') }).fill(reverse);
    await reverseDialog
      .getByRole('textbox', { name: a('keitaro.fields.comment') })
      .fill('the first reverse of Tracker One');
    await expectToast(page, created, () =>
      reverseDialog.getByRole('button', { name: e('form.save'), exact: true }).click(),
    );
    await expect(reverseDialog).toBeHidden();
    const pool = main.getByRole('region', { name: a('keitaro.states.free'), exact: true });
    const section = (state: string) => card.getByRole('region', { name: a(`keitaro.states.${state}`), exact: true });
    const item = (scope: Locator) => scope.locator(`[data-reverse="${reverse}"]`);
    await expect(item(pool)).toBeVisible();

    await item(pool)
      .getByRole('combobox', { name: a('keitaro.targetServer', { address: reverse }) })
      .click();
    await page.getByRole('option', { name: tracker, exact: true }).click();
    await confirmed(a('keitaro.confirm.transfer', { address: reverse, server: tracker }), () =>
      item(pool)
        .getByRole('button', { name: a('keitaro.actions.transfer'), exact: true })
        .click(),
    );
    await expect(item(section('waiting'))).toBeVisible();
    await expect(item(pool)).toHaveCount(0);

    await confirmed(a('keitaro.confirm.activate', { address: reverse, server: tracker }), () =>
      item(section('waiting'))
        .getByRole('button', { name: a('keitaro.actions.activate'), exact: true })
        .click(),
    );
    await expect(item(section('active'))).toBeVisible();
    await expect(item(section('waiting'))).toHaveCount(0);

    await confirmed(a('keitaro.confirm.wait', { address: reverse }), () =>
      item(section('active'))
        .getByRole('button', { name: a('keitaro.actions.wait'), exact: true })
        .click(),
    );
    await expect(item(section('waiting'))).toBeVisible();
    await expect(section('active')).toContainText(a('keitaro.none'));
    const board = await api.get<{ servers: { name: string; waiting: { address: string }[]; active: unknown }[] }>(
      '/api/auth/keitaro/servers',
    );
    expect(board.servers.find((candidate) => candidate.name === tracker)).toMatchObject({
      active: null,
      waiting: [{ address: reverse }],
    });
  });

  await test.step('service tab: a second RDP link made the default; the issue-tracker service created', async () => {
    await page.goto(`/user/${ritaId}/service-tab`);
    await expect(main.getByRole('heading', { level: 1, name: rita.username })).toBeVisible();
    const links = main.getByRole('table', { name: a('services.links') });
    const link = (label: string) => links.getByRole('row').filter({ hasText: label });
    // The grant made on the RDP screen is rita's one RDP link, so the default.
    await expect(link(terminal)).toContainText(a('services.isDefault'));

    const rdp = main
      .getByRole('group')
      .filter({ has: page.getByRole('heading', { name: a('services.rdp'), exact: true }) });
    await rdp.getByRole('combobox', { name: a('services.rdpServer') }).click();
    await page.getByRole('option', { name: RDP_FIXTURE, exact: true }).click();
    await confirmed(a('services.confirm.rdpCreate'), () =>
      rdp.getByRole('button', { name: a('services.grantRdp'), exact: true }).click(),
    );
    await expect(rdp.getByRole('list', { name: a('services.rdp') }).getByRole('listitem')).toHaveCount(2);
    await expect(link(RDP_FIXTURE).getByRole('button', { name: a('services.makeDefault'), exact: true })).toBeVisible();

    await expectToast(page, success, () =>
      link(RDP_FIXTURE)
        .getByRole('button', { name: a('services.makeDefault'), exact: true })
        .click(),
    );
    await expect(link(RDP_FIXTURE)).toContainText(a('services.isDefault'));
    await expect(link(terminal).getByRole('button', { name: a('services.makeDefault'), exact: true })).toBeVisible();
    const stored = await api.get<{ label: string; is_default: boolean }[]>(`/api/auth/service-link/${ritaId}`);
    expect(stored.filter((entry) => entry.is_default).map((entry) => entry.label)).toEqual([RDP_FIXTURE]);

    await confirmed(a('services.confirm.issueCreate'), () =>
      main.getByRole('button', { name: a('services.createIssueAccount'), exact: true }).click(),
    );
    await expect(main.getByText(a('services.issueAccount', { login: rita.username }))).toBeVisible();
    await expect(link(a('services.sources.you_track'))).toHaveCount(1);
    await expect(main.getByRole('button', { name: a('services.deleteIssueAccount'), exact: true })).toBeVisible();
  });

  await test.step('info tab: an additional permission given shows among the permissions', async () => {
    await main.getByRole('tab', { name: a('userDetail.tabs.info'), exact: true }).click();
    await expect(main.getByText(a('info.noAdditional'))).toBeVisible();
    await main.getByRole('button', { name: a('info.editAdditional'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: a('permissions.additionalTitle', { name: rita.username }) });
    await dialog.getByRole('checkbox', { name: /^JS — / }).check();
    await expectToast(page, updated, () => dialog.getByRole('button', { name: a('common.save'), exact: true }).click());
    await expect(dialog).toBeHidden();
    await expect(main.getByRole('list', { name: a('info.additional'), exact: true }).getByRole('listitem')).toHaveText([
      'JS',
    ]);
    // Rita holds no role: what she may do is her additional permission alone.
    await expect(main.getByRole('list', { name: a('info.permissions'), exact: true }).getByRole('listitem')).toHaveText(
      ['JS'],
    );
    const info = await api.get<{ additional_permissions: { name: string }[]; permissions: string[] }>(
      `/api/auth/users/${ritaId}/info`,
    );
    expect(info.additional_permissions.map((permission) => permission.name)).toEqual(['JS']);
    expect(info.permissions).toEqual(['JS']);
  });

  await context.close();
});
