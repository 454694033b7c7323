import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config';
import { AVAILABLE_SERVER_PLUGINS } from './plugins';
import { startServer } from './start-server';

// dist/server/main.js → the project root two levels up.
const root = process.env.ERP_ROOT ?? resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const webRoot = resolve(root, 'dist/web');

async function main(): Promise<void> {
  const config = loadConfig(resolve(root, 'host/erp.config.json'), process.env);
  const server = await startServer({
    config,
    available: AVAILABLE_SERVER_PLUGINS,
    webRoot: existsSync(resolve(webRoot, 'index.html')) ? webRoot : null,
    logger: process.env.ERP_LOG !== 'silent',
    announce: (line) => console.log(line),
  });
  console.log(`Back office listening on ${server.url} (plugins: ${config.plugins.join(', ') || 'none'}; database: ${server.db.kind})`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing requests in flight, then closing the database`);
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  // A configuration problem is one line naming it; anything else keeps its stack for the operator.
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
  else console.error(error);
  process.exit(1);
});
