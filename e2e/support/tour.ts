import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import type { PluginManifest } from '@core/shared/manifest';
import { adminManifest } from '../../plugins/admin/manifest';
import { financeManifest } from '../../plugins/finance/manifest';
import { messengerManifest } from '../../plugins/messenger/manifest';
import { shopManifest } from '../../plugins/shop/manifest';
import { socialManifest } from '../../plugins/social/manifest';
import { systemManifest } from '../../plugins/system/manifest';
import { trackerManifest } from '../../plugins/tracker/manifest';
import { sidebarEntries } from '../../core/web/plugins/navigation';
import { seriousViolations } from './axe';
import { settled } from './raw-keys';
import { freshDataDir, startProductionServer, type ProductionServer } from './server';
import { text, type Language } from './strings';

const MANIFESTS: readonly PluginManifest[] = [
  adminManifest,
  financeManifest,
  messengerManifest,
  trackerManifest,
  shopManifest,
  systemManifest,
  socialManifest,
];

/** A screen of the tour: where it is, and its heading in a language (none: any first heading). */
export interface TourScreen {
  readonly path: string;
  readonly heading?: (language: Language) => string;
}

/** Every screen staff open: the dashboard, then every sidebar entry of the seven plugins, the admin's first. */
export const TOUR_SCREENS: readonly TourScreen[] = [
  { path: '/dashboard/main' },
  ...MANIFESTS.flatMap(sidebarEntries).map((entry) => ({
    path: entry.path,
    heading: (language: Language) => text(language, entry.labelKey),
  })),
];

/** Nothing answers here: the demo's bots and ad accounts fail fast instead of reaching the real Telegram or Meta. */
const NOWHERE = 'http://127.0.0.1:9';

/** A production server with all seven plugins on the demo data, cut off from the outside services. */
export async function startTourServer(): Promise<ProductionServer> {
  const config = join(mkdtempSync(join(tmpdir(), 'erp-e2e-tour-')), 'erp.json');
  writeFileSync(config, JSON.stringify({ pluginSettings: { social: { graphApiBase: NOWHERE } } }));
  return startProductionServer({
    plugins: MANIFESTS.map((manifest) => manifest.id).join(','),
    dataDir: freshDataDir(),
    env: { ERP_DEMO: '1', ERP_CONFIG: config, ERP_TELEGRAM_API_BASE: NOWHERE },
  });
}

/**
 * Opens `screen` inside the running app (a history entry the router follows, not a reload, so the
 * app is not loaded again for each screen) and waits for its heading and for nothing to be loading.
 */
export async function openScreen(page: Page, screen: TourScreen, language: Language): Promise<Locator> {
  // The pointer rests off the content, so no row is drawn hovered in the picture or for axe.
  await page.mouse.move(0, 0);
  await page.evaluate((path) => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, screen.path);
  // A report screen writes its choices into the query (`/cash-flow?period=this_month`).
  await expect(page).toHaveURL(new RegExp(`${screen.path}(\\?.*)?$`));
  const main = page.getByRole('main');
  const heading = screen.heading
    ? main.getByRole('heading', { level: 1, name: screen.heading(language), exact: true })
    : main.getByRole('heading', { level: 1 }).first();
  await expect(heading).toBeVisible();
  await settled(main);
  return main;
}

/** An identifier's column by its header: "ID", "Campaign ID", "ID кампании", "Id", a port. */
export function isIdentifierHeader(header: string): boolean {
  const words = header.trim().split(/[\s()]+/);
  return words.some((word) => word === 'ID' || word === 'Id') || /^(port|порт)$/i.test(words.at(-1) ?? '');
}

/**
 * Identifier cells that read like amounts ("1,420", "2 222"): in the tables on screen, the cells of
 * an identifier's column (by its header) or marked by the engine as one (`data-identifier`).
 */
export async function groupedIdentifiers(main: Locator): Promise<string[]> {
  const cells = await main.evaluate((root) =>
    [...root.querySelectorAll('table')].flatMap((table) => {
      const headers = [...table.querySelectorAll('thead tr:last-child > *')].map((header) =>
        (header as HTMLElement).innerText.trim(),
      );
      return [...table.querySelectorAll('tbody tr')].slice(0, 50).flatMap((row) =>
        [...row.children].map((cell, at) => ({
          header: headers[at] ?? '',
          marked: cell.querySelector('[data-identifier]') !== null,
          text: (cell as HTMLElement).innerText.trim(),
        })),
      );
    }),
  );
  const grouped = cells
    .filter(
      (cell) => (cell.marked || isIdentifierHeader(cell.header)) && /\d[,\u00a0\u202f]\d{3}(?!\d)/.test(cell.text),
    )
    .map((cell) => `${cell.header}: ${cell.text}`);
  return [...new Set(grouped)];
}

/** Whether the first row's actions button is on screen without scrolling sideways (no list rows: nothing to say). */
export async function rowMenuOffScreen(page: Page, main: Locator): Promise<string | null> {
  const button = main.locator('tbody tr[data-row-id]').first().locator('td').last().getByRole('button').first();
  if ((await button.count()) === 0) return null;
  const box = await button.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  if (box && box.x >= 0 && box.x + box.width <= width) return null;
  return `first row's actions button at ${box ? `${Math.round(box.x)}–${Math.round(box.x + box.width)} px` : 'no box'} of ${width}`;
}

/** The serious and critical axe violations on the page, one line each. */
export async function axeFindings(page: Page): Promise<string[]> {
  return (await seriousViolations(page)).map(
    (violation) => `axe ${violation.id} on ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}
