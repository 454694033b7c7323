import { spawnSync } from 'node:child_process';
import { SERVER_BUNDLE_DIR } from './server-process';

/**
 * Builds the production server bundle from the working tree, so the suite tests this code whether
 * or not `npm run build` ran, without touching dist/. It lives under node_modules/.cache so the
 * bundle's package imports resolve to the project's node_modules.
 */
export default function buildServer(): void {
  const built = spawnSync('npx', ['rspack', 'build', '--config-name', 'server', '--output-path', SERVER_BUNDLE_DIR], {
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`building the server failed:\n${built.stdout}\n${built.stderr}`);
}
