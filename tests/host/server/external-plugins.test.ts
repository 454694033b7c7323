/**
 * External plugins on a running server: one start with a working plugin beside one of each way a
 * plugin can fail (the others start, each failure is one log line and an inventory entry), the
 * working one's routes, codes, manifest, remote and files; a start with the plugin removed from
 * configuration (its data stays); and onPluginFailure "stop" for failures that only the database
 * or the registration show. The starts share one data directory, so only the first migrates the core.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SDK_VERSION } from '@core/sdk/version';
import type { PluginInventoryItem } from '@core/shared/plugin-inventory';
import type { PublishedConfig } from '@core/shared/runtime-config';
import type { SessionUser } from '@core/shared/session-user';
import { ConfigError, loadConfig, type ErpConfig } from '@host/server/config';
import { AVAILABLE_SERVER_PLUGINS } from '@host/server/plugins';
import { startServer, type RunningServer } from '@host/server/start-server';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  DB_TIMEOUT,
  login,
  mintToken,
  TEST_SECRET,
} from '../../support/server/test-database';
import { fixturePlugin, pluginJson, writePlugin } from './external-plugins-support';

const PROJECT_DEFAULTS = fileURLToPath(new URL('../../../host/erp.config.json', import.meta.url));
const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';
/** Tokens carry a permissions version no stored one exceeds, so only their codes matter. */
const bearer = (codes: readonly string[]): Record<string, string> => ({
  authorization: `Bearer ${mintToken(codes, { pv: 1_000_000 })}`,
});

let root: string;
let dataDir: string;
let webRoot: string;
const notes = fixturePlugin('notes');
const badMigration = fixturePlugin('bad-migration');
const badRegister = fixturePlugin('bad-register');
const crashImport = fixturePlugin('crash-import');
let broken: string;
let future: string;
let adminClash: string;
let twinA: string;
let twinB: string;
let missing: string;
let afterBad: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'erp-external-'));
  dataDir = join(root, 'data');
  webRoot = join(root, 'web');
  mkdirSync(webRoot);
  writeFileSync(join(webRoot, 'index.html'), INDEX_HTML);
  broken = writePlugin(root, 'broken', '{ "id": "broken", ');
  future = writePlugin(root, 'future', pluginJson('future', { sdk: '^99.0.0' }));
  adminClash = writePlugin(root, 'admin-clash', pluginJson('admin'));
  twinA = writePlugin(root, 'twin-a', pluginJson('twin'));
  twinB = writePlugin(root, 'twin-b', pluginJson('twin'));
  missing = join(root, 'missing-plugin', 'dist');
  afterBad = writePlugin(root, 'after-bad', pluginJson('after-bad', { dependencies: ['bad-migration'] }));
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

function configWith(plugins: readonly string[], folders: readonly string[], env: NodeJS.ProcessEnv = {}): ErpConfig {
  return loadConfig(PROJECT_DEFAULTS, {
    ERP_DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    ERP_JWT_SECRET: TEST_SECRET,
    ERP_ADMIN_EMAIL: ADMIN_EMAIL,
    ERP_ADMIN_PASSWORD: ADMIN_PASSWORD,
    ERP_PLUGINS: plugins.join(','),
    ERP_EXTERNAL_PLUGINS: folders.join(','),
    ...env,
  });
}

interface Started {
  readonly server: RunningServer;
  readonly announced: string[];
  readonly warned: string[];
}

async function start(config: ErpConfig): Promise<Started> {
  const announced: string[] = [];
  const warned: string[] = [];
  const server = await startServer({
    config,
    available: AVAILABLE_SERVER_PLUGINS,
    webRoot,
    logger: false,
    announce: (line) => announced.push(line),
    warn: (line) => warned.push(line),
  });
  return { server, announced, warned };
}

function get(app: FastifyInstance, url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url, headers });
}

function external(server: RunningServer, path: string): PluginInventoryItem | undefined {
  return server.plugins.list().find((item) => item.source.kind === 'external' && item.source.path === path);
}

/** A 404 as the API answers one: JSON, never the app's page in its place. */
function expectNotFound(response: LightMyRequestResponse, url: string): void {
  expect(response.statusCode, url).toBe(404);
  expect(response.headers['content-type'], url).toMatch(/^application\/json/);
  expect(response.body, url).not.toContain('<div id="root">');
}

describe('a server with an external plugin beside failing ones', () => {
  let started: Started;
  let app: FastifyInstance;

  beforeAll(async () => {
    const folders = [
      notes,
      crashImport,
      badMigration,
      badRegister,
      broken,
      future,
      adminClash,
      twinA,
      twinB,
      missing,
      afterBad,
    ];
    const enabled = [
      'admin',
      'notes',
      'crash-import',
      'bad-migration',
      'bad-register',
      'broken',
      'future',
      'twin',
      'missing-plugin',
      'after-bad',
    ];
    started = await start(configWith(enabled, folders));
    app = started.server.app;
  }, DB_TIMEOUT * 3);
  afterAll(async () => {
    await started.server.stop();
  });

  it('answers the plugin’s routes to a caller holding its code, 403 to one without and 401 to nobody', async () => {
    const answered = await get(app, '/api/notes/notes', bearer(['NT']));
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toEqual({ data: [] });
    expect((await get(app, '/api/notes/notes', bearer(['JS']))).statusCode).toBe(403);
    expect((await get(app, '/api/notes/notes')).statusCode).toBe(401);
  });

  it('seeds the running plugins’ codes, held by the superadmin; none of a plugin that failed', async () => {
    const signedIn = await login(app, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    const user = signedIn.json<{ data: { user: SessionUser } }>().data.user;
    expect(user.permissions).toContain('NT');
    expect(user.permissions).not.toContain('BR');
    expect(user.permissions).not.toContain('BM');
    const stored = await started.server.db.query<{ name: string }>(
      "SELECT name FROM core.permissions WHERE name IN ('NT', 'BR', 'BM')",
    );
    expect(stored.rows.map((row) => row.name)).toEqual(['NT']);
  });

  it('publishes only the running plugins at /config.json: their manifests and the external one’s remote', async () => {
    const response = await get(app, '/config.json');
    expect(response.headers['cache-control']).toBe('no-cache');
    const config = response.json<PublishedConfig>();
    expect(config.plugins).toEqual(['admin', 'notes']);
    expect(config.manifests.map((manifest) => manifest.id)).toEqual(['admin', 'notes']);
    expect(config.manifests[1]).toMatchObject({ id: 'notes', version: '0.3.0', permissions: [{ code: 'NT' }] });
    expect(config.remotes).toEqual({
      notes: {
        entry: '/plugins/notes/mf-manifest.json',
        container: 'erp_plugin_notes',
        expose: './plugin',
        translations: { en: '/plugins/notes/i18n/en.json', ru: '/plugins/notes/i18n/ru.json' },
      },
    });
  });

  it('serves the plugin’s web files under /plugins/notes/, same origin: names that stay fresh uncached, hashed chunks for good', async () => {
    const policy = (await get(app, '/config.json')).headers['content-security-policy'];
    const cases: [string, string, RegExp][] = [
      ['/plugins/notes/mf-manifest.json', 'no-cache', /^application\/json/],
      ['/plugins/notes/remoteEntry.js', 'no-cache', /javascript/],
      ['/plugins/notes/i18n/en.json', 'no-cache', /^application\/json/],
      ['/plugins/notes/i18n/ru.json', 'no-cache', /^application\/json/],
      ['/plugins/notes/__federation_expose_plugin.3f9a0c1d2e.js', 'public, max-age=31536000, immutable', /javascript/],
    ];
    for (const [url, cacheControl, type] of cases) {
      const response = await get(app, url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe(cacheControl);
      expect(response.headers['content-type'], url).toMatch(type);
      expect(response.headers['content-security-policy'], url).toBe(policy);
    }
    expect((await get(app, '/plugins/notes/i18n/ru.json')).json()).toEqual({
      title: 'Заметки',
      nav: { notes: 'Заметки' },
    });
  });

  it('serves a file the plugin’s dev build wrote after start: a reload picks it up, no restart', async () => {
    const added = join(notes, 'web', 'added-after-start.js');
    writeFileSync(added, '// rebuilt by erp-plugin dev\n');
    try {
      const response = await get(app, '/plugins/notes/added-after-start.js');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
    } finally {
      rmSync(added);
    }
  });

  it('answers 404 under /plugins/ for a failed, disabled or unknown plugin, a missing file, a source map and any way out of the folder', async () => {
    const urls = [
      '/plugins/notes/missing.js',
      '/plugins/notes/',
      '/plugins/notes/__federation_expose_plugin.3f9a0c1d2e.js.map',
      '/plugins/bad-register/mf-manifest.json',
      '/plugins/crash-import/mf-manifest.json',
      '/plugins/finance/mf-manifest.json',
      '/plugins/unknown/mf-manifest.json',
      '/plugins/notes/../../package.json',
      '/plugins/notes/../plugin.json',
      '/plugins/notes/../server/index.js',
      '/plugins/notes/%2e%2e/%2e%2e/package.json',
      '/plugins/notes/%2E%2E/plugin.json',
      '/plugins/notes/..%2f..%2fpackage.json',
      '/plugins/notes/..%5c..%5cpackage.json',
      '/plugins/notes/i18n/..%2f..%2fplugin.json',
      '/plugins/',
      '/plugins/whatever/page',
    ];
    for (const url of urls) expectNotFound(await get(app, url), url);
    // The admin plugin's Plugins screen is a page of the app, like any other.
    const page = await get(app, '/plugins');
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(INDEX_HTML);
  });

  it('lists every plugin with how its loading went, and logs one line for each that did not start', () => {
    const list = started.server.plugins.list();
    // Only admin is enabled here: every other built-in plugin is listed as disabled.
    expect(list.filter((item) => item.source.kind === 'builtin').map((item) => [item.id, item.state])).toEqual(
      AVAILABLE_SERVER_PLUGINS.map(({ manifest }) => [manifest.id, manifest.id === 'admin' ? 'running' : 'disabled']),
    );
    const expected: [string, string, 'running' | 'failed' | 'refused', string | RegExp | null][] = [
      [notes, 'notes', 'running', null],
      [
        crashImport,
        'crash-import',
        'failed',
        'its server module server/index.js failed to load: crash-import cannot start: its configuration store is missing',
      ],
      [badMigration, 'bad-migration', 'failed', /^its migrations failed: .*no_such_function/],
      [badRegister, 'bad-register', 'failed', 'its registration failed: bad-register exploded while registering'],
      [broken, 'broken', 'failed', /^plugin\.json is not valid JSON: /],
      [future, 'future', 'refused', `plugin "future" was written for SDK ^99.0.0; this host has SDK ${SDK_VERSION}`],
      [adminClash, 'admin', 'refused', 'its id "admin" is a built-in plugin\'s'],
      [twinA, 'twin', 'refused', `the external plugin in ${twinB} has the same id "twin"`],
      [twinB, 'twin', 'refused', `the external plugin in ${twinA} has the same id "twin"`],
      [missing, 'missing-plugin', 'failed', 'cannot read plugin.json: not found'],
      [afterBad, 'after-bad', 'refused', 'it needs plugin "bad-migration", which is not running'],
    ];
    for (const [path, id, state, error] of expected) {
      const item = external(started.server, path);
      expect(item, path).toMatchObject({ id, state, enabled: true, source: { kind: 'external', path } });
      if (error === null) expect(item?.error, path).toBeNull();
      else if (typeof error === 'string') expect(item?.error, path).toBe(error);
      else expect(item?.error, path).toMatch(error);
      const line = `External plugin "${id}" (${path}) not started: ${item?.error ?? ''}`;
      expect(
        started.warned.filter((warned) => warned === line),
        path,
      ).toHaveLength(state === 'running' ? 0 : 1);
    }
    expect(started.warned).toHaveLength(expected.length - 1);
    expect(started.warned.every((line) => !line.includes('\n'))).toBe(true);
    expect(started.announced).toEqual([`External plugin "notes" 0.3.0 started from ${notes}`]);
  });

  it('hands plugins the inventory as it stands when asked, registration failures included', async () => {
    const response = await get(app, '/api/notes/plugin-states', bearer(['NT']));
    const states = response.json<{ data: { id: string; state: string }[] }>().data;
    expect(states).toContainEqual({ id: 'notes', state: 'running' });
    expect(states).toContainEqual({ id: 'bad-register', state: 'failed' });
  });

  it('answers 404 on every route of a plugin whose registration threw, even to a caller holding its code', async () => {
    for (const url of ['/api/bad-register/things', '/api/bad-register/nested'])
      expectNotFound(await get(app, url, bearer(['BR'])), url);
    expectNotFound(await get(app, '/api/bad-migration/things', bearer(['BM'])), '/api/bad-migration/things');
  });

  it('rolls back the failing migration alone: the plugin’s earlier migration stays applied', async () => {
    const tables = await started.server.db.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'bad_migration' ORDER BY table_name",
    );
    expect(tables.rows.map((row) => row.table_name)).toEqual(['kept']);
  });

  it('keeps a note for the next start', async () => {
    await started.server.db.query("INSERT INTO notes.notes (text) VALUES ('kept across starts')");
    expect((await get(app, '/api/notes/notes', bearer(['NT']))).json()).toEqual({
      data: [{ id: 1, text: 'kept across starts' }],
    });
  });
});

describe('onPluginFailure "stop" for what only the database and registration show', () => {
  it(
    'stops start-up with a one-line ConfigError when a plugin’s migrations fail, and frees the database',
    async () => {
      const started = start(configWith(['admin', 'bad-migration'], [badMigration], { ERP_ON_PLUGIN_FAILURE: 'stop' }));
      await expect(started).rejects.toBeInstanceOf(ConfigError);
      const message = await started.catch((error: unknown) => (error as Error).message);
      expect(message).toMatch(
        new RegExp(
          `^External plugin "bad-migration" \\(${badMigration}\\) not started: its migrations failed: .+ \\(onPluginFailure is "stop"\\)$`,
        ),
      );
      expect(message).not.toContain('\n');
    },
    DB_TIMEOUT,
  );

  it(
    'stops start-up with a one-line ConfigError when a plugin’s registration throws, and frees the database',
    async () => {
      const started = start(configWith(['admin', 'bad-register'], [badRegister], { ERP_ON_PLUGIN_FAILURE: 'stop' }));
      await expect(started).rejects.toThrow(
        new ConfigError(
          `External plugin "bad-register" (${badRegister}) not started: its registration failed: bad-register exploded while registering (onPluginFailure is "stop")`,
        ),
      );
    },
    DB_TIMEOUT,
  );
});

describe('a plugin removed from configuration', () => {
  let started: Started;
  let app: FastifyInstance;

  beforeAll(async () => {
    // The database was freed by the refused starts above: this start opens it.
    started = await start(configWith(['admin'], []));
    app = started.server.app;
  }, DB_TIMEOUT * 2);
  afterAll(async () => {
    await started.server.stop();
  });

  it('answers 404 on its routes and files, and is no longer published or listed', async () => {
    expectNotFound(await get(app, '/api/notes/notes', bearer(['NT'])), '/api/notes/notes');
    expectNotFound(await get(app, '/plugins/notes/mf-manifest.json'), '/plugins/notes/mf-manifest.json');
    const config = (await get(app, '/config.json')).json<PublishedConfig>();
    expect(config.manifests.map((manifest) => manifest.id)).toEqual(['admin']);
    expect(config.remotes).toEqual({});
    expect(started.server.plugins.list().map((item) => item.id)).toEqual(
      AVAILABLE_SERVER_PLUGINS.map((plugin) => plugin.manifest.id),
    );
    expect(started.warned).toEqual([]);
  });

  it('keeps its tables, rows and codes: removing a plugin never drops its data', async () => {
    const rows = await started.server.db.query<{ text: string }>('SELECT text FROM notes.notes');
    expect(rows.rows).toEqual([{ text: 'kept across starts' }]);
    const codes = await started.server.db.query<{ name: string }>(
      "SELECT name FROM core.permissions WHERE name = 'NT'",
    );
    expect(codes.rows).toHaveLength(1);
  });
});
