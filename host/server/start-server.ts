import type { FastifyInstance } from 'fastify';
import { createApiServer } from '@core/server/api-server';
import { CORE_MIGRATIONS } from '@core/server/auth';
import { seedPermissionCatalogue, seedSuperadmin } from '@core/server/auth/bootstrap';
import { resolveSigningSecret } from '@core/server/auth/signing-secret';
import type { Database } from '@core/server/database/database';
import { migrate } from '@core/server/database/migrator';
import { openDatabase } from '@core/server/database/open-database';
import type { ServerPlugin } from '@core/server/plugin';
import { enabledResources, syncResourceTables } from '@core/server/resource';
import { runtimeConfigOf, type ErpConfig } from './config';
import { selectPlugins } from './plugin-selection';

export interface RunningServer {
  readonly app: FastifyInstance;
  readonly db: Database;
  readonly url: string;
  /** Stops taking requests, lets those in flight finish, then closes the database. */
  stop(): Promise<void>;
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
  for (const plugin of plugins) {
    if (!plugin.seedDemo) continue;
    await plugin.seedDemo(db);
    seeded.push(plugin.manifest.id);
  }
  return seeded;
}

export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { config } = options;
  const plugins = selectPlugins(options.available, config.plugins);
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db, [CORE_MIGRATIONS, ...plugins.map((plugin) => ({ owner: plugin.manifest.id, migrations: plugin.migrations }))]);
    // After the migrations, so a plugin's own tables exist before resource tables that point at them.
    await syncResourceTables(db, enabledResources(plugins));
    await seedPermissionCatalogue(db);
    const generated = await seedSuperadmin(db, { email: config.adminEmail, password: config.adminPassword });
    if (generated) {
      options.announce(`First start: superadmin ${generated.email} with password ${generated.password} (shown once; change it after signing in).`);
    }
    if (options.demo) {
      const seeded = await seedDemoData(db, plugins);
      options.announce(`Demo data: ${seeded.length > 0 ? seeded.join(', ') : 'no enabled plugin has any'} (an area that already has records is left alone).`);
    }
    const app = await createApiServer({
      db,
      secret: await resolveSigningSecret(db, config.jwtSecret),
      plugins,
      runtimeConfig: runtimeConfigOf(config),
      pluginSettings: config.pluginSettings,
      webRoot: options.webRoot,
      logger: options.logger,
      auth: config.auth,
      trustProxy: config.trustProxy,
      serveSourceMaps: config.serveSourceMaps,
    });
    const url = await app.listen({ port: config.port, host: config.host });
    return {
      app,
      db,
      url,
      stop: async () => {
        await app.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}
