import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

// The fault suite (npm run test:faults): real server processes killed, signalled and started on
// damaged directories. Its files end in .fault.ts so the unit run (tests/**/*.test.ts) leaves them out;
// they run one at a time, since their timings are part of what they print.
export default defineConfig({
  root: resolve(import.meta.dirname, '../..'),
  resolve: { tsconfigPaths: true },
  test: {
    name: 'faults',
    environment: 'node',
    include: ['tests/faults/**/*.fault.ts'],
    globalSetup: ['tests/faults/support/build-server.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
