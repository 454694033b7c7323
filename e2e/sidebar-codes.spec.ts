import { expect, test, type Page } from '@playwright/test';
import type { PluginManifest } from '../core/shared/manifest';
import { adminManifest } from '../plugins/admin/manifest';
import { financeManifest } from '../plugins/finance/manifest';
import { sidebarEntries } from '../core/web/plugins/navigation';
import { Api, userWithCodes, type RoleUser } from './support/api';
import { freshDataDir, startProductionServer, type ProductionServer } from './support/server';
import { signIn } from './support/session';
import { navigation, sidebar } from './support/sidebar';
import { english } from './support/strings';

// The sidebar is drawn from the enabled plugins' manifests and the signed-in user's permission
// codes: each entry appears only with its code, and a group with nothing left is not
// drawn. Users and roles are made through the admin API; the default (vertical) layout, docked at
// 1600 px.

const ENABLED: readonly PluginManifest[] = [adminManifest, financeManifest];
const groupName = (group: string): string => english(`shell:groups.${group}`);

let server: ProductionServer;
let admin: Api;
let walletsOnly: RoleUser;
let noCodes: RoleUser;
test.beforeAll(async () => {
  server = await startProductionServer({ plugins: 'admin,finance', dataDir: freshDataDir() });
  admin = await Api.signIn(server.url);
  walletsOnly = await userWithCodes(admin, 'wanda', ['FW']);
  noCodes = { email: 'nadia@example.com', password: 'nadia-password-1', id: 0 };
  const created = await admin.create<{ id: number }>('/api/auth/users', {
    username: 'nadia',
    email: noCodes.email,
    password: noCodes.password,
    roles: [],
  });
  noCodes = { ...noCodes, id: created.id };
});
test.afterAll(async () => {
  await admin?.dispose();
  await server?.stop();
});

async function signInAs(page: Page, user: RoleUser): Promise<void> {
  await signIn(page, user.email, user.password);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[data-sidebar]')).toHaveAttribute('data-sidebar', 'open');
}

test('a user holding only FW sees Wallets and card corrections in the Finance group and nothing else', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1600, height: 900 } });
  const page = await context.newPage();
  await signInAs(page, walletsOnly);
  const finance = navigation(page).getByRole('group', { name: /^finance$/i });
  await expect(finance.getByRole('link', { name: 'Wallets' })).toBeVisible();
  expect(await sidebar(page)).toEqual([
    {
      group: 'Finance',
      links: [
        { text: 'Wallets', href: '/wallets' },
        { text: 'Card corrections', href: '/card-corrections' },
      ],
    },
  ]);
  // Every other finance entry is absent by name too (Articles is also an admin entry: absent as well).
  for (const entry of sidebarEntries(financeManifest).filter((candidate) => candidate.requires !== 'FW')) {
    await expect(navigation(page).getByRole('link', { name: english(entry.labelKey), exact: true })).toHaveCount(0);
  }
  await expect(navigation(page).getByRole('group', { name: /^admin$/i })).toHaveCount(0);

  await finance.getByRole('link', { name: 'Wallets' }).click();
  await expect(page).toHaveURL(/\/wallets$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Wallets' })).toBeVisible();
  await expect(page.getByText('This section is empty. Please create a new entry.')).toBeVisible();
  await context.close();
});

test('a user with no codes sees no area groups', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1600, height: 900 } });
  const page = await context.newPage();
  await signInAs(page, noCodes);
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, nadia' })).toBeVisible();
  await expect(
    page.getByText('There are no widgets for your account yet. The sidebar and Ctrl+K list the screens you can open.'),
  ).toBeVisible();
  await expect(navigation(page)).toHaveCount(1);
  expect(await sidebar(page)).toEqual([]);
  await expect(navigation(page).getByRole('link')).toHaveCount(0);
  expect(
    await (
      await page.request.get('/api/auth/auth/user', {
        headers: { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('authToken'))}` },
      })
    ).json(),
  ).toMatchObject({
    data: { permissions: [] },
  });
  await context.close();
});

test("the superadmin sees every enabled plugin's entries, grouped and in order", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1600, height: 900 } });
  const page = await context.newPage();
  await signInAs(page, { id: admin.userId, email: 'admin@example.com', password: 'e2e-admin-password' });
  await expect(navigation(page).getByRole('link', { name: 'Wallets' })).toBeVisible();

  // What the manifests declare, grouped as the kernel groups them (the spec's group order: finance before admin).
  const expected = new Map<string, { text: string; href: string }[]>();
  for (const manifest of ENABLED) {
    for (const entry of sidebarEntries(manifest)) {
      const list = expected.get(entry.group) ?? [];
      list.push({ text: english(entry.labelKey), href: entry.path });
      expected.set(entry.group, list);
    }
  }
  const drawn = await sidebar(page);
  expect(drawn.map((group) => group.group)).toEqual(['Finance', 'Admin']);
  for (const { group, links } of drawn) {
    const key = [...expected.keys()].find((candidate) => groupName(candidate) === group);
    expect(key, `group ${group}`).toBeDefined();
    expect(links, `links of ${group}`).toEqual(expected.get(key ?? ''));
  }
  expect(drawn.flatMap((group) => group.links)).toHaveLength(
    sidebarEntries(financeManifest).length + sidebarEntries(adminManifest).length,
  );
  await context.close();
});
