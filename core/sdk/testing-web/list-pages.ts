import { describe, expect, it } from 'vitest';
import type { PermissionCode } from '@core/shared/permissions';
import type { WebPlugin } from '@core/web/plugins/define-plugin';
import { testRecord, listAnswer } from './answers';
import { FakeService } from './fake-service';
import { jsonResponse } from './fetch';
import { renderPluginPage, serviceBase } from './plugin-page';
import { waitInAct } from './test-kernel';

/** One engine list page of a plugin: where it is, the code it needs, the API path it lists, its title in en and ru. */
export interface ListPageCase {
  readonly path: string;
  readonly code: PermissionCode;
  readonly apiPath: string;
  readonly title: { readonly en: string; readonly ru: string };
}

export interface ListPagesOptions {
  /** The plugin whose pages these are (and the plugins it depends on, after it). */
  readonly plugins: readonly WebPlugin[];
  readonly pages: readonly ListPageCase[];
  /** The codes a user may hold besides the page's: without the page's own, the page says "No access". */
  readonly codes: readonly PermissionCode[];
}

/** Text shaped like an i18n key of these namespaces (`shop:fields.name`), which a screen must never show. */
function rawKeyPattern(namespaces: readonly string[]): RegExp {
  return new RegExp(`\\b(${[...namespaces, 'core'].join('|')}):[a-z]`);
}

/**
 * The tests every engine list page of a plugin owes: it lists a record under its title in English
 * and in Russian with no raw i18n key, and without its code it says "No access" and never asks
 * the API. One `describe` per page.
 */
export function describeListPages({ plugins, pages, codes }: ListPagesOptions): void {
  const plugin = plugins[0];
  if (!plugin) throw new Error('describeListPages needs the plugin whose pages these are');
  const base = serviceBase(plugin.manifest.service);
  const rawKey = rawKeyPattern(plugin.manifest.namespaces);
  const service = (apiPath: string) =>
    new FakeService(base).on('GET', apiPath, () => jsonResponse(200, listAnswer([testRecord(1, { name: 'First' })])));
  describe.each(pages)('$path', ({ path, code, apiPath, title }) => {
    it(`lists its records under its title for a user with ${code}, in English and in Russian`, {
      timeout: 20_000,
    }, async () => {
      for (const language of ['en', 'ru'] as const) {
        const { view } = await renderPluginPage({ plugins, path, codes: [code], api: service(apiPath), language });
        await waitInAct(() => expect(view.element.querySelector('main h1')?.textContent).toBe(title[language]));
        await waitInAct(() => expect(view.element.querySelectorAll('tbody tr[data-row-id="1"]')).toHaveLength(1));
        expect(view.element.textContent).not.toMatch(rawKey);
        await view.unmount();
      }
    });

    it(`shows "No access" without ${code} and never asks for the list`, async () => {
      const api = service(apiPath);
      const { view } = await renderPluginPage({ plugins, path, codes: codes.filter((other) => other !== code), api });
      await waitInAct(() => expect(view.element.textContent).toContain('No access'));
      expect(api.requests('GET', apiPath)).toEqual([]);
    });
  });
}
