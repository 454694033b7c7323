/**
 * The tracker service as the tracker's screens meet it in browser tests: records in the shape the
 * API answers, a list answer, and a tracker page rendered (with the plugins it depends on) for a
 * user holding chosen codes.
 */
import {
  FakeService,
  jsonResponse,
  listAnswer,
  type RenderedView,
  renderPluginPage,
  serviceBase,
  testRecord,
  waitInAct,
  webPlugin,
} from '@core/sdk/testing-web';
import type { Language, ResourceRecord } from '@core/sdk/shared';
import { adminManifest } from '@plugins/admin/manifest';
import adminCode from '@plugins/admin/web';
import { financeManifest } from '@plugins/finance/manifest';
import financeCode from '@plugins/finance/web';
import { trackerManifest } from '@plugins/tracker/manifest';
import trackerCode from '@plugins/tracker/web';
import { expect } from 'vitest';

const tracker = webPlugin(trackerManifest, trackerCode);
const admin = webPlugin(adminManifest, adminCode);
const finance = webPlugin(financeManifest, financeCode);

export const TRACKER_API = serviceBase(trackerManifest.service);

/** The tracker and the plugins its manifest depends on, as the host loads them. */
export const TRACKER_PLUGINS = [tracker, admin, finance];

/** A record as a list answers it: meta columns, the given values, their reference labels. */
export const record = testRecord;

export const listOf = (rows: readonly ResourceRecord[]) => listAnswer(rows);

/** A tracker service whose `GET <path>` lists `rows`, or what `rows()` holds at the time of the call. */
export function listing(
  path: string,
  rows: readonly ResourceRecord[] | (() => readonly ResourceRecord[]),
): FakeService {
  return new FakeService(TRACKER_API).on('GET', path, () =>
    jsonResponse(200, listOf(typeof rows === 'function' ? rows() : rows)),
  );
}

/** A tracker page for a user holding `codes`, once its rows are drawn. */
export async function openList(path: string, api: FakeService, codes: readonly string[], language?: Language) {
  const page = await renderPluginPage({
    plugins: TRACKER_PLUGINS,
    path,
    codes,
    api,
    ...(language ? { language } : {}),
  });
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
