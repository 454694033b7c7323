import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { rspack, type Configuration, type ExternalItemFunctionData, type RuleSetRule } from '@rspack/core';
import { EXPOSED_PLUGIN_MODULE, remoteContainerName } from '../../shared/external-plugin';
import { FEDERATION_RUNTIME_GLOBAL, federationRuntimePart } from '../../shared/federation-runtime-global';
import { packageOf, SHARED_PACKAGES, SHARED_SDK_ENTRIES } from '../../shared/shared-packages';
import { HOSTED_SDK_GLOBAL } from '../hosted-sdk';
import { installedPackage, type PluginProject } from './plugin-project';

/**
 * TypeScript through SWC: legacy decorators and their metadata for inversify, the automatic JSX runtime.
 * The host's build compiles with this rule too, so a plugin compiles the same inside and outside it.
 */
export function typescriptRule(production: boolean, refresh = false): RuleSetRule {
  return {
    test: /\.tsx?$/,
    exclude: /node_modules/,
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        // tsconfig.json's target and class-field semantics: without a target SWC writes ES5, whose helpers
        // (generator state machines for async functions, string concatenation for templates) made the
        // app's own chunks about a third larger.
        target: 'es2022',
        parser: { syntax: 'typescript', tsx: true, decorators: true },
        transform: {
          legacyDecorator: true,
          decoratorMetadata: true,
          useDefineForClassFields: false,
          react: { runtime: 'automatic', development: !production, refresh },
        },
      },
    },
    type: 'javascript/auto',
  };
}

/** The SDK's public entry points on each side; anything else under `@core/` is the kernel's own. */
const WEB_SDK = new Set<string>(SHARED_SDK_ENTRIES);
const SERVER_SDK: Readonly<Record<string, string>> = { '@core/sdk/server': 'server', '@core/sdk/shared': 'shared' };

function kernelImportError(request: string, side: 'web' | 'server'): Error {
  const allowed = side === 'web' ? [...WEB_SDK] : Object.keys(SERVER_SDK);
  return new Error(`"${request}" is not part of the plugin SDK: ${side} code imports only ${allowed.join(' and ')}`);
}

/** The version of `name` this plugin is built against: the one installed beside it (the SDK pins the host's). */
function installedVersion(root: string, name: string): string {
  return (JSON.parse(readFileSync(join(installedPackage(root, name), 'package.json'), 'utf8')) as { version: string })
    .version;
}

/**
 * The browser part: a Module Federation remote exposing `web/index.ts` as `./plugin`. Every shared
 * package and the SDK are `import: false`: the host always provides them, so the remote holds only
 * the plugin's own code and a mismatch is reported by the host instead of loading a second copy.
 * The federation runtime itself is the host's too (FEDERATION_RUNTIME_GLOBAL): remoteEntry.js keeps
 * only the container's glue.
 */
export function remoteConfig(project: PluginProject, production: boolean): Configuration {
  if (!project.webEntry) throw new Error('the plugin has no web/index.ts');
  const shared: Record<string, { import: false; singleton: true; requiredVersion: string; version?: string }> = {};
  for (const request of SHARED_PACKAGES) {
    shared[request] = {
      import: false,
      singleton: true,
      requiredVersion: `^${installedVersion(project.root, packageOf(request))}`,
    };
  }
  for (const entry of SHARED_SDK_ENTRIES)
    shared[entry] = { import: false, singleton: true, requiredVersion: project.manifest.sdk };
  const container = remoteContainerName(project.manifest.id);
  return {
    name: 'web',
    context: project.root,
    target: 'web',
    mode: production ? 'production' : 'development',
    entry: {},
    output: {
      path: join(project.dist, 'web'),
      // Chunks load relative to remoteEntry.js, wherever the host serves the folder.
      publicPath: 'auto',
      uniqueName: container,
      filename: production ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      cssFilename: production ? '[name].[contenthash:10].css' : '[name].css',
      cssChunkFilename: production ? '[name].[contenthash:10].css' : '[name].css',
      clean: true,
    },
    resolve: { extensions: ['.ts', '.tsx', '.js', '.json'] },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    externals: [
      ({ request }: ExternalItemFunctionData, callback) => {
        if (request?.startsWith('@core/') && !WEB_SDK.has(request)) return callback(kernelImportError(request, 'web'));
        const runtimePart = request === undefined ? null : federationRuntimePart(request);
        if (runtimePart) return callback(undefined, [FEDERATION_RUNTIME_GLOBAL, runtimePart], 'global');
        return callback();
      },
    ],
    // JSX always through react/jsx-runtime, the shared one: a development build's jsx-dev-runtime would be a
    // copy of the remote's own, talking to whichever React (production or development) the host runs.
    module: { rules: [typescriptRule(true), { test: /\.css$/, type: 'css/auto' }] },
    plugins: [
      new rspack.container.ModuleFederationPlugin({
        name: container,
        filename: 'remoteEntry.js',
        exposes: { [EXPOSED_PLUGIN_MODULE]: project.webEntry },
        shared,
        manifest: { fileName: 'mf-manifest.json' },
      }),
    ],
    optimization: { chunkIds: 'named' },
    performance: false,
  };
}

/**
 * The server part: one ES module whose default export is the ServerPlugin. The SDK is read from the
 * host process (HOSTED_SDK_GLOBAL), so the plugin runs on the host's kernel; its other packages are
 * bundled in, since the installed folder has no node_modules.
 */
export function serverConfig(project: PluginProject, production: boolean): Configuration {
  if (!project.serverEntry) throw new Error('the plugin has no server/index.ts');
  return {
    name: 'server',
    context: project.root,
    target: 'node20',
    mode: production ? 'production' : 'development',
    entry: { index: project.serverEntry },
    output: {
      path: join(project.dist, 'server'),
      filename: '[name].js',
      module: true,
      chunkFormat: 'module',
      library: { type: 'module' },
      clean: true,
    },
    resolve: { extensions: ['.ts', '.tsx', '.js', '.json'] },
    devtool: 'source-map',
    externalsPresets: { node: true },
    externals: [
      ({ request }: ExternalItemFunctionData, callback) => {
        if (request === undefined || !request.startsWith('@core/')) return callback();
        const part = SERVER_SDK[request];
        if (!part) return callback(kernelImportError(request, 'server'));
        return callback(undefined, [HOSTED_SDK_GLOBAL, part], 'global');
      },
    ],
    module: {
      parser: { javascript: { importMeta: false } },
      rules: [typescriptRule(production), { resourceQuery: /raw/, type: 'asset/source' }],
    },
    optimization: { minimize: false },
    performance: false,
  };
}
