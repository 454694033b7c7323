import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DatabaseOpenError } from '@core/server/database/database-open-error';
import { describeServiceGraph } from '@core/server/services';
import { ConfigError, loadConfig } from './config';
import { dbCommandOf, dbCommandProblem, runDbCommand, type DbCommand } from './db-backup-cli';
import { AVAILABLE_SERVER_PLUGINS } from './plugins';
import { startServer } from './start-server';

// dist/server/main.js → the project root two levels up.
const root = process.env.ERP_ROOT ?? resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const webRoot = resolve(root, 'dist/web');

// `--seed-demo` (npm run seed:demo): prepare the database and fill it with demo records, then exit.
const seedOnly = process.argv.includes('--seed-demo');

async function main(): Promise<void> {
  const loaded = loadConfig(resolve(root, 'host/erp.config.json'), process.env);
  // Seeding alone listens on a free loopback port for the moment it runs, so it never clashes with a server.
  const config = seedOnly ? { ...loaded, port: 0, host: '127.0.0.1' } : loaded;
  const server = await startServer({
    config,
    available: AVAILABLE_SERVER_PLUGINS,
    webRoot: existsSync(resolve(webRoot, 'index.html')) ? webRoot : null,
    logger: process.env.ERP_LOG !== 'silent' && !seedOnly,
    announce: (line) => console.log(line),
    // An external plugin left out (onPluginFailure "continue"): one line each, on stderr.
    warn: (line) => console.error(line),
    demo: seedOnly || process.env.ERP_DEMO === '1' || process.env.ERP_DEMO === 'true',
  });
  if (seedOnly) {
    await server.stop();
    return;
  }
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing requests in flight, then closing the database`);
    server.stop().then(
      ({ cut }) => {
        if (cut > 0)
          console.error(`Shutdown timeout (${config.shutdownTimeoutSeconds} s): ${cut} request(s) in flight were cut`);
        process.exit(0);
      },
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  // Announced once the signals are handled: whoever waits for this line may stop the server at once.
  const running = server.plugins
    .list()
    .filter((plugin) => plugin.state === 'running')
    .map((plugin) => plugin.id);
  // One line per plugin in start-up order: what it needs from whom (? optional), what it provides.
  console.log(
    [
      'Plugin graph (start-up order; → needs, ? optional):',
      ...describeServiceGraph(server.graph).map((line) => `  ${line}`),
    ].join('\n'),
  );
  console.log(
    `Back office listening on ${server.url} (plugins: ${running.join(', ') || 'none'}; database: ${server.db.kind})`,
  );
}

/** A start-up problem the operator fixes outside the code, as the one line that names it; null for a fault to trace. */
function startupProblem(error: unknown): string | null {
  if (error instanceof ConfigError) return `Configuration error: ${error.message}`;
  if (error instanceof DatabaseOpenError) return `Database error: ${error.message}`;
  return null;
}

/** `--db-backup <file>` / `--db-restore <file>` (npm run db:backup, db:restore): one line, then exit. */
async function dbCommand(command: DbCommand): Promise<void> {
  try {
    const config = loadConfig(resolve(root, 'host/erp.config.json'), process.env);
    // npm runs scripts in the project root; the file is named from where npm was run.
    console.log(await runDbCommand(command, config, process.env.INIT_CWD ?? process.cwd()));
    process.exit(0);
  } catch (error) {
    console.error(dbCommandProblem(command, error) ?? error);
    process.exit(1);
  }
}

const command = dbCommandOf(process.argv.slice(2));
if (command) {
  void dbCommand(command);
} else {
  main().catch((error: unknown) => {
    // Anything else keeps its stack for the operator.
    console.error(startupProblem(error) ?? error);
    process.exit(1);
  });
}
