import { defineConfig } from 'vitest/config';

// The SDK's `core/` folder: the kit's own location, two levels up.
const sdkCore = new URL('../../', import.meta.url).pathname;

/**
 * A plugin's tests, run by `erp-plugin test` from the plugin's folder: `tests/**​/web/**` in happy-dom,
 * everything else in node. The SDK ships as TypeScript, so vitest compiles it like the plugin's own
 * files (decorators with metadata for inversify, the automatic JSX runtime).
 */
export default defineConfig({
  resolve: { alias: [{ find: /^@core\//, replacement: sdkCore }] },
  oxc: {
    decorator: { legacy: true, emitDecoratorMetadata: true },
    jsx: { runtime: 'automatic' },
  },
  test: {
    server: { deps: { inline: [/[\\/]@core[\\/]sdk[\\/]/] } },
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['tests/**/web/**/*.test.{ts,tsx}'],
          setupFiles: [`${sdkCore}sdk/plugin-kit/test-setup.ts`],
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/**/web/**', 'node_modules/**', 'dist/**'],
          setupFiles: [`${sdkCore}sdk/plugin-kit/test-setup.ts`],
          // A template database holds every core and plugin migration: building it takes seconds.
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
