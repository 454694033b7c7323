// Packs the plugin SDK as the npm package `@core/sdk`: the kernel's TypeScript sources (the SDK entry
// points re-export them, and its test kits run them), the plugin kit (`erp-plugin`), and dependencies
// pinned to the versions this host runs, so a plugin compiles and tests against exactly what it meets.
// Writes dist/sdk/package/ and dist/sdk/core-sdk.tgz; external plugins depend on the tarball.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const out = join(root, 'dist/sdk');
const stage = join(out, 'package');
const host = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const version = /SDK_VERSION = '([^']+)'/.exec(readFileSync(join(root, 'core/sdk/version.ts'), 'utf8'))?.[1];
if (!version) throw new Error('core/sdk/version.ts has no SDK_VERSION');

// What a plugin author's build, tests and type checks need beside the host's own runtime packages.
const AUTHORING = [
  '@module-federation/runtime-tools',
  '@rspack/core',
  '@types/node',
  '@types/pg',
  '@types/react',
  '@types/react-dom',
  'happy-dom',
  'jiti',
  'typescript',
  'vitest',
];

const pinned = (name) => {
  const wanted = host.dependencies[name] ?? host.devDependencies[name];
  if (!wanted) throw new Error(`package.json has no ${name}`);
  return wanted;
};

const entry = (name) => `./core/sdk/${name}.ts`;
const manifest = {
  name: '@core/sdk',
  version,
  description: 'The plugin SDK of the agency back office: entry points, test kits and the erp-plugin build tool',
  type: 'module',
  license: 'UNLICENSED',
  engines: host.engines,
  exports: {
    './shared': entry('shared'),
    './web': entry('web'),
    './server': entry('server'),
    './testing': entry('testing'),
    './testing-web': entry('testing-web'),
    './testing-e2e': entry('testing-e2e'),
    './tsconfig.plugin.json': './core/sdk/plugin-kit/tsconfig.plugin.json',
    './package.json': './package.json',
  },
  bin: { 'erp-plugin': './core/sdk/plugin-kit/cli.mjs' },
  dependencies: Object.fromEntries(
    [...Object.keys(host.dependencies), ...AUTHORING].sort().map((name) => [name, pinned(name)]),
  ),
  peerDependencies: { '@playwright/test': pinned('@playwright/test') },
  peerDependenciesMeta: { '@playwright/test': { optional: true } },
};

rmSync(out, { recursive: true, force: true });
mkdirSync(stage, { recursive: true });
cpSync(join(root, 'core'), join(stage, 'core'), { recursive: true });
writeFileSync(join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
cpSync(join(root, 'plugins/README.md'), join(stage, 'README.md'));
const packed = execFileSync('npm', ['pack', '--silent', '--pack-destination', out], { cwd: stage, encoding: 'utf8' }).trim().split('\n').pop();
renameSync(join(out, packed), join(out, 'core-sdk.tgz'));
console.log(`@core/sdk ${version}: ${join('dist/sdk', 'core-sdk.tgz')} (and the unpacked package in dist/sdk/package)`);
