import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import type { ResourceDefinition } from '@core/shared/resource/definition';
import playwrightConfig from '../../playwright.config';
import { apiPath, queryString } from './api-bench';
import { ms, type Report, summarize } from './measure';
import { PROFILE, SMOKE } from './profile';

/*
 * Time from navigation to rows on screen, in Chromium, as the e2e suite runs it (the system
 * Chromium, playwright.config.ts's launch flags).
 *
 * How it is measured: everything is read from the page's own clock (performance.now(), whose zero
 * is the navigation's start), so no time crosses between the test process and the browser.
 *  - An init script (run before any page code in every new document) puts a MutationObserver on
 *    the document. The first mutation batch that brings a data row (`tr[data-row-id]`, which the
 *    generated table gives each record row and never a skeleton row) notes `rowsInDom`; then a
 *    requestAnimationFrame callback and a message posted from it note `rowsShown`: the rAF runs
 *    just before the frame that contains the rows is painted, and the message is handled after
 *    that frame, so `rowsShown` is the first moment the rows are on screen.
 *  - The list request's PerformanceResourceTiming entry gives `responseEnd`: the last byte of
 *    the page's data arrived. "Data → rows" is rowsShown − responseEnd: JSON parsing, the store,
 *    React rendering (the table draws a window of rows past 100), layout and paint.
 */

declare global {
  interface Window {
    __bench?: { rowsInDom: number | null; rowsShown: number | null; rowCount: number };
  }
}

function installRowWatch(): void {
  const state = { rowsInDom: null as number | null, rowsShown: null as number | null, rowCount: 0 };
  window.__bench = state;
  const observer = new MutationObserver(() => {
    if (state.rowsInDom !== null) return;
    const rows = document.querySelectorAll('tr[data-row-id]');
    if (rows.length === 0) return;
    state.rowsInDom = performance.now();
    state.rowCount = rows.length;
    observer.disconnect();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        state.rowsShown = performance.now();
      };
      channel.port2.postMessage(null);
    });
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** Where a screen that never showed its rows is photographed. */
const SHOTS = resolve(import.meta.dirname, '../../.tmp/bench');
mkdirSync(SHOTS, { recursive: true });

export function chromiumPath(): string | null {
  return (
    [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((path): path is string => !!path && existsSync(path)) ?? null
  );
}

export async function launchChromium(executablePath: string): Promise<Browser> {
  const launchOptions = playwrightConfig.use?.launchOptions ?? {};
  return chromium.launch({ ...launchOptions, executablePath, headless: true });
}

export interface PageCase {
  readonly label: string;
  readonly definition: ResourceDefinition;
  /** The screen's path (the definition's path unless the plugin mounted it elsewhere). */
  readonly screen: string;
  readonly params: Readonly<Record<string, string>>;
  readonly expectRows: number;
  /** The target for navigation → rows shown, p50, when the screen has one. */
  readonly navigationP50Ms?: number;
}

interface Visit {
  readonly rowsShown: number;
  readonly rowsInDom: number;
  readonly responseEnd: number;
  readonly rowCount: number;
  /** Records on the page: the table's aria-rowcount less the header when it draws a window, else the rows drawn. */
  readonly pageRows: number;
  /** The list answer's size, decoded. */
  readonly bytes: number;
}

async function visit(page: Page, baseUrl: string, pageCase: PageCase): Promise<Visit> {
  const qs = queryString(pageCase.params);
  await page.goto(`${baseUrl}${pageCase.screen}${qs ? `?${qs}` : ''}`);
  try {
    await page.waitForFunction(() => window.__bench?.rowsShown != null, null, { timeout: 60_000 });
  } catch (error) {
    await page
      .screenshot({ path: resolve(SHOTS, `${pageCase.label.replace(/[^a-z0-9]+/gi, '-')}.png`) })
      .catch(() => undefined);
    const text = (
      await page
        .locator('main')
        .innerText()
        .catch(() => '')
    )
      .replace(/\s+/g, ' ')
      .slice(0, 300);
    throw new Error(`${pageCase.label}: no rows within 60 s at ${page.url()} (page says: ${text})`, { cause: error });
  }
  const api = apiPath(pageCase.definition);
  return page.evaluate((listPath) => {
    const state = window.__bench;
    const list = performance
      .getEntriesByType('resource')
      .filter((entry): entry is PerformanceResourceTiming => new URL(entry.name).pathname === listPath)
      .filter((entry) => entry.responseEnd <= (state?.rowsInDom ?? 0))
      .at(-1);
    const ariaRows = document.querySelector('table[aria-rowcount]')?.getAttribute('aria-rowcount');
    const rowCount = state?.rowCount ?? 0;
    return {
      rowsShown: state?.rowsShown ?? NaN,
      rowsInDom: state?.rowsInDom ?? NaN,
      responseEnd: list?.responseEnd ?? NaN,
      rowCount,
      pageRows: ariaRows ? Number(ariaRows) - 1 : rowCount,
      bytes: list?.decodedBodySize ?? 0,
    };
  }, api);
}

async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: "Let's Get Started" }).click();
  await page.waitForURL(/\/dashboard\/main$/, { timeout: 60_000 });
}

const VISITS = PROFILE.visits;

async function measurePage(
  report: Report,
  database: string,
  page: Page,
  baseUrl: string,
  pageCase: PageCase,
): Promise<void> {
  await visit(page, baseUrl, pageCase);
  const visits: Visit[] = [];
  for (let i = 0; i < VISITS; i += 1) {
    const seen = await visit(page, baseUrl, pageCase);
    if (seen.pageRows !== pageCase.expectRows)
      throw new Error(`the page showed ${seen.pageRows} records, not ${pageCase.expectRows}`);
    visits.push(seen);
  }
  const shown = summarize(visits.map((v) => v.rowsShown));
  const afterData = summarize(visits.map((v) => v.rowsShown - v.responseEnd));
  // The split: parsing, the store and React up to the commit; then style, layout and paint.
  const toDom = summarize(visits.map((v) => v.rowsInDom - v.responseEnd)).p50;
  const toPaint = summarize(visits.map((v) => v.rowsShown - v.rowsInDom)).p50;
  const drawn = visits[0]?.rowCount ?? 0;
  const records = `${pageCase.expectRows} records (${Math.round((visits[0]?.bytes ?? 0) / 1024)} KB of JSON), ${drawn} rows drawn`;
  const navigationTarget = pageCase.navigationP50Ms;
  report.add({
    database,
    what: `${pageCase.label}: navigation → rows shown`,
    p50: ms(shown.p50),
    p95: ms(shown.p95),
    target:
      navigationTarget === undefined
        ? records
        : `p50 ≤ ${navigationTarget} ms ${shown.p50 <= navigationTarget ? '✓' : '✗'}; ${records}`,
    mark: navigationTarget === undefined ? 'info' : shown.p50 <= navigationTarget ? 'pass' : 'miss',
  });
  const limit = pageCase.expectRows >= 1000 ? 300 : null;
  report.add({
    database,
    what: `${pageCase.label}: data arrived → rows shown`,
    p50: ms(afterData.p50),
    p95: ms(afterData.p95),
    target: `${limit === null ? 'no target' : `p95 ≤ ${limit} ms ${afterData.p95 <= limit ? '✓' : '✗'}`} (p50 split: to DOM ${ms(toDom)}, then to paint ${ms(toPaint)})`,
    mark: limit === null ? 'info' : afterData.p95 <= limit ? 'pass' : 'miss',
  });
}

/**
 * Signs in once in a fresh context, then opens each case VISITS times (after one visit that warms
 * the browser's cache and the server), each a full navigation that starts the app from scratch.
 */
export async function measurePages(
  report: Report,
  database: string,
  browser: Browser,
  server: { readonly url: string; readonly email: string; readonly password: string },
  cases: readonly PageCase[],
): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    await context.addInitScript(installRowWatch);
    const page = await context.newPage();
    await signIn(page, server.url, server.email, server.password);
    for (const pageCase of cases) {
      try {
        await measurePage(report, database, page, server.url, pageCase);
      } catch (error) {
        // One screen that fails (a build replaced under the server, say) does not cost the other figures;
        // the smoke run is there to find a screen that fails.
        if (SMOKE) throw error;
        report.add({
          database,
          what: `${pageCase.label}`,
          p50: '',
          p95: '',
          target: `failed: ${(error as Error).message.slice(0, 160)}`,
          mark: 'miss',
        });
      }
    }
  } finally {
    await context.close();
  }
}
