import { resolve } from 'node:path';
import { defineConfig } from '@rspack/cli';
import { rspack, type Configuration, type RuleSetRule } from '@rspack/core';
import { ReactRefreshRspackPlugin as ReactRefreshPlugin } from '@rspack/plugin-react-refresh';
import { typescriptRule } from './core/sdk/plugin-kit/build-configs';
import { PluginChunksManifest } from './scripts/plugin-chunks-manifest';

const root = import.meta.dirname;
const production = process.env.NODE_ENV !== 'development';
const devServing = process.env.RSPACK_SERVE === 'true';

// The @core/@plugins/@host aliases come from tsconfig.json's `paths`, their single home.
const resolveOptions = {
  extensions: ['.ts', '.tsx', '.js', '.json'],
  tsConfig: resolve(root, 'tsconfig.json'),
};

/**
 * The SDK's entry points (core/sdk/*.ts) only re-export: marked free of side effects, so a plugin importing
 * one name from `@core/sdk/web` pulls in that name's module, not every module the entry point lists (the
 * app chunk, which holds every plugin's web/index.ts, measured 17 KB gzip with the rule and 53 KB without).
 */
const SDK_ENTRIES_RULE: RuleSetRule = { test: /[\\/]core[\\/]sdk[\\/][^\\/]+\.ts$/, sideEffects: false };

/** Content-hashed names in production, so the server may let browsers cache them for good. */
const assetName = (ext: string): string =>
  production ? `assets/[name].[contenthash:10].${ext}` : `assets/[name].${ext}`;

const web: Configuration = {
  name: 'web',
  target: 'web',
  mode: production ? 'production' : 'development',
  entry: { main: resolve(root, 'host/web/main.tsx') },
  output: {
    path: resolve(root, 'dist/web'),
    publicPath: '/',
    filename: assetName('js'),
    chunkFilename: assetName('js'),
    cssFilename: assetName('css'),
    cssChunkFilename: assetName('css'),
    clean: true,
  },
  resolve: resolveOptions,
  devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
  module: {
    rules: [typescriptRule(production, devServing), { test: /\.css$/, type: 'css/auto' }, SDK_ENTRIES_RULE],
  },
  plugins: [
    new rspack.HtmlRspackPlugin({ template: resolve(root, 'host/web/index.html') }),
    // Browsers ask for /favicon.ico by that name whatever the page links, so it keeps it, unhashed.
    new rspack.CopyRspackPlugin({ patterns: [{ from: resolve(root, 'host/web/favicon.ico'), to: 'favicon.ico' }] }),
    // Which chunks are a plugin's own, so the server refuses those of a disabled plugin.
    new PluginChunksManifest(resolve(root, 'plugins')),
    devServing ? new ReactRefreshPlugin() : null,
  ],
  // A shared async chunk under 60 KB stays inside the chunks that need it: each lazy screen added its own
  // combination of shared modules, and a signed-in reload came to ask for 41 small chunks (502.9 KB
  // gzip); fewer, larger chunks compress better and the reload downloads 31 (495.6 KB).
  optimization: { chunkIds: 'named', splitChunks: { chunks: 'async', minSize: 60_000 } },
  performance: false,
  devServer: {
    port: 3000,
    hot: true,
    historyApiFallback: true,
    proxy: [{ context: ['/api', '/config.json'], target: 'http://127.0.0.1:8080' }],
  },
};

const server: Configuration = {
  name: 'server',
  target: 'node20',
  mode: production ? 'production' : 'development',
  entry: { main: resolve(root, 'host/server/main.ts') },
  output: {
    path: resolve(root, 'dist/server'),
    filename: '[name].js',
    module: true,
    chunkFormat: 'module',
    library: { type: 'module' },
    clean: true,
  },
  resolve: resolveOptions,
  devtool: 'source-map',
  // Packages stay in node_modules (PGlite loads its WebAssembly beside its own files).
  externalsType: 'module-import',
  externalsPresets: { node: true },
  externals: [
    ({ request }, callback) => {
      const bare =
        request !== undefined && /^(?![./]|@core\/|@plugins\/|@host\/)/.test(request) && !request.startsWith('node:');
      return bare ? callback(undefined, request) : callback();
    },
  ],
  module: {
    parser: { javascript: { importMeta: false } },
    rules: [typescriptRule(production), { resourceQuery: /raw/, type: 'asset/source' }],
  },
  optimization: { minimize: false },
  performance: false,
};

export default defineConfig(devServing ? [web] : [web, server]);
