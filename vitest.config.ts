import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Aliases come from tsconfig.json's `paths`, the one place they are written.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  oxc: {
    decorator: { legacy: true, emitDecoratorMetadata: true },
    jsx: { runtime: 'automatic' },
  },
  test: {
    // Vitest's default on two cores is one worker, yet server tests spend much of their time waiting
    // on a database (the PostgreSQL run most): two workers took the unit stage from 7:17 to 5:15 and
    // the PostgreSQL one from 6:05 to 2:49 on the two-core machine CI uses. More gained nothing.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      // Screens share one module graph per worker (importing React and Fluent per file took most of
      // the project's time); the shell's own tests change the window and the document and stay apart.
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'happy-dom',
          isolate: false,
          include: ['tests/**/web/**/*.test.{ts,tsx}'],
          exclude: ['tests/core/web/shell/**'],
          setupFiles: ['tests/setup/web.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'web-shell',
          environment: 'happy-dom',
          include: ['tests/core/web/shell/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/web.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/**/web/**'],
          setupFiles: ['tests/setup/node.ts'],
          globalSetup: ['tests/setup/shared-templates.ts'],
          // Building a file's template database (every core and plugin migration and resource table) takes
          // seconds; on a busy machine more than the default 10 s.
          hookTimeout: 60_000,
          isolate: false,
        },
      },
    ],
  },
});
