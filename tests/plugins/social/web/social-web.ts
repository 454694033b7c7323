/**
 * The social plugin's screens in browser tests: the plugin as the host joins it, records and list
 * answers as its API gives them, and the open dialog and menu.
 */
import { listAnswer, query, referencesAnswer, serviceBase, testRecord, webPlugin } from '@core/sdk/testing-web';
import type { ResourceRecord } from '@core/sdk/shared';
import { socialManifest } from '@plugins/social/manifest';
import socialCode from '@plugins/social/web';

export const social = webPlugin(socialManifest, socialCode);
export const SOCIAL_API = serviceBase('social');

export const record = testRecord;

export const listOf = (rows: readonly ResourceRecord[]) => listAnswer(rows, 100);

export const references = referencesAnswer;

export const dialog = (): HTMLElement => query(document, '[role="dialog"]');

/** The items of the open row menu. */
export const menuItems = (): string[] =>
  [...document.querySelectorAll<HTMLElement>('[role="menuitem"]')].map((item) => item.textContent?.trim() ?? '');
