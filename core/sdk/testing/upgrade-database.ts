/**
 * A database for a plugin's migration tests: empty, migrated step by step, so a test can write
 * rows in the shape an older version left them and check what a later migration makes of them.
 */
import { CORE_MIGRATIONS } from '@core/server/auth';
import type { Database } from '@core/server/database/database';
import { migrate } from '@core/server/database/migrator';
import { PgliteDatabase } from '@core/server/database/pglite-database';
import type { ServerPlugin } from '@core/server/plugin';
import { enabledResources, syncResourceTables } from '@core/server/resource';

export interface UpgradeOptions {
  /** Apply only the plugin's migrations whose names sort before this one (`'0004'`); all by default. */
  readonly before?: string;
}

/** An in-memory PGlite database, closed by the test, that migrates as start-up does but in steps. */
export interface UpgradeTestDatabase extends Database {
  /** The core's migrations and `plugin`'s (those before `options.before`), each applied once as start-up applies them. */
  migrate(plugin: ServerPlugin, options?: UpgradeOptions): Promise<void>;
  /** Makes `plugin`'s resource tables match its definitions, as start-up does after the migrations. */
  syncResourceTables(plugin: ServerPlugin): Promise<void>;
}

/** An empty database: nothing migrated, no catalogue, no users. */
export async function emptyDatabase(): Promise<UpgradeTestDatabase> {
  const db = await PgliteDatabase.open(undefined);
  return {
    kind: db.kind,
    exec: (sql) => db.exec(sql),
    query: (sql, params) => db.query(sql, params),
    transaction: (work) => db.transaction(work),
    close: () => db.close(),
    migrate: async (plugin, { before } = {}) => {
      const migrations =
        before === undefined ? plugin.migrations : plugin.migrations.filter((migration) => migration.name < before);
      await migrate(db, [CORE_MIGRATIONS, { owner: plugin.manifest.id, migrations }]);
    },
    syncResourceTables: (plugin) => syncResourceTables(db, enabledResources([plugin])),
  };
}
