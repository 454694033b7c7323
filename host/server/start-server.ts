import type { FastifyInstance } from 'fastify';
import { createApiServer } from '@core/server/api-server';
import { CORE_MIGRATIONS } from '@core/server/auth';
import { seedPermissionCatalogue, seedSuperadmin } from '@core/server/auth/bootstrap';
import { resolveSigningSecret } from '@core/server/auth/signing-secret';
import type { Database } from '@core/server/database/database';
import { migrate } from '@core/server/database/migrator';
import { DatabaseOpenError, isStorageFailure } from '@core/server/database/database-open-error';
import { databasePlace, openDatabase } from '@core/server/database/open-database';
import type { ServerPlugin } from '@core/server/plugin';
import { enabledResources, syncResourceTables } from '@core/server/resource';
import { PermissionCatalogue } from '@core/shared/permission-catalogue';
import { demoContext } from '@core/server/demo-context';
import { ConfigError, runtimeConfigOf, type ErpConfig } from './config';
import { selectPlugins } from './plugin-selection';
import { RequestDrain } from './request-drain';

export interface RunningServer {
  readonly app: FastifyInstance;
  readonly db: Database;
  readonly url: string;
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
}

/** Runs every enabled plugin's demo seeding, in dependency order; returns the ids of those that have one. */
export async function seedDemoData(db: Database, plugins: readonly ServerPlugin[]): Promise<string[]> {
  const seeded: string[] = [];
  const demo = await demoContext(db, plugins);
  for (const plugin of plugins) {
    if (!plugin.seedDemo) continue;
    await plugin.seedDemo(db, demo);
    seeded.push(plugin.manifest.id);
  }
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
    const problem = code === 'EADDRINUSE' ? 'another process listens there' : code === 'EACCES' ? 'permission denied' : 'no such address here';
    throw new ConfigError(`cannot listen on ${config.host}:${config.port} (PORT, HOST): ${problem}`);
  }
}

export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { config } = options;
  const plugins = selectPlugins(options.available, config.plugins);
  const location = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
  const db = await openDatabase(location);
  try {
    await migrate(db, [CORE_MIGRATIONS, ...plugins.map((plugin) => ({ owner: plugin.manifest.id, migrations: plugin.migrations }))]);
    // After the migrations, so a plugin's own tables exist before resource tables that point at them.
    await syncResourceTables(db, enabledResources(plugins));
    await seedPermissionCatalogue(db, new PermissionCatalogue(plugins.map((plugin) => plugin.manifest)));
    const generated = await seedSuperadmin(db, { email: config.adminEmail, password: config.adminPassword });
    if (generated) {
      options.announce(`First start: superadmin ${generated.email} with password ${generated.password} (shown once; change it after signing in).`);
    }
    if (options.demo) {
      const seeded = await seedDemoData(db, plugins);
      options.announce(`Demo data: ${seeded.length > 0 ? seeded.join(', ') : 'no enabled plugin has any'} (an area that already has records is left alone).`);
    }
    let drain: RequestDrain | null = null;
    const app = await createApiServer({
      db,
      ready: () => drain !== null && !drain.draining,
      secret: await resolveSigningSecret(db, config.jwtSecret),
      plugins,
      runtimeConfig: runtimeConfigOf(config, plugins.map((plugin) => plugin.manifest.service)),
      pluginSettings: config.pluginSettings,
      webRoot: options.webRoot,
      logger: options.logger,
      auth: config.auth,
      trustProxy: config.trustProxy,
      serveSourceMaps: config.serveSourceMaps,
      overload: config.overload,
    });
    const requests = new RequestDrain(app.server);
    drain = requests;
    const url = await listen(app, config);
    return {
      app,
      db,
      url,
      stop: async () => {
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
