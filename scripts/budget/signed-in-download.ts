import { rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium, type Page, type Response } from '@playwright/test';
import playwrightConfig from '../../playwright.config';
import { ADMIN_EMAIL, ADMIN_PASSWORD, freshDataDir, startProductionServer } from '../../core/sdk/testing-e2e/server';

/*
 * What a signed-in user's browser downloads to show the transactions screen: the production server
 * (dist/) on a fresh data directory with the finance plugin and its demonstration records, one
 * sign-in, then /transactions opened again with the browser's cache off, as a reload by someone whose
 * cache is cold. Every JavaScript, CSS and JSON response whose request started before the first row
 * was on screen counts (what the app fetches later, while idle, does not), each body gzipped at level 9.
 */

export const SCREEN = '/transactions';

export interface Download {
  readonly url: string;
  readonly gzip: number;
}

declare global {
  interface Window {
    __firstRow?: number;
  }
}

/** Notes, on the page's clock, when the first data row is in the document (the generated table's `tr[data-row-id]`). */
function watchFirstRow(): void {
  const observer = new MutationObserver(() => {
    if (document.querySelector('tr[data-row-id]') === null) return;
    observer.disconnect();
    window.__firstRow = performance.now();
  });
  observer.observe(document, { childList: true, subtree: true });
}

const COUNTED = /javascript|css|json/;

async function signIn(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: "Let's Get Started" }).click();
  await page.waitForURL(/\/dashboard\/main$/, { timeout: 60_000 });
}

export async function measureSignedInDownload(executablePath: string): Promise<readonly Download[]> {
  const dataDir = freshDataDir();
  const server = await startProductionServer({ plugins: 'admin,finance', dataDir, env: { ERP_DEMO: '1' } });
  const browser = await chromium.launch({ ...playwrightConfig.use?.launchOptions, executablePath, headless: true });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, server.url);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await context.addInitScript(watchFirstRow);
    // Off the app first, so nothing the dashboard was still fetching is counted as the screen's.
    await page.goto('about:blank');
    const responses: Response[] = [];
    page.on('response', (response) => responses.push(response));
    await page.goto(`${server.url}${SCREEN}`);
    await page.waitForFunction(() => window.__firstRow !== undefined, null, { timeout: 60_000 });
    // Requests the page started before its first row, on the page's own clock.
    const before = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime <= (window.__firstRow ?? 0))
        .map((entry) => entry.name),
    );
    const pending = new Map<string, number>();
    for (const url of before) pending.set(url, (pending.get(url) ?? 0) + 1);
    const downloads: Download[] = [];
    for (const response of responses) {
      const left = pending.get(response.url()) ?? 0;
      if (left === 0 || !COUNTED.test(response.headers()['content-type'] ?? '')) continue;
      pending.set(response.url(), left - 1);
      const body = await response.body();
      downloads.push({ url: response.url().slice(server.url.length), gzip: gzipSync(body, { level: 9 }).length });
    }
    await context.close();
    return downloads;
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
