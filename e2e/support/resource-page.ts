import { readFileSync } from 'node:fs';
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';

/*
 * Helpers for the resource engine's generated list screen (core/web/resource), shared by the specs
 * that drive one.
 */

declare global {
  interface Window {
    __toasts?: string[];
  }
}

/**
 * Records the text of every toast the page shows, in order, from the first script on (the toasts
 * stay 10 s, so one still on screen must not pass for the next one with the same words).
 */
export async function recordToasts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    window.__toasts = seen;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          const titles = node.matches('.fui-ToastTitle') ? [node] : [...node.querySelectorAll('.fui-ToastTitle')];
          for (const title of titles) seen.push(title.textContent ?? '');
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** Runs `action` and expects a new toast saying exactly `text`, on screen. */
export async function expectToast(page: Page, text: string, action: () => Promise<void>): Promise<void> {
  const before = await page.evaluate(() => window.__toasts?.length ?? -1);
  expect(before, 'recordToasts(context) must run before the page opens').toBeGreaterThanOrEqual(0);
  await action();
  await expect
    .poll(() => page.evaluate((count) => (window.__toasts ?? []).slice(count), before), { message: `toast "${text}"` })
    .toContain(text);
  await expect(page.locator('.fui-ToastTitle').filter({ hasText: text }).first()).toBeVisible();
}

/** The list's table (its accessible name is the screen's title). */
export function listTable(page: Page, title: string): Locator {
  return page.getByRole('table', { name: title });
}

/**
 * The text of one column in every row on screen, in order (`column` is the header's text). Badges
 * in the first cell ('Blocked', 'Deleted') are left out; `badges` reads them.
 */
export async function columnTexts(page: Page, title: string, column: string): Promise<string[]> {
  const table = listTable(page, title);
  await expect(table).toHaveAttribute('aria-busy', 'false');
  return table.evaluate((element, name) => {
    // Header and body cells counted alike (the selection column is a td in the header row).
    const headers = [...(element.querySelector('thead tr')?.children ?? [])].map(
      (cell) => cell.textContent?.trim() ?? '',
    );
    const index = headers.indexOf(name);
    if (index < 0) throw new Error(`no column "${name}" among ${JSON.stringify(headers)}`);
    return [...element.querySelectorAll('tbody tr[data-row-id]')].map((row) => {
      const cell = row.children[index]?.cloneNode(true) as Element | undefined;
      cell?.querySelectorAll('.fui-Badge').forEach((badge) => badge.remove());
      return cell?.textContent?.trim() ?? '';
    });
  }, column);
}

/** Waits until the column shows exactly `expected`, in that order. */
export async function expectColumn(
  page: Page,
  title: string,
  column: string,
  expected: readonly string[],
): Promise<void> {
  await expect.poll(() => columnTexts(page, title, column), { message: `${column} of ${title}` }).toEqual(expected);
}

/** The row whose cells include `text`. */
export function rowWith(page: Page, title: string, text: string): Locator {
  return listTable(page, title)
    .locator('tbody tr[data-row-id]')
    .filter({ has: page.getByRole('cell', { name: text, exact: true }) });
}

/** The row of the record with this id. */
export function rowOf(page: Page, title: string, id: number): Locator {
  return listTable(page, title).locator(`tbody tr[data-row-id="${id}"]`);
}

/** Opens a row's menu (the '…' button, 'Actions for <label>') and picks `item`. */
export async function rowMenu(page: Page, label: string, item: string): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${label}`, exact: true }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

/** The filter panel: the filters in use as chips, and the one being added or changed. */
export function filterPanel(page: Page): Locator {
  return page.getByRole('region', { name: 'Filters' });
}

/** Opens `field`'s filter through "Add filter" and gives its editor (operator, value, Apply, Cancel). */
export async function addFilter(page: Page, field: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Add filter' }).click();
  await page.getByRole('menuitemcheckbox', { name: field, exact: true }).click();
  const editor = page.getByRole('form', { name: `Filter by ${field}` });
  await expect(editor).toBeVisible();
  return editor;
}

/** Picks `option` in the Fluent dropdown labelled `label`. */
export async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(scope.getByRole('combobox', { name: label, exact: true })).toHaveText(option);
}

/** Picks a money field's currency by typing part of its code or of its name in either language, then choosing `code`. */
export async function chooseCurrency(
  page: Page,
  scope: Locator,
  typed: string,
  code: string,
  label = 'Currency',
): Promise<void> {
  const picker = scope.getByRole('combobox', { name: label, exact: true });
  // A form that starts with this currency has nothing to pick (typing it again opens no list).
  if ((await picker.inputValue()) === code) return;
  await picker.fill(typed);
  await page.getByRole('option', { name: new RegExp(`^${code} — `) }).click();
  await expect(picker).toHaveValue(code);
}

/** The active filter chips' texts. */
export function chips(page: Page): Locator {
  return page.getByRole('toolbar', { name: 'Active filters' }).locator('[data-filter]');
}

/** A small CSV reader (RFC 4180: quoted cells, doubled quotes, CRLF or LF). */
export function parseCsv(text: string, separator = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let index = 0; index < body.length; index += 1) {
    const char = body[index];
    if (quoted) {
      if (char === '"' && body[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && body[index + 1] === '\n') index += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** A downloaded CSV file as header → values rows. */
export function readCsvFile(path: string, separator = ','): { header: string[]; rows: Record<string, string>[] } {
  const [header = [], ...lines] = parseCsv(readFileSync(path, 'utf8'), separator);
  return {
    header,
    rows: lines.map((cells) => Object.fromEntries(header.map((name, index) => [name, cells[index] ?? '']))),
  };
}

/** `YYYY-MM-DD` of the local day `offset` days from today (the browser runs on this machine's clock and zone). */
export function localDay(offset = 0): string {
  const day = new Date();
  day.setDate(day.getDate() + offset);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

/** Picks `option` in the reference picker labelled `label` (a type-ahead combobox), typing `search`. */
export async function pickReference(
  page: Page,
  scope: Locator,
  label: string,
  search: string,
  option: string,
): Promise<void> {
  const box = scope.getByRole('combobox', { name: label });
  await box.click();
  await box.fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(box).toHaveValue(option);
}

/** The add dialog of the list at `path`: opened, filled by `fill`, saved, announced. */
export async function addRecord(
  page: Page,
  path: string,
  record: string,
  fill: (dialog: Locator) => Promise<void>,
): Promise<void> {
  if (new URL(page.url()).pathname !== path) await page.goto(path);
  await page.getByRole('main').getByRole('button', { name: 'Add', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `New: ${record}` });
  await expect(dialog).toBeVisible();
  await fill(dialog);
  await expectToast(page, 'New record successfully created', () =>
    dialog.getByRole('button', { name: 'Save' }).click(),
  );
  await expect(dialog).toBeHidden();
}
