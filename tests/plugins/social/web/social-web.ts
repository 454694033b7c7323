/**
 * The social plugin's screens in browser tests: the plugin as the host would join it (not yet in
 * host/web/plugins.ts), records and list answers as its API gives them, and the row menu.
 */
import { expect } from 'vitest';
import { click, jsonResponse, query, serviceBase, waitInAct, webPlugin } from '@core/sdk/testing-web';
import type { ResourceRecord } from '@core/sdk/shared';
import { socialManifest } from '@plugins/social/manifest';
import socialCode from '@plugins/social/web';

export const social = webPlugin(socialManifest, socialCode);
export const SOCIAL_API = serviceBase('social');

export function record(id: number, values: Readonly<Record<string, unknown>> = {}): ResourceRecord {
  return { id, version: 1, created_at: '2026-11-01T09:00:00.000Z', updated_at: '2026-11-01T09:00:00.000Z', deleted_at: null, ...values };
}

export const listOf = (rows: readonly ResourceRecord[]) => ({ data: { data: rows, current_page: 1, last_page: 1, per_page: 100, total: rows.length } });

/** A reference search answer from `options`, by `q` or `ids` as the engine asks. */
export function references(options: readonly { id: number; label: string }[]) {
  return (_request: unknown, url: URL) => {
    const ids = url.searchParams.get('ids');
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    const found = ids ? options.filter((option) => ids.split(',').includes(String(option.id))) : options.filter((option) => option.label.toLowerCase().includes(q));
    return jsonResponse(200, { data: found });
  };
}

export const dialog = (): HTMLElement => query(document, '[role="dialog"]');

/** Opens the row menu of the row labelled `label` and picks `item`. */
export async function openMenu(label: string, item: string): Promise<void> {
  await click(query<HTMLButtonElement>(document, `button[aria-label="Actions for ${label}"]`));
  await waitInAct(() => expect(document.querySelectorAll('[role="menuitem"]').length).toBeGreaterThan(0));
  const entry = [...document.querySelectorAll<HTMLElement>('[role="menuitem"]')].find((candidate) => candidate.textContent?.trim() === item);
  if (!entry) throw new Error(`no menu item "${item}"`);
  await click(entry);
}

/** The items of the open row menu. */
export const menuItems = (): string[] => [...document.querySelectorAll<HTMLElement>('[role="menuitem"]')].map((item) => item.textContent?.trim() ?? '');
