// Bundle budget: the JavaScript and CSS the browser downloads to show /login (the initial assets
// that index.html names; the sign-in page loads no lazy chunk, which the e2e suite checks) must
// stay under 200 KB gzip, and the manifests of every available plugin must add under 5 KB to it.
// The second figure comes from a real build of the same config with the plugin list emptied.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { rspack } from '@rspack/core';
import { createJiti } from 'jiti';

const root = resolve(import.meta.dirname, '..');
const LOGIN_LIMIT = 200 * 1024;
const MANIFESTS_LIMIT = 5 * 1024;

function initialAssetBytes(webRoot) {
  const html = readFileSync(join(webRoot, 'index.html'), 'utf8');
  const urls = [...html.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]);
  if (urls.length === 0) throw new Error(`${webRoot}/index.html names no script or stylesheet`);
  return urls.reduce((sum, url) => sum + gzipSync(readFileSync(join(webRoot, url)), { level: 9 }).length, 0);
}

/** Builds the production web config into `outputPath`, with or without every available plugin. */
async function build(outputPath, withPlugins) {
  const jiti = createJiti(import.meta.url);
  const configs = await jiti.import(join(root, 'rspack.config.ts'), { default: true });
  const web = configs.find((config) => config.name === 'web');
  const plugins = [...web.plugins];
  if (!withPlugins) {
    mkdirSync(outputPath, { recursive: true });
    const emptyRegistry = join(outputPath, 'no-plugins.ts');
    writeFileSync(emptyRegistry, 'export const AVAILABLE_PLUGINS = [];\n');
    plugins.push(new rspack.NormalModuleReplacementPlugin(/host[\\/]web[\\/]plugins\.ts$/, emptyRegistry));
  }
  const config = { ...web, devtool: false, output: { ...web.output, path: join(outputPath, 'web') }, plugins };
  await new Promise((done, fail) => {
    rspack(config, (error, stats) => {
      if (error) return fail(error);
      if (stats.hasErrors()) return fail(new Error(stats.toString('errors-only')));
      done();
    });
  });
  return join(outputPath, 'web');
}

const scratch = mkdtempSync(join(tmpdir(), 'erp-budget-'));
let login;
let baseline;
try {
  login = initialAssetBytes(await build(join(scratch, 'all'), true));
  baseline = initialAssetBytes(await build(join(scratch, 'none'), false));
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
const manifests = login - baseline;
const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;
console.log(`budget: /login downloads ${kb(login)} gzip of JS and CSS (limit ${kb(LOGIN_LIMIT)})`);
console.log(`budget: every plugin's manifest adds ${kb(manifests)} gzip (limit ${kb(MANIFESTS_LIMIT)}); without plugins ${kb(baseline)}`);
const failures = [];
if (login >= LOGIN_LIMIT) failures.push(`/login downloads ${kb(login)}, over ${kb(LOGIN_LIMIT)}`);
if (manifests >= MANIFESTS_LIMIT) failures.push(`plugin manifests add ${kb(manifests)}, over ${kb(MANIFESTS_LIMIT)}`);
if (failures.length > 0) {
  console.error(`budget exceeded: ${failures.join('; ')}`);
  process.exit(1);
}
console.log('budget: 2 passed, 0 failed');
