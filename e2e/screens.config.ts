import { defineConfig } from '@playwright/test';
import base from '../playwright.config';

// `npm run screens`: every screen in en and ru, light and dark, at 1280 and 1600 px, written to
// e2e/output/screens/<language>-<theme>-<width>/ for people to look at. Outside `npm test`.
export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: 'screens.shots.ts',
  outputDir: 'output/screens-results',
  // The eight looks share nothing: two at a time, each worker with its own server.
  workers: 2,
  fullyParallel: true,
  timeout: 600_000,
});
