// Packs the plugin SDK as the npm package `@core/sdk`: the kernel's TypeScript sources (the SDK entry
// points re-export them, and its test kits run them), declarations of the entry points (types/, what a
// plugin type-checks against), the API reference (docs/api/), the plugin kit (`erp-plugin`), and
// dependencies pinned to the versions this host runs, so a plugin compiles and tests against exactly what it meets.
// Writes dist/sdk/package/ and dist/sdk/core-sdk.tgz; external plugins depend on the tarball.
// `--to <file>` writes only that tarball, staged in a temporary folder: create-plugin packs into the
// new plugin's folder so, and nothing of the host's dist/ changes.
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createJiti } from 'jiti';

const root = resolve(import.meta.dirname, '..');
const { values: options } = parseArgs({ options: { to: { type: 'string' } } });
const out = options.to ? mkdtempSync(join(tmpdir(), 'core-sdk-')) : join(root, 'dist/sdk');
const tarball = options.to ? resolve(options.to) : join(out, 'core-sdk.tgz');
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

const entry = (name) => ({ types: `./types/sdk/${name}.d.ts`, default: `./core/sdk/${name}.ts` });
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
const { emitDeclarations, referencePages } = await createJiti(import.meta.url).import(
  join(root, 'scripts/sdk-docs/api-reference.ts'),
);
emitDeclarations(root, join(stage, 'types'));
mkdirSync(join(stage, 'docs/api'), { recursive: true });
const report = JSON.parse(readFileSync(join(root, 'core/sdk/exports.json'), 'utf8'));
for (const [file, text] of referencePages(join(stage, 'types'), join(stage, 'core'), report))
  writeFileSync(join(stage, 'docs/api', file), text);
writeFileSync(join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
cpSync(join(root, 'plugins/README.md'), join(stage, 'README.md'));
const packed = execFileSync('npm', ['pack', '--silent', '--pack-destination', out], { cwd: stage, encoding: 'utf8' })
  .trim()
  .split('\n')
  .pop();
mkdirSync(dirname(tarball), { recursive: true });
copyFileSync(join(out, packed), tarball);
rmSync(options.to ? out : join(out, packed), { recursive: true, force: true });
console.log(
  `@core/sdk ${version}: ${options.to ? tarball : `${relative(root, tarball)} (and the unpacked package in dist/sdk/package)`}`,
);
