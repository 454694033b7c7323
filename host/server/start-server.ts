import type { FastifyInstance } from 'fastify';
import { createApiServer } from '@core/server/api-server';
import { CORE_MIGRATIONS } from '@core/server/auth';
import { seedPermissionCatalogue, seedSuperadmin } from '@core/server/auth/bootstrap';
import { resolveSigningSecret } from '@core/server/auth/signing-secret';
import type { Database } from '@core/server/database/database';
import { migrate } from '@core/server/database/migrator';
import { DatabaseOpenError, isStorageFailure } from '@core/server/database/database-open-error';
import { databasePlace, openDatabase } from '@core/server/database/open-database';
import { pluginDatabase } from '@core/server/database/plugin-handle';
import type { PluginInventory, ServerPlugin } from '@core/server/plugin';
import type { ServiceGraph } from '@core/server/services';
import { enabledResources, syncResourceTables } from '@core/server/resource';
import { PermissionCatalogue } from '@core/shared/permission-catalogue';
import { declareRunningPlugins } from '@core/shared/resource/absent-plugins';
import { demoContext } from '@core/server/demo-context';
import { seedSampleNotifications } from '@core/server/notifications';
import { ConfigError, runtimeConfigOf, type ErpConfig } from './config';
import { planPlugins, servingOf, withoutFailed, type ExternalPlugin, type PluginPlan } from './external-plugins';
import type { PluginSetback } from './plugin-inventory';
import { resolvedGraph } from './plugin-selection';
import { RequestDrain } from './request-drain';
import { nameAnswers } from './served-by';

export interface RunningServer {
  readonly app: FastifyInstance;
  readonly db: Database;
  readonly url: string;
  /** Every plugin the host could run (built in, external) and how its loading went. */
  readonly plugins: PluginInventory;
  /** The running plugins' services and dependencies, in start-up order (logged at start-up). */
  readonly graph: ServiceGraph;
  /**
   * Stops accepting connections, answers readiness with 503, lets the requests in flight finish
   * (up to the configured shutdown timeout, then cuts them), then closes the database.
   */
  stop(): Promise<StopReport>;
}

export interface StopReport {
  /** Requests still unanswered at the shutdown timeout, cut then; 0 when all finished. */
  readonly cut: number;
}

export interface StartOptions {
  readonly config: ErpConfig;
  readonly available: readonly ServerPlugin[];
  readonly webRoot: string | null;
  readonly logger: boolean;
  /** Told once, on the first start, the generated superadmin password. */
  readonly announce: (line: string) => void;
  /**
   * Fill the enabled plugins' screens with demonstration records (`ERP_DEMO=1`): each plugin's
   * `seedDemo`, in dependency order, after the tables exist. A plugin seeds only an empty area, so
   * restarting with the flag adds nothing.
   */
  readonly demo?: boolean;
  /**
   * Told each external plugin left out under onPluginFailure "continue", as one line
   * (`External plugin "<id>" (<folder>) not started: <reason>`); `announce` when not given.
   */
  readonly warn?: (line: string) => void;
}

/** Runs every enabled plugin's demo seeding, in dependency order; returns the ids of those that have one. */
export async function seedDemoData(db: Database, plugins: readonly ServerPlugin[]): Promise<string[]> {
  const seeded: string[] = [];
  const demo = await demoContext(db, plugins);
  for (const plugin of plugins) {
    if (!plugin.seedDemo) continue;
    await plugin.seedDemo(pluginDatabase(db, plugin.manifest.id), demo);
    seeded.push(plugin.manifest.id);
  }
  // The spec's sample entries of the bell, for the demo's first superadmin.
  if (demo.author.id !== null) await seedSampleNotifications(db, demo.author.id);
  return seeded;
}

/** Listens on the configured address; an address in use or not allowed is a ConfigError naming it. */
async function listen(app: FastifyInstance, config: ErpConfig): Promise<string> {
  try {
    return await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EADDRINUSE' && code !== 'EACCES' && code !== 'EADDRNOTAVAIL') throw error;
    await app.close();
    const problem =
      code === 'EADDRINUSE'
        ? 'another process listens there'
        : code === 'EACCES'
          ? 'permission denied'
          : 'no such address here';
    throw new ConfigError(`cannot listen on ${config.host}:${config.port} (PORT, HOST): ${problem}`);
  }
}

/** Why an external plugin's resources cannot join those already running, or null. */
function resourcesProblem(running: readonly ServerPlugin[], plugin: ServerPlugin): string | null {
  if ((plugin.resources ?? []).length === 0) return null;
  try {
    enabledResources([...running, plugin]);
    return null;
  } catch (error) {
    return `its resources are invalid: ${(error as Error).message}`;
  }
}

/**
 * Each external plugin's migrations in a step of their own, after the core's and the built-in
 * plugins': one that fails (its failing migration rolled back) stops that plugin alone, and those
 * that need it. Returns the external plugins still running.
 */
async function migrateExternals(db: Database, plan: PluginPlan): Promise<ExternalPlugin[]> {
  const { inventory, builtins } = plan;
  let running = [...plan.externals];
  for (const external of plan.externals) {
    if (!inventory.isRunning(external.path)) continue;
    const { plugin } = external;
    // Its dependencies come before it: the resources it may point at are those of the plugins before it.
    const before = running.slice(0, running.indexOf(external)).map((other) => other.plugin);
    const problem = resourcesProblem([...builtins, ...before], plugin);
    try {
      if (problem) throw new Error(problem);
      await migrate(db, [{ owner: plugin.manifest.id, migrations: plugin.migrations }]);
    } catch (error) {
      // A damaged database is no plugin's fault: start-up reports it as such.
      if (isStorageFailure(error)) throw error;
      const message = (error as Error).message;
      inventory.setBack(external.path, 'failed', problem ?? `its migrations failed: ${message}`);
      running = withoutFailed(inventory, running, builtins);
    }
  }
  return running;
}

export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { config } = options;
  // Everything that needs no database first: a configuration error leaves the data directory alone.
  const plan = await planPlugins({
    available: options.available,
    folders: config.externalPlugins,
    enabled: config.plugins,
    policy: config.onPluginFailure,
    warn: options.warn ?? options.announce,
  });
  const { inventory, builtins } = plan;
  const location = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
  const db = await openDatabase(location);
  try {
    await migrate(db, [
      CORE_MIGRATIONS,
      ...builtins.map((plugin) => ({ owner: plugin.manifest.id, migrations: plugin.migrations })),
    ]);
    const externals = await migrateExternals(db, plan);
    const plugins = [...builtins, ...externals.map((external) => external.plugin)];
    declareRunningPlugins(plugins.map((plugin) => plugin.manifest));
    // After the migrations, so a plugin's own tables exist before resource tables that point at them.
    await syncResourceTables(db, enabledResources(plugins));
    let graph: ServiceGraph;
    let drain: RequestDrain | null = null;
    const setbacks: { readonly id: string; readonly setback: PluginSetback; readonly reason: string }[] = [];
    const app = await createApiServer({
      db,
      ready: () => drain !== null && !drain.draining,
      secret: await resolveSigningSecret(db, config.jwtSecret),
      plugins,
      runtimeConfig: runtimeConfigOf(
        config,
        plugins.map((plugin) => plugin.manifest.service),
      ),
      pluginSettings: config.pluginSettings,
      webRoot: options.webRoot,
      logger: options.logger,
      auth: config.auth,
      trustProxy: config.trustProxy,
      serveSourceMaps: config.serveSourceMaps,
      overload: config.overload,
      jobs: config.jobs,
      notifications: { ...config.notifications, samples: options.demo === true },
      ...(config.metricsToken === undefined ? {} : { metricsToken: config.metricsToken }),
      externalPlugins: externals.map(servingOf),
      inventory,
      onPluginSetback: (id, setback, reason) => setbacks.push({ id, setback, reason }),
      backups: config.backups,
    });
    try {
      // Registration failures are known now, before anything is published or seeded.
      for (const { id, setback, reason } of setbacks) {
        const external = externals.find((candidate) => candidate.plugin.manifest.id === id);
        if (external) inventory.setBack(external.path, setback, reason);
      }
      const runningExternals = externals.filter((external) => inventory.isRunning(external.path));
      const running = [...builtins, ...runningExternals.map((external) => external.plugin)];
      graph = resolvedGraph(running);
      // The superadmin holds every code of the catalogue: the running plugins' (a removed plugin's stay, with its data, offered nowhere).
      await seedPermissionCatalogue(
        db,
        new PermissionCatalogue(running.map((plugin) => plugin.manifest)),
        options.available.map((plugin) => plugin.manifest),
      );
      const generated = await seedSuperadmin(db, { email: config.adminEmail, password: config.adminPassword });
      if (generated) {
        options.announce(
          `First start: superadmin ${generated.email} with password ${generated.password} (shown once; change it after signing in).`,
        );
      }
      if (options.demo) {
        const seeded = await seedDemoData(db, running);
        options.announce(
          `Demo data: ${seeded.length > 0 ? seeded.join(', ') : 'no enabled plugin has any'} (an area that already has records is left alone).`,
        );
      }
      for (const { path, file } of runningExternals)
        options.announce(`External plugin "${file.id}" ${file.version} started from ${path}`);
    } catch (error) {
      await app.close();
      throw error;
    }
    const requests = new RequestDrain(app.server);
    if (config.instanceName) nameAnswers(app.server, config.instanceName);
    drain = requests;
    const url = await listen(app, config);
    return {
      app,
      db,
      url,
      plugins: inventory,
      graph,
      stop: async () => {
        // Streams never end by themselves: closed first, their pages reconnect to another copy while this one drains.
        app.notificationStreams.closeAll();
        const cut = await requests.drain(config.shutdownTimeoutSeconds * 1000);
        if (cut > 0) app.server.closeAllConnections();
        await app.close();
        await db.close();
        return { cut };
      },
    };
  } catch (error) {
    // Closing a damaged database may fail too; the first error is the one that says what is wrong.
    await db.close().catch(() => undefined);
    if (!isStorageFailure(error)) throw error;
    throw new DatabaseOpenError(`${databasePlace(location)} is damaged: ${(error as Error).message}`);
  }
}
