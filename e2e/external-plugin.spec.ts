import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { Api, userWithCodes, type ApiRecord, type RoleUser } from './support/api';
import { rawKeys, settled } from './support/raw-keys';
import { freshDataDir, startProductionServer, type ProductionServer } from './support/server';
import { english, text, type Language } from './support/strings';

// The example external plugin, built on its own (its own npm install and build, the SDK packed from
// this repository) and loaded by the production server from its folder: the host is never rebuilt.
const root = resolve(import.meta.dirname, '..');
const example = join(root, 'examples/notes-plugin');
const exampleDist = join(example, 'dist');
const PLUGINS = 'admin,finance,notes';

/** One hash over every file of the host's web build, names and contents. */
function hashTree(folder: string): string {
  const hash = createHash('sha256');
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else hash.update(`${path.slice(folder.length)}\0`).update(readFileSync(path));
    }
  };
  walk(folder);
  return hash.digest('hex');
}

/** A copy of the built example to break on purpose, so the real one stays intact. */
function exampleCopy(damage: (folder: string) => void): string {
  const folder = join(mkdtempSync(join(tmpdir(), 'erp-external-')), 'dist');
  cpSync(exampleDist, folder, { recursive: true });
  damage(folder);
  return folder;
}

async function signedIn(
  browser: Browser,
  server: ProductionServer,
  email: string,
  password: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1600, height: 900 } });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: "Let's Get Started" }).click();
  await expect(page).toHaveURL(/\/dashboard\/main$/);
  return { context, page };
}

/** The sidebar, named in the language in use. */
const navigation = (page: Page, language: Language = 'en') =>
  page.getByRole('navigation', { name: text(language, 'shell:shell.navigation') });
const pluginFiles = (page: Page): string[] => {
  const urls: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/plugins/notes/')) urls.push(path);
  });
  return urls;
};

test.describe.configure({ mode: 'serial' });

let hostBefore = '';
test.beforeAll(() => {
  hostBefore = hashTree(join(root, 'dist/web'));
  execFileSync(process.execPath, [join(root, 'scripts/build-example-plugin.mjs')], { cwd: root, stdio: 'inherit' });
});

test.afterAll(() => {
  // Loading plugins must never write into the host's build.
  expect(hashTree(join(root, 'dist/web'))).toBe(hostBefore);
});

test('an external plugin is installed by configuration: sidebar by code, pages in en and ru, its API, its code only when opened', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const dataDir = freshDataDir();
  const server = await startProductionServer({ plugins: PLUGINS, dataDir, env: { ERP_EXTERNAL_PLUGINS: exampleDist } });
  let admin: Api | null = null;
  try {
    admin = await Api.signIn(server.url);
    // The superadmin holds the plugin's code, seeded at start-up like a built-in one's.
    expect(await admin.get<{ total: number }>('/api/notes/summary')).toEqual({ total: 0, pinned: 0 });
    const agenda = await admin.create<ApiRecord>('/api/notes/notes', { title: 'Agenda', pinned: true });
    // The administrators' Plugins screen knows where it came from and that it runs.
    const inventory =
      await admin.get<{ id: string; source: { kind: string; path?: string }; state: string }[]>('/api/auth/plugins');
    expect(inventory.find((item) => item.id === 'notes')).toMatchObject({
      source: { kind: 'external', path: exampleDist },
      state: 'running',
    });
    const writer: RoleUser = await userWithCodes(admin, 'notes-writer', ['NOTES']);
    const outsider: RoleUser = await userWithCodes(admin, 'notes-outsider', ['JU']);
    const outsiderApi = await Api.signIn(server.url, outsider.email, outsider.password);
    expect((await outsiderApi.call('GET', '/api/notes/summary')).status).toBe(403);
    expect((await outsiderApi.call('GET', '/api/notes/notes')).status).toBe(403);
    await outsiderApi.dispose();
    // The note's owner: the writer's user page lists it, from the definition alone.
    await admin.expect(200, 'PATCH', `/api/notes/notes/${agenda.id}`, { version: agenda.version, owner_id: writer.id });

    // No code, no entry.
    const denied = await signedIn(browser, server, outsider.email, outsider.password);
    await expect(navigation(denied.page).getByRole('link', { name: 'Users' })).toBeVisible();
    await expect(navigation(denied.page).getByRole('link', { name: 'Notes overview' })).toHaveCount(0);
    // Nor a section of its records on a user's page: the outsider may read users, not notes.
    await denied.page.goto(`/user/${writer.id}`);
    await expect(denied.page.getByRole('main').getByRole('region', { name: english('record:timeline') })).toBeVisible();
    await expect(denied.page.getByRole('main').getByRole('region', { name: /^Notes/ })).toHaveCount(0);
    await denied.context.close();

    const superadmin = await signedIn(browser, server, 'admin@example.com', 'e2e-admin-password');
    await superadmin.page.goto('/plugins');
    await expect(superadmin.page.getByRole('main').getByText(exampleDist)).toBeVisible();
    await settled(superadmin.page.getByRole('main'));
    await superadmin.page.screenshot({ path: 'e2e/output/screens/external-plugins-screen-1600.png' });
    // The writer's user page lists the notes they own; a note opens its record page.
    await superadmin.page.goto(`/user/${writer.id}`);
    const owned = superadmin.page.getByRole('main').getByRole('region', { name: /^Notes/ });
    await owned.scrollIntoViewIfNeeded();
    await owned.getByRole('link', { name: 'Agenda', exact: true }).click();
    await expect(superadmin.page).toHaveURL(new RegExp(`/notes/${agenda.id}$`));
    await expect(superadmin.page.getByRole('main').getByRole('heading', { level: 1, name: 'Agenda' })).toBeVisible();
    await expect(
      superadmin.page.getByRole('main').getByRole('link', { name: 'notes-writer', exact: true }),
    ).toHaveAttribute('href', `/user/${writer.id}`);
    await superadmin.context.close();

    const { context, page } = await signedIn(browser, server, writer.email, writer.password);
    const requested = pluginFiles(page);
    const overview = navigation(page).getByRole('link', { name: 'Notes overview' });
    await expect(overview).toBeVisible();
    // The sidebar came from /config.json: not one of the plugin's scripts was fetched for it.
    expect(requested.filter((path) => path.endsWith('.js'))).toEqual([]);

    await overview.click();
    await expect(page).toHaveURL(/\/notes-overview$/);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Notes overview' })).toBeVisible();
    await expect(main.getByTestId('notes-total')).toHaveText('1');
    await expect(main.getByTestId('notes-pinned')).toHaveText('1');
    expect(requested.some((path) => path.endsWith('/remoteEntry.js'))).toBe(true);
    await settled(main);
    expect((await rawKeys(main)).keys).toEqual([]);
    await page.screenshot({ path: 'e2e/output/screens/external-notes-overview-1600.png' });

    // One React and one MobX: the plugin's observer of the host's own language store re-renders
    // when the host changes it (a second React would break the hooks, a second MobX the reaction).
    await expect(main.getByTestId('notes-host-language')).toHaveText('en');
    await page.getByRole('combobox', { name: english('shell:shell.language') }).click();
    await page.getByRole('option', { name: english('common:languages.ru') }).click();
    await expect(main.getByTestId('notes-host-language')).toHaveText('ru');
    await expect(main.getByRole('heading', { level: 1, name: 'Обзор заметок' })).toBeVisible();
    await settled(main);
    expect((await rawKeys(main)).keys).toEqual([]);

    // The resource screen the engine draws from the plugin's definition, in Russian.
    await navigation(page, 'ru').getByRole('link', { name: 'Заметки', exact: true }).click();
    await expect(page).toHaveURL(/\/notes$/);
    await expect(main.getByRole('cell', { name: 'Agenda', exact: true })).toBeVisible();
    await settled(main);
    expect((await rawKeys(main)).keys).toEqual([]);
    await page.screenshot({ path: 'e2e/output/screens/external-notes-list-ru-1600.png' });
    await context.close();
  } finally {
    await admin?.dispose();
    await server.stop();
  }

  // Removed from configuration and restarted: entry, API and files are gone; its data is not.
  const without = await startProductionServer({ plugins: 'admin,finance', dataDir });
  try {
    const api = await Api.signIn(without.url);
    expect((await api.call('GET', '/api/notes/summary')).status).toBe(404);
    const files = await api.call('GET', '/plugins/notes/remoteEntry.js');
    expect(files.status).toBe(404);
    const config = (await api.call<{ manifests: { id: string }[] }>('GET', '/config.json')).body;
    expect(config.manifests.map((manifest) => manifest.id)).toEqual(['admin', 'finance']);
    await api.dispose();
  } finally {
    await without.stop();
  }
  const again = await startProductionServer({ plugins: PLUGINS, dataDir, env: { ERP_EXTERNAL_PLUGINS: exampleDist } });
  try {
    const api = await Api.signIn(again.url);
    expect(await api.get('/api/notes/summary')).toEqual({ total: 1, pinned: 1 });
    await api.dispose();
  } finally {
    await again.stop();
  }
});

for (const [failure, damage] of [
  ['a remote that cannot be fetched', (folder: string) => rmSync(join(folder, 'web/remoteEntry.js'))],
  [
    'a remote that throws while loading',
    (folder: string) => {
      const chunk = readdirSync(join(folder, 'web')).find((name) => /^web_module_ts\..*\.js$/.test(name));
      if (!chunk) throw new Error('the example remote has no web_module_ts chunk');
      writeFileSync(join(folder, 'web', chunk), "throw new Error('the plugin broke while loading');\n");
    },
  ],
] as const) {
  test(`${failure}: the app keeps working, a toast names the plugin, its page says so`, async ({ browser }) => {
    const broken = exampleCopy(damage);
    const server = await startProductionServer({
      plugins: PLUGINS,
      dataDir: freshDataDir(),
      env: { ERP_EXTERNAL_PLUGINS: broken },
    });
    try {
      const { context, page } = await signedIn(browser, server, 'admin@example.com', 'e2e-admin-password');
      await navigation(page).getByRole('link', { name: 'Notes overview' }).click();
      await expect(
        page.locator('.fui-ToastTitle').getByText(english('common:errors.pluginFailed', { plugin: 'Notes' })),
      ).toBeVisible();
      await expect(page.getByRole('main')).toContainText(english('common:errors.pluginUnavailable'));
      await page.screenshot({
        path: `e2e/output/screens/external-failed-${failure.split(' ').slice(-2).join('-')}-1600.png`,
      });
      // The rest of the app is untouched.
      await navigation(page).getByRole('link', { name: 'Users' }).click();
      await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
      await context.close();
    } finally {
      await server.stop();
    }
  });
}
