import { defineConfig } from '@playwright/test';

// Chromium comes from the system (Debian's package); scripts/run-e2e.mjs finds it and sets CHROMIUM_PATH.
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'e2e/output/results',
  // Each test starts its own production server on a fresh database; one at a time suits two cores.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    headless: true,
    trace: 'retain-on-failure',
    // A click that cannot happen fails within this, not at the end of the whole test's time.
    actionTimeout: 30_000,
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
