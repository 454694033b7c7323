import { resolve } from 'node:path';
import { rspack, type Configuration } from '@rspack/core';
import configs from '../../rspack.config';

/*
 * The production web build (rspack.config.ts, production mode) with the bench plugin added to the
 * plugin list, written to .tmp/bench/web. Used by the benchmark for the 1000-row page, which no
 * product resource offers. Run by scripts/bench/bench.mjs: `rspack build -c scripts/bench/rspack.bench.config.ts`.
 */

const root = resolve(import.meta.dirname, '../..');
const hostApp = resolve(root, 'host/web/app.tsx');
const benchPlugins = resolve(import.meta.dirname, 'web/web-plugins.ts');
const BENCH_WEB_DIR = resolve(root, '.tmp/bench/web');

const web = (Array.isArray(configs) ? configs : [configs]).find((config: Configuration) => config.name === 'web');
if (!web) throw new Error('rspack.config.ts has no web configuration');

const bench: Configuration = {
  ...web,
  name: 'bench-web',
  // No source maps: they are not served and only cost build time here.
  devtool: false,
  output: { ...web.output, path: BENCH_WEB_DIR },
  plugins: [
    ...(web.plugins ?? []),
    // Only app.tsx's `./plugins` is swapped; web-plugins.ts itself imports the product's list.
    new rspack.NormalModuleReplacementPlugin(
      /^\.\/plugins$/,
      (data: { request: string; contextInfo: { issuer: string } }) => {
        if (data.contextInfo.issuer === hostApp) data.request = benchPlugins;
      },
    ),
  ],
};

export default bench;
