/**
 * Which external plugins a host would start, decided before any database is opened: plugin.json
 * read strictly, ids that collide, SDK ranges, server modules that throw or export the wrong thing,
 * dependencies; each problem one line, and a ConfigError instead under onPluginFailure "stop".
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTED_SDK_GLOBAL, type HostedSdk } from '@core/sdk/hosted-sdk';
import { SDK_VERSION } from '@core/sdk/version';
import type { PluginInventoryItem } from '@core/shared/plugin-inventory';
import { ConfigError, loadConfig, type PluginFailurePolicy } from '@host/server/config';
import { readExternalPluginFolder, relativePathProblem } from '@host/server/external-plugin-file';
import { planPlugins, servingOf, type PluginPlan } from '@host/server/external-plugins';
import { AVAILABLE_SERVER_PLUGINS } from '@host/server/plugins';

/** The plugins this build holds, admin first: the inventory lists them before external ones. */
const BUILT_IN_IDS = AVAILABLE_SERVER_PLUGINS.map((plugin) => plugin.manifest.id);
import { startServer } from '@host/server/start-server';
import { fixturePlugin, pluginJson, serverModule, writePlugin } from './external-plugins-support';

const PROJECT_DEFAULTS = fileURLToPath(new URL('../../../host/erp.config.json', import.meta.url));

let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'erp-external-plan-'));
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

async function plan(
  folders: readonly string[],
  enabled: readonly string[],
  policy: PluginFailurePolicy = 'continue',
): Promise<{ plan: PluginPlan; lines: string[] }> {
  const lines: string[] = [];
  const result = await planPlugins({
    available: AVAILABLE_SERVER_PLUGINS,
    folders,
    enabled,
    policy,
    warn: (line) => lines.push(line),
  });
  return { plan: result, lines };
}

function item(result: PluginPlan, path: string): PluginInventoryItem | undefined {
  return result.inventory
    .list()
    .find((candidate) => candidate.source.kind === 'external' && candidate.source.path === path);
}

describe('plugin.json', () => {
  it('reads a built plugin folder whole', async () => {
    const folder = await readExternalPluginFolder(fixturePlugin('notes'));
    expect(folder.ok).toBe(true);
    if (!folder.ok) return;
    expect(folder.file).toMatchObject({
      id: 'notes',
      version: '0.3.0',
      sdk: '^2.0.0',
      service: 'notes',
      files: { server: 'server/index.js' },
    });
  });

  it("reads offered slots declared whole, and a 1.x plugin's bare slot names", async () => {
    const declared = {
      id: 'desk.panel',
      description: { en: 'Below a desk', ru: 'Под столом' },
      requires: 'DA',
      props: 'DeskPanelProps',
    };
    const whole = await readExternalPluginFolder(
      writePlugin(
        root,
        'slots-whole',
        pluginJson('desk', {
          offersSlots: [declared],
          permissions: [{ code: 'DA', area: 'main', description: { en: 'Desk', ru: 'Стол' } }],
        }),
      ),
    );
    expect(whole.ok && whole.file.offersSlots).toEqual([declared]);
    const bare = await readExternalPluginFolder(
      writePlugin(root, 'slots-bare', pluginJson('desk', { offersSlots: ['desk.panel'] })),
    );
    expect(bare.ok && bare.file.offersSlots).toEqual(['desk.panel']);
    const undescribed = await readExternalPluginFolder(
      writePlugin(
        root,
        'slots-undescribed',
        pluginJson('desk', { offersSlots: [{ id: 'desk.panel', requires: 'DA', props: 'DeskPanelProps' }] }),
      ),
    );
    expect(undescribed.ok).toBe(false);
  });

  it('keeps paths inside the folder', () => {
    expect(relativePathProblem('server/index.js')).toBeNull();
    for (const path of [
      '../x.js',
      'web/../../x',
      '/etc/passwd',
      'C:\\plugins\\x.js',
      'web\\x.js',
      './x.js',
      'web//x.js',
      'web/',
    ]) {
      expect(relativePathProblem(path), path).not.toBeNull();
    }
  });

  it.each([
    ['is not JSON', '{ "id": "broken", ', /^plugin\.json is not valid JSON: /],
    [
      'lacks a key',
      pluginJson('lacking', { titleKey: undefined }),
      /^plugin\.json is invalid: \/ must have required property 'titleKey'$/,
    ],
    [
      'has a key no manifest has',
      pluginJson('extra-key', { homepage: 'https://example.com' }),
      'must NOT have additional properties "homepage"',
    ],
    [
      'has a page without a path',
      pluginJson('bad-page', { pages: [{ titleKey: 'x', requires: 'XX' }] }),
      "/pages/0 must have required property 'path'",
    ],
    ['has a badly formed id', pluginJson('Bad_Id'), 'plugin id "Bad_Id" must match'],
    [
      'puts its server part outside the folder',
      pluginJson('escape', {
        files: {
          server: '../../escape.js',
          web: null,
          translations: { en: 'web/i18n/en.json', ru: 'web/i18n/ru.json' },
        },
      }),
      'files.server "../../escape.js" must be a plain relative path',
    ],
    [
      'gives an absolute web root',
      pluginJson('absolute', {
        files: {
          server: null,
          web: { root: '/var/www', manifest: 'mf-manifest.json', container: 'erp_plugin_absolute', expose: './plugin' },
          translations: { en: 'web/i18n/en.json', ru: 'web/i18n/ru.json' },
        },
      }),
      'files.web.root "/var/www" is absolute',
    ],
    [
      'puts its strings outside the web root',
      pluginJson('strings-out', {
        files: {
          server: null,
          web: { root: 'web', manifest: 'mf-manifest.json', container: 'erp_plugin_strings_out', expose: './plugin' },
          translations: { en: 'i18n/en.json', ru: 'web/i18n/ru.json' },
        },
      }),
      'files.translations.en "i18n/en.json" is outside the web root "web"',
    ],
    [
      'serves its server part',
      pluginJson('served-code', {
        files: {
          server: 'web/server.js',
          web: { root: 'web', manifest: 'mf-manifest.json', container: 'erp_plugin_served_code', expose: './plugin' },
          translations: { en: 'web/i18n/en.json', ru: 'web/i18n/ru.json' },
        },
      }),
      'files.server "web/server.js" lies in the web root "web"',
    ],
  ])('refuses a plugin.json that %s, in one line', async (_label, json, problem) => {
    const name = `invalid-${Math.random().toString(36).slice(2, 8)}`;
    const folder = await readExternalPluginFolder(
      writePlugin(root, name, typeof json === 'string' ? json : JSON.parse(JSON.stringify(json))),
    );
    expect(folder.ok).toBe(false);
    if (folder.ok) return;
    expect(folder.problem).not.toContain('\n');
    if (typeof problem === 'string') expect(folder.problem).toContain(problem);
    else expect(folder.problem).toMatch(problem);
  });

  it('names an unreadable folder after plugin.json’s id when it has one, else after the folder (its parent for dist)', async () => {
    const missing = await readExternalPluginFolder(join(root, 'gone-plugin', 'dist'));
    expect(missing).toMatchObject({ ok: false, id: 'gone-plugin', problem: 'cannot read plugin.json: not found' });
    const invalid = await readExternalPluginFolder(
      writePlugin(root, 'folder-name', { ...pluginJson('real-id'), pages: 'none' }),
    );
    expect(invalid).toMatchObject({ ok: false, id: 'real-id', version: '1.0.0', sdk: '^2.0.0' });
  });
});

describe('planning the plugins', () => {
  it('loads an enabled external plugin on the host’s own SDK, and publishes its files under /plugins/<id>/', async () => {
    const notes = fixturePlugin('notes');
    const admin = AVAILABLE_SERVER_PLUGINS[0]!.manifest;
    const { plan: result, lines } = await plan([notes], ['admin', 'notes']);
    expect(lines).toEqual([]);
    expect(result.builtins.map((plugin) => plugin.manifest.id)).toEqual(['admin']);
    expect(result.externals.map((external) => external.plugin.manifest.id)).toEqual(['notes']);
    const hosted = (globalThis as unknown as Record<string, HostedSdk | undefined>)[HOSTED_SDK_GLOBAL];
    expect(hosted?.version).toBe(SDK_VERSION);
    expect(servingOf(result.externals[0]!)).toEqual({
      id: 'notes',
      web: {
        root: join(notes, 'web'),
        remote: {
          entry: '/plugins/notes/mf-manifest.json',
          container: 'erp_plugin_notes',
          expose: './plugin',
          translations: { en: '/plugins/notes/i18n/en.json', ru: '/plugins/notes/i18n/ru.json' },
        },
      },
    });
    expect(result.inventory.list()).toEqual([
      {
        id: 'admin',
        version: admin.version,
        sdk: admin.sdk,
        titleKey: admin.titleKey,
        source: { kind: 'builtin' },
        enabled: true,
        state: 'running',
        error: null,
      },
      ...BUILT_IN_IDS.slice(1).map((id) =>
        expect.objectContaining({ id, source: { kind: 'builtin' }, enabled: false, state: 'disabled', error: null }),
      ),
      {
        id: 'notes',
        version: '0.3.0',
        sdk: '^2.0.0',
        titleKey: 'notes:title',
        source: { kind: 'external', path: notes },
        enabled: true,
        state: 'running',
        error: null,
      },
    ]);
  });

  it('lists a configured folder that is not enabled as disabled, without importing its code', async () => {
    const crash = fixturePlugin('crash-import');
    const { plan: result, lines } = await plan([crash], ['admin']);
    expect(lines).toEqual([]);
    expect(result.externals).toEqual([]);
    expect(item(result, crash)).toMatchObject({ id: 'crash-import', enabled: false, state: 'disabled', error: null });
  });

  it('keeps an enabled id neither built in nor configured a ConfigError, listing the external ids as available', async () => {
    const started = plan([fixturePlugin('notes')], ['admin', 'ghost']);
    await expect(started).rejects.toBeInstanceOf(ConfigError);
    await expect(started).rejects.toThrow(
      `unknown plugin "ghost" in configuration (available: ${[...BUILT_IN_IDS, 'notes'].join(', ')})`,
    );
    const unread = join(root, 'unread', 'dist');
    await expect(plan([unread], ['notes'])).rejects.toThrow(
      `unknown plugin "notes" in configuration (available: ${[...BUILT_IN_IDS, 'unread'].join(', ')}); external folders not read: ${unread} (cannot read plugin.json: not found)`,
    );
  });

  describe('leaves out a plugin that cannot start, with one line naming it and why', () => {
    interface Case {
      readonly label: string;
      readonly id: string;
      readonly folder: () => string;
      readonly state: 'failed' | 'refused';
      readonly reason: string | RegExp;
    }
    const cases: Case[] = [
      {
        label: 'a missing folder',
        id: 'missing-plugin',
        folder: () => join(root, 'missing-plugin', 'dist'),
        state: 'failed',
        reason: 'cannot read plugin.json: not found',
      },
      {
        label: 'a plugin.json that is not JSON',
        id: 'broken',
        folder: () => writePlugin(root, 'broken', '{ "id": '),
        state: 'failed',
        reason: /^plugin\.json is not valid JSON: /,
      },
      {
        label: 'an SDK range this host does not satisfy',
        id: 'future',
        folder: () => writePlugin(root, 'future', pluginJson('future', { sdk: '^99.0.0' })),
        state: 'refused',
        reason: `plugin "future" was written for SDK ^99.0.0; this host has SDK ${SDK_VERSION}`,
      },
      {
        label: 'a server module that throws on import',
        id: 'crash-import',
        folder: () => fixturePlugin('crash-import'),
        state: 'failed',
        reason:
          'its server module server/index.js failed to load: crash-import cannot start: its configuration store is missing',
      },
      {
        label: 'a server module without a ServerPlugin',
        id: 'no-register',
        folder: () => {
          const json = pluginJson('no-register', {
            files: {
              server: 'server/index.js',
              web: null,
              translations: { en: 'web/i18n/en.json', ru: 'web/i18n/ru.json' },
            },
          });
          return writePlugin(root, 'no-register', json, {
            'server/index.js': serverModule(json, 'export default { manifest, migrations: [] };'),
          });
        },
        state: 'failed',
        reason: 'its server module has no register function',
      },
      {
        label: 'a server module of another plugin',
        id: 'impostor',
        folder: () => {
          const json = pluginJson('impostor', {
            files: {
              server: 'server/index.js',
              web: null,
              translations: { en: 'web/i18n/en.json', ru: 'web/i18n/ru.json' },
            },
          });
          return writePlugin(root, 'impostor', json, {
            'server/index.js': serverModule(
              json,
              "export default defineServerPlugin({ manifest: { ...manifest, id: 'someone-else' }, migrations: [], register() {} });",
            ),
          });
        },
        state: 'failed',
        reason: 'its server module is plugin "someone-else", not "impostor"',
      },
      {
        label: 'a server module whose manifest differs from plugin.json',
        id: 'stale-build',
        folder: () => {
          const json = pluginJson('stale-build', {
            files: {
              server: 'server/index.js',
              web: null,
              translations: { en: 'web/i18n/en.json', ru: 'web/i18n/ru.json' },
            },
          });
          return writePlugin(root, 'stale-build', json, {
            'server/index.js': serverModule(
              json,
              "export default defineServerPlugin({ manifest: { ...manifest, version: '0.9.0' }, migrations: [], register() {} });",
            ),
          });
        },
        state: 'failed',
        reason: "its server module's manifest differs from plugin.json (rebuild the plugin)",
      },
      {
        label: 'web files that are missing',
        id: 'no-web-files',
        folder: () =>
          writePlugin(
            root,
            'no-web-files',
            pluginJson('no-web-files', {
              files: {
                server: null,
                web: {
                  root: 'web',
                  manifest: 'mf-manifest.json',
                  container: 'erp_plugin_no_web_files',
                  expose: './plugin',
                },
                translations: { en: 'web/i18n/en.json', ru: 'web/i18n/ru.json' },
              },
            }),
          ),
        state: 'failed',
        reason: 'its web files are incomplete: directory web is missing',
      },
      {
        label: 'an id a built-in plugin has',
        id: 'admin',
        folder: () => writePlugin(root, 'admin-clash', pluginJson('admin')),
        state: 'refused',
        reason: 'its id "admin" is a built-in plugin\'s',
      },
      {
        label: 'a dependency that is not enabled',
        id: 'needs-finance',
        folder: () => writePlugin(root, 'needs-finance', pluginJson('needs-finance', { dependencies: ['finance'] })),
        state: 'refused',
        reason: 'it needs plugin "finance", which is not enabled',
      },
      {
        label: 'a permission code a running plugin declares',
        id: 'code-thief',
        folder: () =>
          writePlugin(
            root,
            'code-thief',
            pluginJson('code-thief', {
              permissions: [{ code: 'JS', area: 'admin', description: { en: 'Mine', ru: 'Моё' } }],
            }),
          ),
        state: 'refused',
        reason: 'it does not fit with the other plugins: permission "JS" is declared by both "admin" and "code-thief"',
      },
    ];

    it.each(cases)('$label', async ({ id, folder: make, state, reason }) => {
      const folder = make();
      const { plan: result, lines } = await plan([folder, fixturePlugin('notes')], ['admin', id, 'notes']);
      expect(result.externals.map((external) => external.plugin.manifest.id)).toEqual(['notes']);
      const listed = item(result, folder);
      expect(listed).toMatchObject({ id, enabled: true, state });
      if (typeof reason === 'string') expect(listed?.error).toBe(reason);
      else expect(listed?.error).toMatch(reason);
      expect(lines).toEqual([`External plugin "${id}" (${folder}) not started: ${listed?.error ?? ''}`]);
    });

    it.each(cases)(
      'stops start-up with a one-line ConfigError under "stop", before any database: $label',
      async ({ id, folder: make }) => {
        const folder = make();
        const dataDir = join(root, `never-${id}`);
        const config = loadConfig(PROJECT_DEFAULTS, {
          ERP_DATA_DIR: dataDir,
          PORT: '0',
          ERP_PLUGINS: `admin,${id}`,
          ERP_EXTERNAL_PLUGINS: folder,
          ERP_ON_PLUGIN_FAILURE: 'stop',
        });
        const started = startServer({
          config,
          available: AVAILABLE_SERVER_PLUGINS,
          webRoot: null,
          logger: false,
          announce: () => undefined,
        });
        await expect(started).rejects.toBeInstanceOf(ConfigError);
        const message = await started.catch((error: unknown) => (error as Error).message);
        expect(message).toMatch(
          new RegExp(
            `^External plugin "${id}" \\(${folder.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\) not started: .+ \\(onPluginFailure is "stop"\\)$`,
          ),
        );
        expect(message).not.toContain('\n');
        expect(existsSync(dataDir)).toBe(false);
      },
    );
  });

  it('refuses both of two external folders with one id, whichever is enabled', async () => {
    const first = writePlugin(root, 'twin-a', pluginJson('twin'));
    const second = writePlugin(root, 'twin-b', pluginJson('twin'));
    const { plan: result, lines } = await plan([first, second], ['twin']);
    expect(result.externals).toEqual([]);
    expect(item(result, first)).toMatchObject({
      state: 'refused',
      error: `the external plugin in ${second} has the same id "twin"`,
    });
    expect(item(result, second)).toMatchObject({
      state: 'refused',
      error: `the external plugin in ${first} has the same id "twin"`,
    });
    expect(lines).toHaveLength(2);
  });

  it('orders external plugins after those they need, and refuses one whose dependency was refused', async () => {
    const base = writePlugin(root, 'dep-base', pluginJson('dep-base'));
    const user = writePlugin(root, 'dep-user', pluginJson('dep-user', { dependencies: ['dep-base', 'admin'] }));
    const ordered = await plan([user, base], ['dep-user', 'admin', 'dep-base']);
    expect(ordered.plan.externals.map((external) => external.plugin.manifest.id)).toEqual(['dep-base', 'dep-user']);

    const future = writePlugin(root, 'dep-future', pluginJson('dep-future', { sdk: '>=50.0.0' }));
    const stranded = writePlugin(root, 'dep-stranded', pluginJson('dep-stranded', { dependencies: ['dep-future'] }));
    const refused = await plan([future, stranded], ['dep-future', 'dep-stranded']);
    expect(refused.plan.externals).toEqual([]);
    expect(item(refused.plan, stranded)).toMatchObject({
      state: 'refused',
      error: 'it needs plugin "dep-future", which is not running',
    });
  });
});
