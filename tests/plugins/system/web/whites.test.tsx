import { describe, expect, it } from 'vitest';
import { act } from 'react';
import {
  buttonByText,
  click,
  FakeService,
  jsonResponse,
  query,
  renderPluginPage,
  runRowAction,
  setupPopupTests,
  waitInAct,
} from '@core/sdk/testing-web';
import { listOf, record, system, SYSTEM_API } from './system-web';

setupPopupTests({ quiet: true });

const dialog = (): HTMLElement => query(document, '[role="dialog"]');

async function choose(file: File): Promise<void> {
  const input = query<HTMLInputElement>(dialog(), 'input[type="file"]');
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(async () => input.dispatchEvent(new Event('change', { bubbles: true })));
}

describe('whites', () => {
  it('uploads a .zip as the white’s site archive, refusing another type or an oversized file before sending', {
    timeout: 30_000,
  }, async () => {
    let rows = [record(3, { name: 'Recipes', source: 'url', url: 'https://whites.example/r/', archive_name: null })];
    const api = new FakeService(SYSTEM_API)
      .on('GET', 'whites', () => jsonResponse(200, listOf(rows)))
      .on('POST', 'whites/3/archive', () => {
        rows = [record(3, { name: 'Recipes', source: 'archive', archive_name: 'recipes.zip', archive_size: 4 })];
        return jsonResponse(200, { data: rows[0] });
      });
    const { view } = await renderPluginPage({ plugins: [system], path: '/whites', codes: ['YQ'], api });
    await waitInAct(() => expect(view.element.querySelector('main h1')?.textContent).toBe('Whites'));

    await runRowAction(document, 'Recipes', 'Upload archive');
    await waitInAct(() => expect(dialog().textContent).toContain('Upload the site archive of Recipes'));
    await choose(new File(['plain'], 'recipes.txt', { type: 'text/plain' }));
    await waitInAct(() => expect(dialog().textContent).toContain('Choose a .zip file.'));
    expect(buttonByText(dialog(), 'Upload').disabled).toBe(true);
    const big = new File([new Uint8Array(4)], 'big.zip', { type: 'application/zip' });
    Object.defineProperty(big, 'size', { value: 21 * 1024 * 1024 });
    await choose(big);
    await waitInAct(() => expect(dialog().textContent).toContain('The archive is larger than 20 MB.'));

    const archive = new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'recipes.zip', { type: 'application/zip' });
    await choose(archive);
    await click(buttonByText(dialog(), 'Upload'));
    await waitInAct(() => expect(api.requests('POST', 'whites/3/archive')).toHaveLength(1));
    const sent = api.requests('POST', 'whites/3/archive')[0]!;
    expect(sent.body).toBe(archive);
    expect(sent.headers.get('Content-Type')).toBe('application/zip');
    expect(api.lastQuery('POST', 'whites/3/archive').get('name')).toBe('recipes.zip');
    await waitInAct(() => expect(view.element.textContent).toContain('recipes.zip'));
  });

  it('offers the download only for a white holding an archive', { timeout: 30_000 }, async () => {
    const api = new FakeService(SYSTEM_API).on('GET', 'whites', () =>
      jsonResponse(
        200,
        listOf([
          record(3, { name: 'Recipes', archive_name: null }),
          record(4, { name: 'Garden', archive_name: 'garden.zip' }),
        ]),
      ),
    );
    await renderPluginPage({ plugins: [system], path: '/whites', codes: ['YQ'], api });
    await waitInAct(() => expect(document.querySelector('button[aria-label="Actions for Garden"]')).not.toBeNull());
    await click(query<HTMLButtonElement>(document, 'button[aria-label="Actions for Recipes"]'));
    await waitInAct(() => expect(document.querySelectorAll('[role="menuitem"]').length).toBeGreaterThan(0));
    const items = [...document.querySelectorAll('[role="menuitem"]')].map((item) => item.textContent?.trim());
    expect(items).toContain('Upload archive');
    expect(items).not.toContain('Download archive');
  });
});
