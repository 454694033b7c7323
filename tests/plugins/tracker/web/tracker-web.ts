/**
 * The tracker service as the tracker's screens meet it in browser tests: records in the shape the
 * API answers, a list answer, and a tracker page rendered (with the plugins it depends on) for a
 * user holding chosen codes.
 */
import { click, FakeService, jsonResponse, query, renderPluginPage, serviceBase, waitInAct, type RenderedView } from '@core/sdk/testing-web';
import type { Language, ResourceRecord } from '@core/sdk/shared';
import { trackerManifest } from '@plugins/tracker/manifest';
import { expect } from 'vitest';
import { admin, finance, tracker } from '../../../support/web/product-plugins';

export const TRACKER_API = serviceBase(trackerManifest.service);

/** The tracker and the plugins its manifest depends on, as the host loads them. */
export const TRACKER_PLUGINS = [tracker, admin, finance];

/** A record as a list answers it: meta columns, the given values, their reference labels. */
export function record(id: number, values: Readonly<Record<string, unknown>> = {}): ResourceRecord {
  return { id, version: 1, created_at: '2026-11-01T09:00:00.000Z', updated_at: '2026-11-01T09:00:00.000Z', deleted_at: null, ...values };
}

export const listOf = (rows: readonly ResourceRecord[]) => ({ data: { data: rows, current_page: 1, last_page: 1, per_page: 20, total: rows.length } });

/** A tracker service whose `GET <path>` lists `rows`, or what `rows()` holds at the time of the call. */
export function listing(path: string, rows: readonly ResourceRecord[] | (() => readonly ResourceRecord[])): FakeService {
  return new FakeService(TRACKER_API).on('GET', path, () => jsonResponse(200, listOf(typeof rows === 'function' ? rows() : rows)));
}

/** A tracker page for a user holding `codes`, once its rows are drawn. */
export async function openList(path: string, api: FakeService, codes: readonly string[], language?: Language) {
  const page = await renderPluginPage({ plugins: TRACKER_PLUGINS, path, codes, api, ...(language ? { language } : {}) });
  await waitInAct(() => expect(page.view.element.querySelectorAll('tbody tr[data-row-id]').length).toBeGreaterThan(0));
  return page;
}

/** The row of the record with this id. */
export function rowOf(view: RenderedView, id: number): HTMLElement {
  const row = view.element.querySelector<HTMLElement>(`tbody tr[data-row-id="${id}"]`);
  if (!row) throw new Error(`no row for record ${id}`);
  return row;
}

/** What a screen reader reads after an element: the tooltip its `aria-describedby` names. */
export function descriptionOf(element: HTMLElement): HTMLElement {
  const id = element.getAttribute('aria-describedby');
  const description = id ? document.getElementById(id) : null;
  if (!description) throw new Error('the element has no description');
  return description;
}

/** Opens the row menu of the record labelled `label` inside `scope` (a view, a row) and picks `item`. */
export async function runRowAction(scope: RenderedView | HTMLElement, label: string, item: string): Promise<void> {
  const within = scope instanceof HTMLElement ? scope : scope.element;
  await click(query<HTMLButtonElement>(within, `button[aria-label="Actions for ${label}"]`));
  await waitInAct(() => expect(document.querySelectorAll('[role="menuitem"]').length).toBeGreaterThan(0));
  const entry = [...document.querySelectorAll<HTMLElement>('[role="menuitem"]')].find((candidate) => candidate.textContent?.trim() === item);
  if (!entry) throw new Error(`no menu item "${item}"`);
  await click(entry);
}
