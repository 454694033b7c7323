import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { rspack, type Configuration, type MultiStats } from '@rspack/core';
import { remoteConfig, serverConfig } from './build-configs';
import {
  installedPackage,
  pluginFile,
  PluginProjectError,
  readPluginProject,
  SDK_CORE_DIR,
  type PluginProject,
} from './plugin-project';
import { sdkRangeProblem } from '../compatibility';
import { deprecationWarning, sdkNeedsProblem, sdkUsage } from './sdk-usage';

const USAGE = `erp-plugin <command>
  build       dist/plugin.json, dist/web (the Module Federation remote) and dist/server/index.js
  dev         the same, rebuilt on every change (reload the host's page to see it)
  test        the plugin's tests (vitest: tests/**/web/** in happy-dom, the rest in node)
  typecheck   tsc over the plugin against the SDK's declarations`;

/** plugin.json and the strings: the host reads both before any of the plugin's code. */
function writeStaticFiles(project: PluginProject): void {
  const file = pluginFile(project);
  mkdirSync(join(project.dist, 'web', 'i18n'), { recursive: true });
  for (const [language, source] of Object.entries(project.translations)) {
    copyFileSync(source, join(project.dist, 'web', 'i18n', `${language}.json`));
  }
  writeFileSync(join(project.dist, 'plugin.json'), `${JSON.stringify(file, null, 2)}\n`);
}

function configsOf(project: PluginProject, production: boolean): Configuration[] {
  return [
    project.webEntry ? remoteConfig(project, production) : null,
    project.serverEntry ? serverConfig(project, production) : null,
  ].filter((config): config is Configuration => config !== null);
}

function report(project: PluginProject, stats: MultiStats): boolean {
  if (stats.hasErrors()) {
    console.error(stats.toString({ all: false, errors: true, colors: process.stdout.isTTY }));
    return false;
  }
  // rspack cleans its output folders, so the strings go back in after each build.
  writeStaticFiles(project);
  const lines = stats.stats.map((child) => {
    const assets = child.toJson({ all: false, assets: true }).assets ?? [];
    const bytes = assets.reduce((sum, asset) => sum + asset.size, 0);
    return `${child.compilation.name ?? '?'}: ${assets.length} files, ${(bytes / 1024).toFixed(1)} KB`;
  });
  console.log(
    `${project.manifest.id} ${project.manifest.version} built into ${relative(process.cwd(), project.dist) || '.'}/ (${lines.join('; ')})`,
  );
  return true;
}

/**
 * Says the lowest SDK the plugin's imports need and each deprecated name it uses; false, after one
 * line, when the manifest's range admits an older SDK than that (naming the name and its version)
 * or starts where this SDK's host serves no plugin.
 */
function checkSdkUsage(project: PluginProject): boolean {
  const usage = sdkUsage(project.root);
  const problem = sdkNeedsProblem(project.manifest.sdk, usage) ?? sdkRangeProblem(project.manifest);
  if (problem) {
    console.error(`manifest.ts: ${problem}`);
    return false;
  }
  const because = usage.newest ? ` (${usage.newest.name} from ${usage.newest.entry})` : '';
  console.log(`${project.manifest.id} needs SDK ${usage.needs}${because}; its manifest says "${project.manifest.sdk}"`);
  for (const use of usage.deprecated) console.warn(deprecationWarning(use));
  return true;
}

async function build(project: PluginProject): Promise<boolean> {
  if (!checkSdkUsage(project)) return false;
  const compiler = rspack(configsOf(project, true));
  const stats = await new Promise<MultiStats>((resolve, reject) =>
    compiler.run((error, result) =>
      error || !result ? reject(error ?? new Error('no build result')) : resolve(result),
    ),
  );
  await new Promise<void>((resolve) => compiler.close(() => resolve()));
  return report(project, stats);
}

function watch(project: PluginProject): Promise<boolean> {
  if (!checkSdkUsage(project)) return Promise.resolve(false);
  const compiler = rspack(configsOf(project, false));
  compiler.watch({}, (error, stats) => {
    if (error) console.error(error.message);
    else if (stats) report(project, stats);
  });
  return new Promise(() => undefined);
}

/** Runs a package's command-line script with this Node, from the plugin's folder. */
function runPackageBin(project: PluginProject, script: string, args: readonly string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { cwd: project.root, stdio: 'inherit' });
    child.on('exit', (code) => resolve(code === 0));
  });
}

export async function main(argv: readonly string[], cwd: string): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  try {
    const project = await readPluginProject(cwd);
    switch (command) {
      case 'build':
        return (await build(project)) ? 0 : 1;
      case 'dev':
        return (await watch(project)) ? 0 : 1;
      case 'test':
        return (await runPackageBin(project, join(installedPackage(project.root, 'vitest'), 'vitest.mjs'), [
          'run',
          '--config',
          join(SDK_CORE_DIR, 'sdk/plugin-kit/vitest.config.ts'),
          '--root',
          project.root,
          ...rest,
        ]))
          ? 0
          : 1;
      case 'typecheck':
        return (await runPackageBin(project, join(installedPackage(project.root, 'typescript'), 'bin/tsc'), [
          '-p',
          join(project.root, 'tsconfig.json'),
          ...rest,
        ]))
          ? 0
          : 1;
      default:
        console.error(`unknown command "${command}"\n${USAGE}`);
        return 1;
    }
  } catch (error) {
    if (error instanceof PluginProjectError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}
