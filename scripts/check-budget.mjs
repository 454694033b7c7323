// Bundle budget, two figures.
// 1. What the browser downloads to show /login must stay within 150 KB gzip: the JavaScript and CSS
//    index.html names, plus the sign-in strings of the heavier language (the one chunk the sign-in
//    screen waits for). Everything else (kernel, shell, router, i18next, plugin loaders) is fetched
//    after sign-in or while the sign-in screen idles, never before it shows; e2e/plugins.spec.ts
//    checks that in the browser. Plugin manifests reach the browser with /config.json, so no module
//    of plugins/ may be in what /login downloads, and no plugin manifest may be anywhere in the web build.
// 2. What a signed-in reload of the transactions screen downloads until its rows show, measured in
//    Chromium on the built product (dist/, so `npm run build` comes first; scripts/budget/signed-in-download.ts).
//    The target is 220 KB gzip, and it is below the floor of the design card's packages: a list
//    screen built on them alone, with no app code, strings or data (scripts/budget/floor/list-screen.tsx),
//    is 231 KB gzip, React DOM 60 of it. The stage prints that floor beside the figure and the target, and
//    enforces the figure reached (491 KB, from 592 KB) with about 2 % of room (the demo records the list shows
//    are dated from today) as a ceiling the download may only fall from.
// 3. The example external plugin's remoteEntry.js, built as `erp-plugin build` builds it, within 12 KB gzip:
//    it uses the host's Module Federation runtime, so it holds only its container's glue (7.9 KB; 33.7 KB
//    while each remote bundled a runtime of its own), beside 1.8 KB of the plugin's own code.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { rspack } from '@rspack/core';
import { createJiti } from 'jiti';

const root = resolve(import.meta.dirname, '..');
const LOGIN_LIMIT = 150 * 1024;
const SIGNED_IN_TARGET = 220 * 1024;
const SIGNED_IN_LIMIT = 500 * 1024;
const REMOTE_ENTRY_LIMIT = 12 * 1024;
const TOP_CONTRIBUTORS = 8;
const LOGIN_STRINGS = ['login-en', 'login-ru'];
const PLUGINS_DIR = join(root, 'plugins') + sep;
const MANIFEST = /[\\/]plugins[\\/][^\\/]+[\\/]manifest\.ts$/;

const gzipBytes = (webRoot, file) => gzipSync(readFileSync(join(webRoot, file)), { level: 9 }).length;
const sum = (numbers) => numbers.reduce((total, number) => total + number, 0);

function initialAssets(webRoot) {
  const html = readFileSync(join(webRoot, 'index.html'), 'utf8');
  const urls = [...html.matchAll(/(?:src|href)="\/([^"]+\.(?:js|css))"/g)].map((match) => match[1]);
  if (urls.length === 0) throw new Error(`${webRoot}/index.html names no script or stylesheet`);
  return urls;
}

/** Builds the production web config into `outputPath` and returns rspack's stats of it. */
async function build(outputPath) {
  const jiti = createJiti(import.meta.url);
  const configs = await jiti.import(join(root, 'rspack.config.ts'), { default: true });
  const web = configs.find((config) => config.name === 'web');
  const config = { ...web, devtool: false, output: { ...web.output, path: outputPath } };
  const stats = await new Promise((done, fail) => {
    rspack(config, (error, result) => {
      if (error) return fail(error);
      if (result.hasErrors()) return fail(new Error(result.toString('errors-only')));
      done(result);
    });
  });
  // Every module of every chunk, those concatenated into one included: none may be left out of the check.
  return stats.toJson({
    all: false,
    chunks: true,
    chunkGroups: true,
    chunkModules: true,
    chunkModulesSpace: Infinity,
    dependentModules: true,
    nestedModules: true,
    nestedModulesSpace: Infinity,
  });
}

/** Every source file a chunk holds, the parts of concatenated modules included. */
function sourcesOf(chunk) {
  const sources = [];
  const visit = (module) => {
    if (module.nameForCondition) sources.push(module.nameForCondition);
    for (const inner of module.modules ?? []) visit(inner);
  };
  for (const module of chunk.modules ?? []) visit(module);
  return sources;
}

const groupFiles = (stats, name) => {
  const group = stats.namedChunkGroups?.[name];
  if (!group) throw new Error(`the web build has no chunk group "${name}"`);
  return group.assets.map((asset) => asset.name).filter((file) => /\.(js|css)$/.test(file));
};

/**
 * The floor: scripts/budget/floor/list-screen.tsx, a list screen on the design card's packages with
 * none of the app's code, built as one minified bundle the way the web build minifies; its gzip size.
 */
async function floorBytes(outputPath) {
  const { typescriptRule } = await createJiti(import.meta.url).import(
    join(root, 'core/sdk/plugin-kit/build-configs.ts'),
  );
  const config = {
    mode: 'production',
    target: 'web',
    entry: join(root, 'scripts/budget/floor/list-screen.tsx'),
    output: { path: outputPath, filename: 'floor.js' },
    resolve: { extensions: ['.ts', '.tsx', '.js'] },
    module: { rules: [typescriptRule(true, false)] },
    optimization: { splitChunks: false },
    devtool: false,
  };
  await new Promise((done, fail) => {
    rspack(config, (error, result) => {
      if (error) return fail(error);
      if (result.hasErrors()) return fail(new Error(result.toString('errors-only')));
      done(result);
    });
  });
  return gzipBytes(outputPath, 'floor.js');
}

/** The example external plugin's remoteEntry.js as its production build writes it; its gzip size. */
async function remoteEntryBytes(outputPath) {
  const jiti = createJiti(import.meta.url);
  const { remoteConfig } = await jiti.import(join(root, 'core/sdk/plugin-kit/build-configs.ts'));
  const { readPluginProject } = await jiti.import(join(root, 'core/sdk/plugin-kit/plugin-project.ts'));
  const project = await readPluginProject(join(root, 'examples/notes-plugin'));
  await new Promise((done, fail) => {
    rspack({ ...remoteConfig({ ...project, dist: outputPath }, true), devtool: false }, (error, result) => {
      if (error) return fail(error);
      if (result.hasErrors()) return fail(new Error(result.toString('errors-only')));
      done(result);
    });
  });
  return gzipBytes(join(outputPath, 'web'), 'remoteEntry.js');
}

const scratch = mkdtempSync(join(tmpdir(), 'erp-budget-'));
let figures;
try {
  const webRoot = join(scratch, 'web');
  const stats = await build(webRoot);
  const initial = initialAssets(webRoot);
  const strings = LOGIN_STRINGS.map((name) => ({ name, files: groupFiles(stats, name) }))
    .map((group) => ({ ...group, bytes: sum(group.files.map((file) => gzipBytes(webRoot, file))) }))
    .sort((a, b) => b.bytes - a.bytes);
  const heaviest = strings[0];
  const loginFiles = new Set([...initial, ...heaviest.files]);
  const loginChunks = stats.chunks.filter((chunk) => chunk.files.some((file) => loginFiles.has(file)));
  figures = {
    floor: await floorBytes(join(scratch, 'floor')),
    remoteEntry: await remoteEntryBytes(join(scratch, 'remote')),
    shell: sum(initial.map((file) => gzipBytes(webRoot, file))),
    strings: heaviest,
    pluginSources: loginChunks.flatMap(sourcesOf).filter((source) => source.startsWith(PLUGINS_DIR)),
    manifestsInBuild: [...new Set(stats.chunks.flatMap(sourcesOf).filter((source) => MANIFEST.test(source)))],
  };
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const chromiumPath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((path) => path && existsSync(path));
if (!chromiumPath)
  throw new Error('the signed-in budget needs Chromium: set CHROMIUM_PATH or install /usr/bin/chromium');
if (!existsSync(join(root, 'dist/server/main.js')))
  throw new Error('the signed-in budget measures dist/: run `npm run build` first');
const { measureSignedInDownload, SCREEN } = await createJiti(import.meta.url).import(
  join(root, 'scripts/budget/signed-in-download.ts'),
);
const downloads = await measureSignedInDownload(chromiumPath);
const signedIn = sum(downloads.map((download) => download.gzip));

const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;
const login = figures.shell + figures.strings.bytes;
const relative = (source) => source.slice(root.length + 1);
console.log(
  `budget: /login downloads ${kb(login)} gzip (limit ${kb(LOGIN_LIMIT)}): index.html's JS and CSS ${kb(figures.shell)}, ` +
    `${figures.strings.name} ${kb(figures.strings.bytes)}`,
);
console.log(
  `budget: modules of plugins/ in /login's download: ${figures.pluginSources.length} (limit 0); plugin manifests in the web build: ${figures.manifestsInBuild.length} (limit 0)`,
);
const targetMet = signedIn <= SIGNED_IN_TARGET;
console.log(
  `budget: a signed-in reload of ${SCREEN} downloads ${kb(signedIn)} gzip until its rows show (limit ${kb(SIGNED_IN_LIMIT)}; ` +
    `target ${kb(SIGNED_IN_TARGET)} ${targetMet ? '✓' : `✗, ${kb(signedIn - SIGNED_IN_TARGET)} over`}) in ${downloads.length} responses; the largest:`,
);
for (const download of [...downloads].sort((a, b) => b.gzip - a.gzip).slice(0, TOP_CONTRIBUTORS)) {
  console.log(`  ${kb(download.gzip).padStart(10)}  ${download.url}`);
}
console.log(
  `budget: the floor under it: a list screen on the design card's packages alone, no app code, no strings, no data ` +
    `(scripts/budget/floor/list-screen.tsx), is ${kb(figures.floor)} gzip${figures.floor > SIGNED_IN_TARGET ? `, ${kb(figures.floor - SIGNED_IN_TARGET)} over the target by itself` : ''}`,
);
console.log(
  `budget: the example external plugin's remoteEntry.js is ${kb(figures.remoteEntry)} gzip (limit ${kb(REMOTE_ENTRY_LIMIT)})`,
);
const failures = [];
if (signedIn > SIGNED_IN_LIMIT)
  failures.push(`a signed-in reload of ${SCREEN} downloads ${kb(signedIn)}, over ${kb(SIGNED_IN_LIMIT)}`);
if (login > LOGIN_LIMIT) failures.push(`/login downloads ${kb(login)}, over ${kb(LOGIN_LIMIT)}`);
if (figures.pluginSources.length > 0)
  failures.push(`/login downloads plugin code: ${figures.pluginSources.map(relative).join(', ')}`);
if (figures.remoteEntry > REMOTE_ENTRY_LIMIT)
  failures.push(`the example's remoteEntry.js is ${kb(figures.remoteEntry)}, over ${kb(REMOTE_ENTRY_LIMIT)}`);
if (figures.manifestsInBuild.length > 0)
  failures.push(`plugin manifests are built into the web app: ${figures.manifestsInBuild.map(relative).join(', ')}`);
if (failures.length > 0) {
  console.error(`budget exceeded: ${failures.join('; ')}`);
  process.exit(1);
}
console.log('budget: 5 passed, 0 failed');
