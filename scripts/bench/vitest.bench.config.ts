import { defineConfig } from 'vitest/config';

/*
 * Runs the benchmark (scripts/bench/*.bench.ts) with the project's aliases and transforms, one
 * file, one forked worker with --expose-gc (the export's memory is sampled after a collection).
 * `npm run test:unit` never sees it: its projects include only tests/.
 */
export default defineConfig({
  root: new URL('../..', import.meta.url).pathname,
  resolve: { tsconfigPaths: true },
  oxc: {
    decorator: { legacy: true, emitDecoratorMetadata: true },
    jsx: { runtime: 'automatic' },
  },
  test: {
    name: 'bench',
    environment: 'node',
    include: ['scripts/bench/**/*.bench.ts'],
    setupFiles: ['tests/setup/node.ts'],
    pool: 'forks',
    execArgv: ['--expose-gc'],
    fileParallelism: false,
    testTimeout: 15 * 60_000,
    hookTimeout: 5 * 60_000,
    // The figures are the output: printed as they come, not collected per test.
    disableConsoleIntercept: true,
    reporters: ['dot'],
  },
});
