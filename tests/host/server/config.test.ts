import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AUTH_SETTINGS } from '@core/server/auth/auth-settings';
import { defineServerPlugin, type ServerPlugin } from '@core/server/plugin';
import { serviceBaseUrls, SPEC_SERVICES } from '@core/shared/services';
import { ConfigError, loadConfig, runtimeConfigOf } from '@host/server/config';
import { selectPlugins } from '@host/server/plugin-selection';
import { SERVER_PLUGINS_WITH_NOTES } from '../../fixtures/host/server-plugins';
import { AVAILABLE_SERVER_PLUGINS } from '@host/server/plugins';

const PROJECT_DEFAULTS = fileURLToPath(new URL('../../../host/erp.config.json', import.meta.url));
const DEFAULT_SERVICES = serviceBaseUrls(SPEC_SERVICES);

let dir: string;
let counter = 0;

/** Writes `content` (an object is written as JSON) to a new file in the temp dir; returns its path. */
function file(content: unknown): string {
  const path = join(dir, `config-${++counter}.json`);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

const BASE = { productName: 'Base Office', plugins: ['admin'], port: 8080, host: '127.0.0.1', dataDir: '.data' };

function expectConfigError(load: () => unknown, message: RegExp | string): void {
  let thrown: unknown;
  try {
    load();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(ConfigError);
  if (typeof message === 'string') expect((thrown as ConfigError).message).toContain(message);
  else expect((thrown as ConfigError).message).toMatch(message);
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'erp-config-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it("reads the project's defaults file", () => {
    const config = loadConfig(PROJECT_DEFAULTS, {});
    expect(config).toMatchObject({
      productName: 'Agency Back Office',
      defaultLanguage: 'en',
      plugins: ['admin', 'finance', 'messenger', 'tracker', 'shop', 'system', 'social'],
      services: DEFAULT_SERVICES,
      extraRefreshUrls: [],
      port: 8080,
      host: '127.0.0.1',
      dataDir: '.data',
      databaseUrl: undefined,
      jwtSecret: undefined,
      adminEmail: undefined,
      adminPassword: undefined,
      pluginSettings: {},
    });
    expect(config.auth).toEqual(DEFAULT_AUTH_SETTINGS);
  });

  it('falls back to built-in values for keys the file leaves out', () => {
    expect(loadConfig(file({}), {})).toMatchObject({
      productName: 'Back Office',
      defaultLanguage: 'en',
      plugins: [],
      services: DEFAULT_SERVICES,
      port: 8080,
      host: '127.0.0.1',
      dataDir: '.data',
    });
  });

  it('lets the file named in ERP_CONFIG override the defaults, key by key', () => {
    const override = file({ productName: 'Override Office', port: 9000, plugins: [], defaultLanguage: 'ru' });
    const config = loadConfig(file(BASE), { ERP_CONFIG: override });
    expect(config).toMatchObject({
      productName: 'Override Office',
      port: 9000,
      plugins: [],
      defaultLanguage: 'ru',
      host: '127.0.0.1',
      dataDir: '.data',
    });
  });

  it('lets the environment override both files', () => {
    const override = file({
      port: 9000,
      host: '0.0.0.0',
      plugins: ['admin'],
      dataDir: '/file/dir',
      databaseUrl: 'postgres://file/db',
    });
    const config = loadConfig(file(BASE), {
      ERP_CONFIG: override,
      PORT: '7070',
      HOST: '10.0.0.5',
      ERP_PLUGINS: 'alpha',
      ERP_DATA_DIR: '/env/dir',
      DATABASE_URL: 'postgresql://user:pw@db.example:5432/erp',
    });
    expect(config).toMatchObject({
      port: 7070,
      host: '10.0.0.5',
      plugins: ['alpha'],
      dataDir: '/env/dir',
      databaseUrl: 'postgresql://user:pw@db.example:5432/erp',
    });
  });

  it('reads ERP_PLUGINS as a comma list, trimmed and without repeats; an empty value enables none', () => {
    const defaults = file(BASE);
    expect(loadConfig(defaults, { ERP_PLUGINS: ' admin , extra,,admin ' }).plugins).toEqual(['admin', 'extra']);
    expect(loadConfig(defaults, { ERP_PLUGINS: '' }).plugins).toEqual([]);
    expect(loadConfig(defaults, {}).plugins).toEqual(['admin']);
  });

  it('accepts port 0 and reads an empty DATABASE_URL as none, even over the file', () => {
    const defaults = file({ ...BASE, databaseUrl: 'postgres://file/db' });
    expect(loadConfig(defaults, { PORT: '0' }).port).toBe(0);
    expect(loadConfig(defaults, {}).databaseUrl).toBe('postgres://file/db');
    expect(loadConfig(defaults, { DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('takes the secret and the first admin from the environment, an empty value meaning none', () => {
    const defaults = file(BASE);
    expect(
      loadConfig(defaults, { ERP_JWT_SECRET: 's3cret', ERP_ADMIN_EMAIL: 'boss@example.com', ERP_ADMIN_PASSWORD: 'pw' }),
    ).toMatchObject({ jwtSecret: 's3cret', adminEmail: 'boss@example.com', adminPassword: 'pw' });
    expect(loadConfig(defaults, { ERP_JWT_SECRET: '', ERP_ADMIN_EMAIL: '', ERP_ADMIN_PASSWORD: '' })).toMatchObject({
      jwtSecret: undefined,
      adminEmail: undefined,
      adminPassword: undefined,
    });
  });

  it('gives every service a base URL ending in a slash, defaulting those not named', () => {
    const config = loadConfig(
      file({ ...BASE, services: { finance: 'https://finance.example.com/api', shop: '/shop/' } }),
      {},
    );
    expect(config.services).toEqual({
      ...DEFAULT_SERVICES,
      finance: 'https://finance.example.com/api/',
      shop: '/shop/',
    });
  });

  it('takes a plugin’s own service, and gives an enabled plugin’s unconfigured one its default base URL', () => {
    const config = loadConfig(file({ ...BASE, services: { notes: 'https://notes.example.com' } }), {});
    expect(config.services).toEqual({ ...DEFAULT_SERVICES, notes: 'https://notes.example.com/' });
    expect(runtimeConfigOf(config, ['notes', 'minutes', 'finance']).services).toEqual({
      ...DEFAULT_SERVICES,
      notes: 'https://notes.example.com/',
      minutes: '/api/minutes/',
    });
  });

  it('publishes only the public part as the runtime config', () => {
    const config = loadConfig(file({ ...BASE, extraRefreshUrls: ['https://x.example/refresh'] }), {
      ERP_JWT_SECRET: 'top-secret',
      ERP_ADMIN_PASSWORD: 'admin-password',
      DATABASE_URL: 'postgres://user:db-password@host/db',
    });
    const published = runtimeConfigOf(config);
    expect(published).toEqual({
      productName: 'Base Office',
      defaultLanguage: 'en',
      plugins: ['admin'],
      services: DEFAULT_SERVICES,
      extraRefreshUrls: ['https://x.example/refresh'],
    });
    const text = JSON.stringify(published);
    for (const secret of ['top-secret', 'admin-password', 'db-password']) expect(text).not.toContain(secret);
  });

  describe('refuses a bad configuration with a ConfigError that names the problem', () => {
    it('a defaults file that is not valid JSON', () => {
      const path = file('{ "productName": "x", ');
      expectConfigError(() => loadConfig(path, {}), `configuration file ${path} is not valid JSON`);
    });

    it('an ERP_CONFIG file that is not valid JSON', () => {
      const path = file('{ port: 80 }');
      expectConfigError(
        () => loadConfig(file(BASE), { ERP_CONFIG: path }),
        `configuration file ${path} is not valid JSON`,
      );
    });

    it('an ERP_CONFIG file that does not exist', () => {
      const path = join(dir, 'missing.json');
      expectConfigError(
        () => loadConfig(file(BASE), { ERP_CONFIG: path }),
        `cannot read configuration file ${path}: ENOENT`,
      );
    });

    it('a file that holds no JSON object', () => {
      expectConfigError(() => loadConfig(file([1, 2]), {}), 'must hold a JSON object');
      expectConfigError(() => loadConfig(file('null'), {}), 'must hold a JSON object');
    });

    it('an unknown key, naming it', () => {
      expectConfigError(() => loadConfig(file({ ...BASE, prot: 80 }), {}), 'unknown key(s): prot');
      expectConfigError(
        () => loadConfig(file(BASE), { ERP_CONFIG: file({ plugin: ['admin'] }) }),
        'unknown key(s): plugin',
      );
    });

    it.each([
      ['PORT=abc', {}, { PORT: 'abc' }],
      ['PORT=70000', {}, { PORT: '70000' }],
      ['PORT=-1', {}, { PORT: '-1' }],
      ['PORT=80x', {}, { PORT: '80x' }],
      ['a fractional port in the file', { port: 80.5 }, {}],
      ['a port string in the file', { port: 'eighty' }, {}],
    ])('a bad port: %s', (_label, fileValues, env) => {
      expectConfigError(
        () => loadConfig(file({ ...BASE, ...fileValues }), env),
        'config "port" must be a port number (0-65535)',
      );
    });

    it.each(['mysql://user@host/db', 'http://db.example', '/var/run/postgres'])(
      'a DATABASE_URL %s that is not a PostgreSQL URL',
      (url) => {
        expectConfigError(
          () => loadConfig(file(BASE), { DATABASE_URL: url }),
          'DATABASE_URL must start with postgres:// or postgresql://',
        );
        expectConfigError(
          () => loadConfig(file({ ...BASE, databaseUrl: url }), {}),
          'DATABASE_URL must start with postgres://',
        );
      },
    );

    it('a service name that is not a service id, naming it', () => {
      expectConfigError(
        () => loadConfig(file({ ...BASE, services: { 'Billing Dept': 'https://billing.example/' } }), {}),
        'config "services" names "Billing Dept", which is not a service id (^[a-z][a-z0-9-]{1,31}$)',
      );
    });

    it('a language the product does not speak', () => {
      expectConfigError(
        () => loadConfig(file({ ...BASE, defaultLanguage: 'de' }), {}),
        'config "defaultLanguage" must be one of en, ru',
      );
    });

    it('a plugin list that is not a list of strings', () => {
      expectConfigError(
        () => loadConfig(file({ ...BASE, plugins: 'admin' }), {}),
        'config "plugins" must be a list of strings',
      );
      expectConfigError(
        () => loadConfig(file({ ...BASE, plugins: ['admin', 3] }), {}),
        'config "plugins" must be a list of strings',
      );
    });

    it('an empty product name or host', () => {
      expectConfigError(
        () => loadConfig(file({ ...BASE, productName: ' ' }), {}),
        'config "productName" must be a non-empty string',
      );
      expectConfigError(() => loadConfig(file({ ...BASE, host: 42 }), {}), 'config "host" must be a non-empty string');
    });

    it('plugin settings that are not objects', () => {
      expectConfigError(
        () => loadConfig(file({ ...BASE, pluginSettings: { admin: [] } }), {}),
        'config "pluginSettings.admin" must be an object',
      );
    });

    it('auth settings that are not http(s) URLs or positive ages', () => {
      expectConfigError(
        () => loadConfig(file(BASE), { ERP_MATTERMOST_URL: 'ftp://chat.example' }),
        'config "auth.mattermost.url" must be an http(s) URL',
      );
      expectConfigError(
        () => loadConfig(file({ ...BASE, auth: { telegram: { maxAgeSeconds: 0 } } }), {}),
        'config "auth.telegram.maxAgeSeconds" must be a positive whole number',
      );
    });

    it.each([['4'], ['86401'], ['15m'], ['']])('an access-token lifetime of %j seconds', (value) => {
      expectConfigError(
        () => loadConfig(file(BASE), { ERP_ACCESS_TOKEN_SECONDS: value }),
        'config "auth.accessTokenSeconds" (ERP_ACCESS_TOKEN_SECONDS) must be a whole number of seconds from 5 to 86400',
      );
    });
  });

  it.each([
    [
      'ERP_REFRESH_GRACE_SECONDS',
      '61',
      'config "auth.refreshGraceSeconds" (ERP_REFRESH_GRACE_SECONDS) must be a whole number of seconds from 0 to 60',
    ],
    [
      'ERP_REFRESH_GRACE_SECONDS',
      '5s',
      'config "auth.refreshGraceSeconds" (ERP_REFRESH_GRACE_SECONDS) must be a whole number of seconds from 0 to 60',
    ],
    [
      'ERP_REVOCATION_POLL_SECONDS',
      '0',
      'config "auth.revocationPollSeconds" (ERP_REVOCATION_POLL_SECONDS) must be a whole number of seconds from 1 to 60',
    ],
    [
      'ERP_REVOCATION_POLL_SECONDS',
      '61',
      'config "auth.revocationPollSeconds" (ERP_REVOCATION_POLL_SECONDS) must be a whole number of seconds from 1 to 60',
    ],
  ])('refuses %s=%j', (name, value, message) => {
    expectConfigError(() => loadConfig(file(BASE), { [name]: value }), message);
  });

  it('takes the refresh grace and the revocation poll from the environment over the file, 10 s and 2 s when neither says', () => {
    expect(loadConfig(file(BASE), {}).auth).toMatchObject({ refreshGraceSeconds: 10, revocationPollSeconds: 2 });
    const fromFile = file({ ...BASE, auth: { refreshGraceSeconds: 0, revocationPollSeconds: 5 } });
    expect(loadConfig(fromFile, {}).auth).toMatchObject({ refreshGraceSeconds: 0, revocationPollSeconds: 5 });
    expect(
      loadConfig(fromFile, { ERP_REFRESH_GRACE_SECONDS: '30', ERP_REVOCATION_POLL_SECONDS: '3' }).auth,
    ).toMatchObject({
      refreshGraceSeconds: 30,
      revocationPollSeconds: 3,
    });
  });

  it('takes the shutdown timeout from the environment over the file, 10 s when neither says, and refuses one out of 0-600', () => {
    expect(loadConfig(file(BASE), {}).shutdownTimeoutSeconds).toBe(10);
    const fromFile = file({ ...BASE, shutdownTimeoutSeconds: 30 });
    expect(loadConfig(fromFile, {}).shutdownTimeoutSeconds).toBe(30);
    expect(loadConfig(fromFile, { ERP_SHUTDOWN_TIMEOUT_SECONDS: '0' }).shutdownTimeoutSeconds).toBe(0);
    const message =
      'config "shutdownTimeoutSeconds" (ERP_SHUTDOWN_TIMEOUT_SECONDS) must be a whole number of seconds from 0 to 600';
    expectConfigError(() => loadConfig(file(BASE), { ERP_SHUTDOWN_TIMEOUT_SECONDS: '601' }), message);
    expectConfigError(() => loadConfig(file({ ...BASE, shutdownTimeoutSeconds: 'soon' }), {}), message);
  });

  it('keeps backups beside the data directory, the last 7, daily at 02:30 UTC, unless the file or the environment says otherwise', () => {
    expect(loadConfig(file({ ...BASE, dataDir: 'state/db/' }), {}).backups).toEqual({
      dir: `${resolve('state/db')}-backups`,
      keep: 7,
      schedule: '30 2 * * *',
    });
    const fromFile = file({ ...BASE, backups: { dir: '/srv/backups', keep: 3, schedule: '0 4 * * 0' } });
    expect(loadConfig(fromFile, {}).backups).toEqual({ dir: '/srv/backups', keep: 3, schedule: '0 4 * * 0' });
    expect(
      loadConfig(fromFile, { ERP_BACKUPS_DIR: '/mnt/b', ERP_BACKUPS_KEEP: '30', ERP_BACKUPS_SCHEDULE: 'off' }).backups,
    ).toEqual({ dir: '/mnt/b', keep: 30, schedule: null });
    expectConfigError(
      () => loadConfig(fromFile, { ERP_BACKUPS_SCHEDULE: 'daily' }),
      'config "backups.schedule" (ERP_BACKUPS_SCHEDULE) must be a 5-field cron expression in UTC or "off"',
    );
    expectConfigError(
      () => loadConfig(file({ ...BASE, backups: { keep: 0 } }), {}),
      'config "backups.keep" (ERP_BACKUPS_KEEP) must be a whole number from 1 to 1000',
    );
    expectConfigError(
      () => loadConfig(file({ ...BASE, backups: { every: 'day' } }), {}),
      'config "backups" has unknown key(s): every',
    );
  });

  it('takes the access-token lifetime from the environment over the file, 15 minutes when neither says', () => {
    expect(loadConfig(file(BASE), {}).auth.accessTokenSeconds).toBe(900);
    expect(loadConfig(file({ ...BASE, auth: { accessTokenSeconds: 600 } }), {}).auth.accessTokenSeconds).toBe(600);
    expect(
      loadConfig(file({ ...BASE, auth: { accessTokenSeconds: 600 } }), { ERP_ACCESS_TOKEN_SECONDS: '30' }).auth
        .accessTokenSeconds,
    ).toBe(30);
  });

  it('reads auth settings from the file and secrets from the environment, trimming URL slashes', () => {
    const config = loadConfig(
      file({
        ...BASE,
        auth: {
          telegram: { botLink: 'https://t.me/erp_bot/' },
          mattermost: { url: 'https://chat.example//', clientId: 'cid' },
        },
      }),
      { ERP_TELEGRAM_BOT_TOKEN: 'bot-token', ERP_MATTERMOST_CLIENT_SECRET: 'mm-secret' },
    );
    expect(config.auth).toEqual({
      accessTokenSeconds: DEFAULT_AUTH_SETTINGS.accessTokenSeconds,
      refreshGraceSeconds: DEFAULT_AUTH_SETTINGS.refreshGraceSeconds,
      revocationPollSeconds: DEFAULT_AUTH_SETTINGS.revocationPollSeconds,
      telegram: {
        botToken: 'bot-token',
        botLink: 'https://t.me/erp_bot',
        maxAgeSeconds: DEFAULT_AUTH_SETTINGS.telegram.maxAgeSeconds,
      },
      mattermost: { url: 'https://chat.example', clientId: 'cid', clientSecret: 'mm-secret', redirectUri: undefined },
    });
  });
});

describe('loadConfig: external plugins', () => {
  /** Writes a config file in a folder of its own under the temp dir; returns its path. */
  function fileIn(folder: string, content: unknown): string {
    mkdirSync(join(dir, folder), { recursive: true });
    const path = join(dir, folder, 'erp.config.json');
    writeFileSync(path, JSON.stringify(content));
    return path;
  }

  it('names none and continues past a failing plugin when the files say nothing', () => {
    expect(loadConfig(file(BASE), {})).toMatchObject({ externalPlugins: [], onPluginFailure: 'continue' });
    expect(loadConfig(PROJECT_DEFAULTS, {})).toMatchObject({ externalPlugins: [], onPluginFailure: 'continue' });
  });

  it('reads each folder of the file relative to that file, an absolute one as it is, each once', () => {
    const config = loadConfig(
      fileIn('site-a', {
        ...BASE,
        externalPlugins: [{ path: 'plugins/notes/dist' }, { path: '/opt/erp/crm' }, { path: './plugins/notes/dist/' }],
      }),
      {},
    );
    expect(config.externalPlugins).toEqual([join(dir, 'site-a/plugins/notes/dist'), '/opt/erp/crm']);
  });

  it('reads the folders of the ERP_CONFIG file relative to that file, replacing the defaults file’s', () => {
    const defaults = fileIn('defaults', { ...BASE, externalPlugins: [{ path: 'base-plugin' }] });
    expect(loadConfig(defaults, {}).externalPlugins).toEqual([join(dir, 'defaults/base-plugin')]);
    const override = fileIn('override', { externalPlugins: [{ path: '../shared/crm' }] });
    expect(loadConfig(defaults, { ERP_CONFIG: override }).externalPlugins).toEqual([join(dir, 'shared/crm')]);
    // An ERP_CONFIG file that does not name the key leaves the defaults file's, read from the defaults' folder.
    expect(loadConfig(defaults, { ERP_CONFIG: fileIn('silent', { port: 9000 }) }).externalPlugins).toEqual([
      join(dir, 'defaults/base-plugin'),
    ]);
  });

  it('takes ERP_EXTERNAL_PLUGINS over the files, comma-separated, relative to the working directory; empty names none', () => {
    const defaults = fileIn('with-list', { ...BASE, externalPlugins: [{ path: 'from-file' }] });
    expect(loadConfig(defaults, { ERP_EXTERNAL_PLUGINS: ' plugins/a/dist , /srv/b,, ' }).externalPlugins).toEqual([
      resolve('plugins/a/dist'),
      '/srv/b',
    ]);
    expect(loadConfig(defaults, { ERP_EXTERNAL_PLUGINS: '' }).externalPlugins).toEqual([]);
  });

  it('takes onPluginFailure from the environment over the files', () => {
    expect(loadConfig(file({ ...BASE, onPluginFailure: 'stop' }), {}).onPluginFailure).toBe('stop');
    expect(
      loadConfig(file({ ...BASE, onPluginFailure: 'stop' }), { ERP_ON_PLUGIN_FAILURE: 'continue' }).onPluginFailure,
    ).toBe('continue');
    expect(loadConfig(file(BASE), { ERP_ON_PLUGIN_FAILURE: 'stop' }).onPluginFailure).toBe('stop');
  });

  it.each([
    ['not a list', { path: 'a' }, 'must be a list of { "path": "<folder holding plugin.json>" }'],
    ['a bare string', ['plugins/a'], 'entry 0 is not an object'],
    ['an entry without a path', [{ folder: 'plugins/a' }], 'entry 0 has unknown key(s): folder'],
    [
      'an entry with a key beside the path',
      [{ path: 'a' }, { path: 'b', enabled: true }],
      'entry 1 has unknown key(s): enabled',
    ],
    ['an empty path', [{ path: ' ' }], 'entry 0 has no "path" string'],
    ['a path that is not a string', [{ path: 42 }], 'entry 0 has no "path" string'],
  ])('refuses an externalPlugins that is %s, in one line naming the file', (_label, value, message) => {
    const path = file({ ...BASE, externalPlugins: value });
    expectConfigError(() => loadConfig(path, {}), `config "externalPlugins" in ${path} must be`);
    expectConfigError(() => loadConfig(path, {}), message);
    expect(() => loadConfig(path, {})).toThrow(/^[^\n]+$/);
  });

  it('refuses an onPluginFailure other than continue or stop', () => {
    const problem = 'config "onPluginFailure" (ERP_ON_PLUGIN_FAILURE) must be one of continue, stop';
    expectConfigError(() => loadConfig(file({ ...BASE, onPluginFailure: 'ignore' }), {}), problem);
    expectConfigError(() => loadConfig(file({ ...BASE, onPluginFailure: true }), {}), problem);
    expectConfigError(() => loadConfig(file(BASE), { ERP_ON_PLUGIN_FAILURE: 'halt' }), problem);
  });
});

describe('selectPlugins', () => {
  function plugin(id: string, dependencies: readonly string[] = []): ServerPlugin {
    return defineServerPlugin({
      manifest: {
        id,
        version: '1.0.0',
        sdk: '^2.0.0',
        titleKey: `${id}:title`,
        service: 'system',
        dependencies,
        namespaces: [id],
        pages: [],
      },
      migrations: [],
      register: () => undefined,
    });
  }

  const ids = (plugins: readonly ServerPlugin[]): string[] => plugins.map((selected) => selected.manifest.id);

  it('returns only the enabled plugins, none when none is enabled', () => {
    const available = [plugin('alpha'), plugin('beta'), plugin('gamma')];
    expect(ids(selectPlugins(available, ['gamma', 'alpha']))).toEqual(['gamma', 'alpha']);
    expect(selectPlugins(available, [])).toEqual([]);
  });

  it('selects the real admin plugin by its id', () => {
    expect(selectPlugins(AVAILABLE_SERVER_PLUGINS, ['admin']).map((selected) => selected.manifest.id)).toEqual([
      'admin',
    ]);
  });

  it('refuses an unknown id, naming it and the available ones', () => {
    expectConfigError(
      () => selectPlugins([plugin('alpha'), plugin('beta')], ['alpha', 'ghost']),
      'unknown plugin "ghost" in configuration (available: alpha, beta)',
    );
  });

  it('refuses a plugin whose dependency is not enabled, naming both', () => {
    expectConfigError(
      () => selectPlugins([plugin('base'), plugin('reports', ['base'])], ['reports']),
      'plugin "reports" needs plugin "base", which is not enabled',
    );
  });

  it('puts every dependency before the plugins that need it, each once', () => {
    const available = [
      plugin('app', ['ui', 'data']),
      plugin('ui', ['data']),
      plugin('data'),
      plugin('extra', ['data']),
    ];
    expect(ids(selectPlugins(available, ['app', 'extra', 'ui', 'data']))).toEqual(['data', 'ui', 'app', 'extra']);
    expect(ids(selectPlugins(available, ['extra', 'data']))).toEqual(['data', 'extra']);
  });

  it('starts an enabled optional dependency first, and does without one that is not enabled', () => {
    const base = plugin('teams');
    const optional = { ...base, manifest: { ...plugin('proxies').manifest, optionalDependencies: ['teams'] } };
    expect(ids(selectPlugins([base, optional], ['proxies', 'teams']))).toEqual(['teams', 'proxies']);
    expect(ids(selectPlugins([base, optional], ['proxies']))).toEqual(['proxies']);
  });

  it('refuses a dependency cycle', () => {
    expectConfigError(
      () => selectPlugins([plugin('aa', ['bb']), plugin('bb', ['aa'])], ['aa', 'bb']),
      'dependency cycle',
    );
  });

  it('refuses a plugin whose manifest is faulty, naming it and the problem', () => {
    const faulty = plugin('notes');
    const broken = { ...faulty, manifest: { ...faulty.manifest, service: 'Notes API' } };
    expectConfigError(
      () => selectPlugins([broken], ['notes']),
      'plugin "notes" has a faulty manifest: service "Notes API" is not a valid service id',
    );
  });

  it('refuses enabled plugins that declare one page or one code, or fill a slot no enabled plugin offers', () => {
    const page = { path: '/notes', titleKey: 'x:title', requires: 'NT' };
    const code = { code: 'NT', area: 'admin', description: { en: 'Notes', ru: 'Заметки' } };
    const first = plugin('first');
    const second = plugin('second');
    const both = [
      { ...first, manifest: { ...first.manifest, pages: [page], permissions: [code] } },
      {
        ...second,
        manifest: {
          ...second.manifest,
          pages: [page],
          permissions: [code],
          slots: { 'first.aside': 'NT' },
          dependencies: ['first'],
        },
      },
    ];
    expectConfigError(
      () => selectPlugins(both, ['first', 'second']),
      'the enabled plugins do not fit together: page "/notes" is declared by both "first" and "second"; permission "NT" is declared by both "first" and "second"; plugin "second" fills slot "first.aside", which no enabled plugin offers',
    );
    expect(ids(selectPlugins(both, ['first']))).toEqual(['first']);
  });

  it('accepts the product’s plugins and the notes fixture together', () => {
    expect(ids(selectPlugins(SERVER_PLUGINS_WITH_NOTES, ['admin', 'finance', 'notes']))).toEqual([
      'admin',
      'finance',
      'notes',
    ]);
  });
});
