import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { LANGUAGES, type Language, type RuntimeConfig } from '@core/shared/runtime-config';
import {
  isServiceId,
  SERVICE_ID_PATTERN,
  serviceBaseUrls,
  SPEC_SERVICES,
  type ServiceName,
} from '@core/shared/services';
import {
  ACCESS_TOKEN_SECONDS_RANGE,
  DEFAULT_AUTH_SETTINGS,
  REFRESH_GRACE_SECONDS_RANGE,
  REVOCATION_POLL_SECONDS_RANGE,
  type AuthSettings,
} from '@core/server/auth/auth-settings';
import { isPostgresUrl } from '@core/server/database/open-database';
import type { AdmissionLimits } from '@core/server/http/admission-limiter';
import { DEFAULT_RETENTION_DAYS } from '@core/server/jobs/retention';
import { DEFAULT_MAX_STREAMS } from '@core/server/notifications';
import {
  DEFAULT_BACKUPS_KEEP,
  DEFAULT_BACKUPS_SCHEDULE,
  defaultBackupsDir,
  type BackupSettings,
} from '@core/server/backups';
import { parseCron } from '@core/server/jobs/cron';

/** The server's whole configuration after files and environment are merged. */
export interface ErpConfig extends RuntimeConfig {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly jwtSecret: string | undefined;
  readonly adminEmail: string | undefined;
  readonly adminPassword: string | undefined;
  readonly pluginSettings: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly auth: AuthSettings;
  /** How many proxies in front of the server to trust for the client address (0: none). */
  readonly trustProxy: number;
  /** Serve the web build's source maps (*.map); off in production unless asked for. */
  readonly serveSourceMaps: boolean;
  /** Admission bounds under load; each one not set is the database kind's default (admission-limiter.ts). */
  readonly overload: Partial<AdmissionLimits>;
  /** Finished background jobs older than `retentionDays` are deleted daily, except each record's latest. */
  readonly jobs: { readonly retentionDays: number };
  /** The notification streams (server-sent events) one copy holds at most. */
  readonly notifications: { readonly maxStreams: number };
  /** How long a stop (SIGTERM) waits for requests in flight before cutting them and closing the database. */
  readonly shutdownTimeoutSeconds: number;
  /**
   * Folders of external plugins (each holds a `plugin.json`), as absolute paths in configuration
   * order. Naming a folder makes its plugin available; `plugins` enables it by id like a built-in one.
   */
  readonly externalPlugins: readonly string[];
  /** What an external plugin that cannot start does to start-up: left out with a log line, or a configuration error. */
  readonly onPluginFailure: PluginFailurePolicy;
  /** The bearer token of GET /metrics (ERP_METRICS_TOKEN); none: no metrics, /metrics answers 404. */
  readonly metricsToken: string | undefined;
  /** This copy's name (ERP_INSTANCE_NAME), sent in every answer's `x-served-by` so a balancer's copies can be told apart; none: no header. */
  readonly instanceName?: string;
  /** The running server's backups of its embedded database (unused on PostgreSQL). */
  readonly backups: BackupSettings;
}

/**
 * `continue`: the server starts without an external plugin that cannot (its folder, plugin.json,
 * SDK range, server module, migrations or registration), logs one line and lists it as failed or
 * refused; `stop`: the same problem stops start-up as a ConfigError.
 */
export type PluginFailurePolicy = 'continue' | 'stop';

export const PLUGIN_FAILURE_POLICIES: readonly PluginFailurePolicy[] = ['continue', 'stop'];

/** A configuration problem; start-up prints its message as one line and exits with 1. */
export class ConfigError extends Error {}

type Json = Record<string, unknown>;

const KNOWN_KEYS = new Set([
  'productName',
  'defaultLanguage',
  'plugins',
  'services',
  'extraRefreshUrls',
  'port',
  'host',
  'dataDir',
  'databaseUrl',
  'pluginSettings',
  'auth',
  'trustProxy',
  'serveSourceMaps',
  'overload',
  'jobs',
  'notifications',
  'shutdownTimeoutSeconds',
  'externalPlugins',
  'onPluginFailure',
  'metricsToken',
  'backups',
]);

function readJsonFile(path: string): Json {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError(
      `cannot read configuration file ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`configuration file ${path} is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ConfigError(`configuration file ${path} must hold a JSON object`);
  }
  const unknown = Object.keys(value).filter((key) => !KNOWN_KEYS.has(key));
  if (unknown.length > 0) throw new ConfigError(`configuration file ${path} has unknown key(s): ${unknown.join(', ')}`);
  return value as Json;
}

function text(value: unknown, key: string): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw new ConfigError(`config "${key}" must be a non-empty string`);
  return value;
}

function stringList(value: unknown, key: string): string[] {
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw new ConfigError(`config "${key}" must be a list of strings`);
  }
  return value as string[];
}

/** A whole number from `min` to `max`, given as a number (the file) or digits (the environment); else `problem`. */
function wholeNumberIn(value: unknown, min: number, max: number, problem: string): number {
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < min || number > max)
    throw new ConfigError(problem);
  return number;
}

function port(value: unknown, key: string): number {
  return wholeNumberIn(value, 0, 65535, `config "${key}" must be a port number (0-65535)`);
}

function services(value: unknown): Record<ServiceName, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ConfigError('config "services" must be an object');
  // The spec's services always have a base URL; a plugin's own service gets its default in runtimeConfigOf.
  const result = serviceBaseUrls(SPEC_SERVICES);
  for (const [name, url] of Object.entries(value)) {
    if (!isServiceId(name))
      throw new ConfigError(`config "services" names "${name}", which is not a service id (${SERVICE_ID_PATTERN})`);
    const base = text(url, `services.${name}`);
    result[name] = base.endsWith('/') ? base : `${base}/`;
  }
  return result;
}

function pluginSettings(value: unknown): Record<string, Record<string, unknown>> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ConfigError('config "pluginSettings" must be an object');
  for (const [id, settings] of Object.entries(value)) {
    if (typeof settings !== 'object' || settings === null || Array.isArray(settings)) {
      throw new ConfigError(`config "pluginSettings.${id}" must be an object`);
    }
  }
  return value as Record<string, Record<string, unknown>>;
}

function section(value: unknown, key: string): Json {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ConfigError(`config "${key}" must be an object`);
  return value as Json;
}

function optionalText(value: unknown, key: string): string | undefined {
  return value === undefined || value === '' ? undefined : text(value, key);
}

function optionalUrl(value: unknown, key: string): string | undefined {
  const url = optionalText(value, key);
  if (url !== undefined && !/^https?:\/\//.test(url)) throw new ConfigError(`config "${key}" must be an http(s) URL`);
  return url?.replace(/\/+$/, '');
}

/** Secrets (bot token, client secret) come from the environment; the rest may sit in the file. */
function authSettings(value: unknown, env: NodeJS.ProcessEnv): AuthSettings {
  const auth = section(value, 'auth');
  const telegram = section(auth.telegram, 'auth.telegram');
  const mattermost = section(auth.mattermost, 'auth.mattermost');
  const maxAge = telegram.maxAgeSeconds ?? DEFAULT_AUTH_SETTINGS.telegram.maxAgeSeconds;
  if (typeof maxAge !== 'number' || !Number.isInteger(maxAge) || maxAge <= 0) {
    throw new ConfigError('config "auth.telegram.maxAgeSeconds" must be a positive whole number');
  }
  const { min, max } = ACCESS_TOKEN_SECONDS_RANGE;
  const lifetime = wholeNumberIn(
    env.ERP_ACCESS_TOKEN_SECONDS ?? auth.accessTokenSeconds ?? DEFAULT_AUTH_SETTINGS.accessTokenSeconds,
    min,
    max,
    `config "auth.accessTokenSeconds" (ERP_ACCESS_TOKEN_SECONDS) must be a whole number of seconds from ${min} to ${max}`,
  );
  const grace = REFRESH_GRACE_SECONDS_RANGE;
  const refreshGrace = wholeNumberIn(
    env.ERP_REFRESH_GRACE_SECONDS ?? auth.refreshGraceSeconds ?? DEFAULT_AUTH_SETTINGS.refreshGraceSeconds,
    grace.min,
    grace.max,
    `config "auth.refreshGraceSeconds" (ERP_REFRESH_GRACE_SECONDS) must be a whole number of seconds from ${grace.min} to ${grace.max}`,
  );
  const poll = REVOCATION_POLL_SECONDS_RANGE;
  const revocationPoll = wholeNumberIn(
    env.ERP_REVOCATION_POLL_SECONDS ?? auth.revocationPollSeconds ?? DEFAULT_AUTH_SETTINGS.revocationPollSeconds,
    poll.min,
    poll.max,
    `config "auth.revocationPollSeconds" (ERP_REVOCATION_POLL_SECONDS) must be a whole number of seconds from ${poll.min} to ${poll.max}`,
  );
  return {
    accessTokenSeconds: lifetime,
    refreshGraceSeconds: refreshGrace,
    revocationPollSeconds: revocationPoll,
    telegram: {
      botToken: optionalText(env.ERP_TELEGRAM_BOT_TOKEN, 'ERP_TELEGRAM_BOT_TOKEN'),
      botLink: optionalUrl(env.ERP_TELEGRAM_BOT_LINK ?? telegram.botLink, 'auth.telegram.botLink'),
      maxAgeSeconds: maxAge,
    },
    mattermost: {
      url: optionalUrl(env.ERP_MATTERMOST_URL ?? mattermost.url, 'auth.mattermost.url'),
      clientId: optionalText(env.ERP_MATTERMOST_CLIENT_ID ?? mattermost.clientId, 'auth.mattermost.clientId'),
      clientSecret: optionalText(env.ERP_MATTERMOST_CLIENT_SECRET, 'ERP_MATTERMOST_CLIENT_SECRET'),
      redirectUri: optionalUrl(
        env.ERP_MATTERMOST_REDIRECT_URI ?? mattermost.redirectUri,
        'auth.mattermost.redirectUri',
      ),
    },
  };
}

/** A yes/no setting: true or false in the file, 1/0 or true/false in the environment. */
function flag(value: unknown, key: string): boolean {
  if (value === true || value === 'true' || value === '1') return true;
  if (value === false || value === 'false' || value === '0') return false;
  throw new ConfigError(`config "${key}" must be true or false`);
}

/** Each admission bound: its environment variable and the whole numbers it may be. */
const OVERLOAD_SETTINGS: readonly (readonly [keyof AdmissionLimits, string, number, number])[] = [
  ['maxConcurrent', 'ERP_OVERLOAD_MAX_CONCURRENT', 1, 10_000],
  ['maxQueued', 'ERP_OVERLOAD_MAX_QUEUED', 0, 100_000],
  ['maxQueueWaitMs', 'ERP_OVERLOAD_MAX_QUEUE_WAIT_MS', 1, 600_000],
];

function overloadSettings(value: unknown, env: NodeJS.ProcessEnv): Partial<AdmissionLimits> {
  const overload = section(value, 'overload');
  const unknown = Object.keys(overload).filter((key) => !OVERLOAD_SETTINGS.some(([name]) => name === key));
  if (unknown.length > 0) throw new ConfigError(`config "overload" has unknown key(s): ${unknown.join(', ')}`);
  const settings: Partial<Record<keyof AdmissionLimits, number>> = {};
  for (const [key, variable, min, max] of OVERLOAD_SETTINGS) {
    const given = env[variable] ?? overload[key];
    if (given !== undefined)
      settings[key] = wholeNumberIn(
        given,
        min,
        max,
        `config "overload.${key}" (${variable}) must be a whole number from ${min} to ${max}`,
      );
  }
  return settings;
}

function proxyHops(value: unknown): number {
  return wholeNumberIn(
    value,
    0,
    10,
    'config "trustProxy" (ERP_TRUST_PROXY) must be the number of proxies in front of the server, 0-10',
  );
}

/** Comma-separated plugin ids; an empty value enables none. */
function pluginList(value: string): string[] {
  return value
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
}

const EXTERNAL_PLUGINS_SHAPE = 'a list of { "path": "<folder holding plugin.json>" }';

/**
 * A file's `externalPlugins`: each entry `{ "path": … }` and nothing else, a relative path read from
 * the folder of the file that names it (so a configuration file and its plugins move together).
 */
function externalPluginFolders(value: unknown, file: string): string[] {
  const problem = `config "externalPlugins" in ${file} must be ${EXTERNAL_PLUGINS_SHAPE}`;
  if (!Array.isArray(value)) throw new ConfigError(problem);
  return value.map((entry: unknown, index) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
      throw new ConfigError(`${problem}; entry ${index} is not an object`);
    const keys = Object.keys(entry);
    const unknown = keys.filter((key) => key !== 'path');
    if (unknown.length > 0)
      throw new ConfigError(`${problem}; entry ${index} has unknown key(s): ${unknown.join(', ')}`);
    const path: unknown = (entry as Json).path;
    if (typeof path !== 'string' || path.trim() === '')
      throw new ConfigError(`${problem}; entry ${index} has no "path" string`);
    return resolve(dirname(resolve(file)), path);
  });
}

/** ERP_EXTERNAL_PLUGINS: comma-separated folders, relative ones read from the working directory; empty names none. */
function externalPluginFoldersOf(value: string): string[] {
  return value
    .split(',')
    .map((path) => path.trim())
    .filter((path) => path !== '')
    .map((path) => resolve(path));
}

/** A metrics token short enough to guess would open the figures to anyone. */
const METRICS_TOKEN_MIN_LENGTH = 16;

function metricsToken(value: unknown): string | undefined {
  const token = optionalText(value, 'metricsToken (ERP_METRICS_TOKEN)');
  if (token !== undefined && token.length < METRICS_TOKEN_MIN_LENGTH) {
    throw new ConfigError(
      `config "metricsToken" (ERP_METRICS_TOKEN) must be at least ${METRICS_TOKEN_MIN_LENGTH} characters`,
    );
  }
  return token;
}

function pluginFailurePolicy(value: unknown): PluginFailurePolicy {
  const policy = PLUGIN_FAILURE_POLICIES.find((known) => known === value);
  if (!policy)
    throw new ConfigError(
      `config "onPluginFailure" (ERP_ON_PLUGIN_FAILURE) must be one of ${PLUGIN_FAILURE_POLICIES.join(', ')}`,
    );
  return policy;
}

const BACKUP_KEYS = ['dir', 'keep', 'schedule'];

/** `backups` (ERP_BACKUPS_DIR, ERP_BACKUPS_KEEP, ERP_BACKUPS_SCHEDULE): where, how many, and when ("off": never). */
function backupSettings(value: unknown, env: NodeJS.ProcessEnv, dataDir: string): BackupSettings {
  const backups = section(value, 'backups');
  const unknown = Object.keys(backups).filter((key) => !BACKUP_KEYS.includes(key));
  if (unknown.length > 0) throw new ConfigError(`config "backups" has unknown key(s): ${unknown.join(', ')}`);
  const dir = env.ERP_BACKUPS_DIR || backups.dir;
  const schedule = text(
    env.ERP_BACKUPS_SCHEDULE || (backups.schedule ?? DEFAULT_BACKUPS_SCHEDULE),
    'backups.schedule',
  ).trim();
  if (schedule !== 'off') {
    try {
      parseCron(schedule);
    } catch (error) {
      throw new ConfigError(
        `config "backups.schedule" (ERP_BACKUPS_SCHEDULE) must be a 5-field cron expression in UTC or "off": ${(error as Error).message}`,
      );
    }
  }
  return {
    dir: dir === undefined ? defaultBackupsDir(dataDir) : resolve(text(dir, 'backups.dir (ERP_BACKUPS_DIR)')),
    keep: wholeNumberIn(
      env.ERP_BACKUPS_KEEP || (backups.keep ?? DEFAULT_BACKUPS_KEEP),
      1,
      1000,
      'config "backups.keep" (ERP_BACKUPS_KEEP) must be a whole number from 1 to 1000',
    ),
    schedule: schedule === 'off' ? null : schedule,
  };
}

/** `notifications.maxStreams` (ERP_NOTIFICATIONS_MAX_STREAMS): the event streams one copy holds at most. */
function notificationSettings(value: unknown, env: NodeJS.ProcessEnv): { maxStreams: number } {
  const notifications = section(value, 'notifications');
  const unknown = Object.keys(notifications).filter((key) => key !== 'maxStreams');
  if (unknown.length > 0) throw new ConfigError(`config "notifications" has unknown key(s): ${unknown.join(', ')}`);
  const given = env.ERP_NOTIFICATIONS_MAX_STREAMS || (notifications.maxStreams ?? DEFAULT_MAX_STREAMS);
  return {
    maxStreams: wholeNumberIn(
      given,
      0,
      100_000,
      'config "notifications.maxStreams" (ERP_NOTIFICATIONS_MAX_STREAMS) must be a whole number from 0 to 100000',
    ),
  };
}

/** `jobs.retentionDays` (ERP_JOBS_RETENTION_DAYS): how long finished jobs and their logs are kept. */
function jobSettings(value: unknown, env: NodeJS.ProcessEnv): { retentionDays: number } {
  const jobs = section(value, 'jobs');
  const unknown = Object.keys(jobs).filter((key) => key !== 'retentionDays');
  if (unknown.length > 0) throw new ConfigError(`config "jobs" has unknown key(s): ${unknown.join(', ')}`);
  const given = env.ERP_JOBS_RETENTION_DAYS || (jobs.retentionDays ?? DEFAULT_RETENTION_DAYS);
  return {
    retentionDays: wholeNumberIn(
      given,
      1,
      3650,
      'config "jobs.retentionDays" (ERP_JOBS_RETENTION_DAYS) must be a whole number of days from 1 to 3650',
    ),
  };
}

/**
 * host/erp.config.json, then the file named in ERP_CONFIG over it, then environment variables
 * over both (PORT, HOST, ERP_PLUGINS, ERP_EXTERNAL_PLUGINS, ERP_ON_PLUGIN_FAILURE, ERP_DATA_DIR,
 * DATABASE_URL, ERP_JWT_SECRET, ERP_ADMIN_*).
 */
export function loadConfig(defaultsPath: string, env: NodeJS.ProcessEnv): ErpConfig {
  const files = [defaultsPath, ...(env.ERP_CONFIG ? [env.ERP_CONFIG] : [])].map((path) => ({
    path,
    json: readJsonFile(path),
  }));
  const merged: Json = Object.assign({}, ...files.map((file) => file.json)) as Json;
  // Like any key, the last file that names externalPlugins wins; its paths are read from that file's folder.
  const namingExternals = files.filter((file) => file.json.externalPlugins !== undefined).at(-1);
  const externalPlugins =
    env.ERP_EXTERNAL_PLUGINS !== undefined
      ? externalPluginFoldersOf(env.ERP_EXTERNAL_PLUGINS)
      : namingExternals
        ? externalPluginFolders(namingExternals.json.externalPlugins, namingExternals.path)
        : [];
  const language = merged.defaultLanguage ?? 'en';
  if (!(LANGUAGES as readonly unknown[]).includes(language)) {
    throw new ConfigError(`config "defaultLanguage" must be one of ${LANGUAGES.join(', ')}`);
  }
  const databaseUrl =
    env.DATABASE_URL ?? (merged.databaseUrl === undefined ? undefined : text(merged.databaseUrl, 'databaseUrl'));
  if (databaseUrl !== undefined && databaseUrl !== '' && !isPostgresUrl(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const plugins =
    env.ERP_PLUGINS !== undefined ? pluginList(env.ERP_PLUGINS) : stringList(merged.plugins ?? [], 'plugins');
  const dataDir = text(env.ERP_DATA_DIR ?? merged.dataDir ?? '.data', 'dataDir');
  return {
    productName: text(merged.productName ?? 'Back Office', 'productName'),
    defaultLanguage: language as Language,
    plugins: [...new Set(plugins)],
    services: services(merged.services ?? {}),
    extraRefreshUrls: stringList(merged.extraRefreshUrls ?? [], 'extraRefreshUrls'),
    port: port(env.PORT ?? merged.port ?? 8080, 'port'),
    host: text(env.HOST ?? merged.host ?? '127.0.0.1', 'host'),
    dataDir,
    databaseUrl: databaseUrl || undefined,
    jwtSecret: env.ERP_JWT_SECRET || undefined,
    adminEmail: env.ERP_ADMIN_EMAIL || undefined,
    adminPassword: env.ERP_ADMIN_PASSWORD || undefined,
    pluginSettings: pluginSettings(merged.pluginSettings ?? {}),
    auth: authSettings(merged.auth, env),
    trustProxy: proxyHops(env.ERP_TRUST_PROXY ?? merged.trustProxy ?? 0),
    serveSourceMaps: flag(
      env.ERP_SERVE_SOURCE_MAPS ?? merged.serveSourceMaps ?? false,
      'serveSourceMaps (ERP_SERVE_SOURCE_MAPS)',
    ),
    overload: overloadSettings(merged.overload, env),
    jobs: jobSettings(merged.jobs, env),
    notifications: notificationSettings(merged.notifications, env),
    shutdownTimeoutSeconds: wholeNumberIn(
      env.ERP_SHUTDOWN_TIMEOUT_SECONDS ?? merged.shutdownTimeoutSeconds ?? 10,
      0,
      600,
      'config "shutdownTimeoutSeconds" (ERP_SHUTDOWN_TIMEOUT_SECONDS) must be a whole number of seconds from 0 to 600',
    ),
    externalPlugins: [...new Set(externalPlugins)],
    onPluginFailure: pluginFailurePolicy(env.ERP_ON_PLUGIN_FAILURE || merged.onPluginFailure || 'continue'),
    metricsToken: metricsToken(env.ERP_METRICS_TOKEN ?? merged.metricsToken),
    instanceName: env.ERP_INSTANCE_NAME || undefined,
    backups: backupSettings(merged.backups, env, dataDir),
  };
}

/** What /config.json publishes; the enabled plugins' own services get their default base URL unless configured. */
export function runtimeConfigOf(config: ErpConfig, pluginServices: readonly ServiceName[] = []): RuntimeConfig {
  return {
    productName: config.productName,
    defaultLanguage: config.defaultLanguage,
    plugins: config.plugins,
    services: { ...serviceBaseUrls(pluginServices), ...config.services },
    extraRefreshUrls: config.extraRefreshUrls,
  };
}
