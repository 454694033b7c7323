import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  buttonByText,
  click,
  FakeService,
  jsonResponse,
  query,
  recordToasts,
  renderPluginPage,
  serviceBase,
  typeInto,
  setupPopupTests,
  waitInAct,
} from '@core/sdk/testing-web';
import { shopManifest } from '@plugins/shop/manifest';
import { messenger, shop } from '../shop-web';

/** The positions screen: the bulk load dialog (line errors kept with the text) and the reveal dialog. */

setupPopupTests({ quiet: true });

const SHOP = [shop, messenger];
const SHOP_API = serviceBase(shopManifest.service);
const FORMAT = 'login:password:email';
const TEXT = 'alice:pw1:alice@example.com\nbob:pw2\ncarol:pw3:carol@example.com';

const POSITION = {
  id: 41,
  version: 1,
  created_at: '2026-03-01T09:00:00.000Z',
  updated_at: '2026-03-01T09:00:00.000Z',
  deleted_at: null,
  title: 'Farm account',
  product: 5,
  data: '••••••',
  state: 'free',
  reserved_until: null,
  order: null,
  owner: null,
  _labels: { product: 'Farm account', order: null, owner: null },
};

function service(bulk: (body: unknown) => Response): FakeService {
  return new FakeService(SHOP_API)
    .on('GET', 'positions', () =>
      jsonResponse(200, { data: { data: [POSITION], current_page: 1, last_page: 1, per_page: 25, total: 1 } }),
    )
    .on('GET', 'references/products', () => jsonResponse(200, { data: [{ id: 5, label: 'Farm account' }] }))
    .on('GET', 'positions/product-format/5', () => jsonResponse(200, { data: { format: FORMAT } }))
    .on('GET', 'positions/41/data', () => jsonResponse(200, { data: { data: 'alice:pw1:alice@example.com' } }))
    .on('POST', 'positions/bulk', (request) => bulk(request.body));
}

async function open(api: FakeService) {
  const page = await renderPluginPage({ plugins: SHOP, path: '/position', codes: ['SQ'], api });
  await waitInAct(() => expect(page.view.element.querySelector('tbody tr[data-row-id="41"]')).not.toBeNull());
  return { ...page, toasts: recordToasts(page.kernel) };
}

/** Opens the load dialog, picks the product, pastes `text`; the dialog. */
async function fillLoad(view: Awaited<ReturnType<typeof open>>['view'], text: string): Promise<HTMLElement> {
  await click(buttonByText(view.element, 'Load positions'));
  const dialog = query(document, '[role="dialog"]');
  await typeInto(query<HTMLInputElement>(dialog, 'input[role="combobox"]'), 'Farm');
  await waitInAct(() =>
    expect([...document.querySelectorAll('[role="option"]')].map((option) => option.textContent)).toContain(
      'Farm account',
    ),
  );
  await click(query(document, '[role="option"]'));
  await waitInAct(() => expect(dialog.textContent).toContain(`Format: ${FORMAT}.`));
  await typeInto(query<HTMLTextAreaElement>(dialog, 'textarea'), text);
  return dialog;
}

describe('loading positions', () => {
  it('lists the refused lines by number and keeps the text to correct', async () => {
    const api = service(() =>
      jsonResponse(422, {
        message: 'Lines that cannot be loaded: 1 of 3. Nothing was written.',
        errors: [{ line: 2, message: 'Expected 3 parts separated by colons (login:password:email), found 2.' }],
      }),
    );
    const { view, toasts } = await open(api);
    const dialog = await fillLoad(view, TEXT);
    expect(dialog.textContent).toContain('Positions: 3');
    await click(buttonByText(dialog, 'Load'));
    await waitInAct(() =>
      expect(dialog.textContent).toContain(
        'Line 2: Expected 3 parts separated by colons (login:password:email), found 2.',
      ),
    );
    expect(dialog.textContent).toContain('Lines that cannot be loaded: 1 of 3. Nothing was written.');
    expect(query<HTMLTextAreaElement>(dialog, 'textarea').value).toBe(TEXT);
    expect(api.requests('POST', 'positions/bulk').map((request) => request.body)).toEqual([
      { product: 5, lines: TEXT, skip_invalid: false },
    ]);
    expect(toasts).toEqual([]);
  });

  it('loads with "Skip bad lines", tells how many, lists the skipped lines and reloads the list', async () => {
    const api = service(() =>
      jsonResponse(200, { data: { created: 2, skipped: [{ line: 2, message: 'The password part is empty.' }] } }),
    );
    const { view, toasts } = await open(api);
    const dialog = await fillLoad(view, TEXT);
    await click(query(dialog, 'input[type="checkbox"]'));
    const listReads = api.requests('GET', 'positions').length;
    await click(buttonByText(dialog, 'Load'));
    await waitInAct(() =>
      expect(toasts.map((toast) => [toast.intent, toast.message])).toEqual([['success', 'Positions loaded: 2']]),
    );
    expect(api.requests('POST', 'positions/bulk')[0]?.body).toEqual({ product: 5, lines: TEXT, skip_invalid: true });
    await waitInAct(() => expect(api.requests('GET', 'positions').length).toBeGreaterThan(listReads));
    expect(dialog.textContent).toContain('Line 2: The password part is empty.');
  });

  it('reads a file in the browser, and closes after a clean load', async () => {
    const api = service(() => jsonResponse(200, { data: { created: 3, skipped: [] } }));
    const { view, toasts } = await open(api);
    const dialog = await fillLoad(view, 'replaced by the file');
    const input = query<HTMLInputElement>(dialog, 'input[type="file"]');
    Object.defineProperty(input, 'files', { value: [new File([TEXT], 'positions.txt', { type: 'text/plain' })] });
    await act(async () => {
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await waitInAct(() => expect(query<HTMLTextAreaElement>(dialog, 'textarea').value).toBe(TEXT));
    await click(buttonByText(dialog, 'Load'));
    expect(api.requests('POST', 'positions/bulk')[0]?.body).toEqual({ product: 5, lines: TEXT, skip_invalid: false });
    await waitInAct(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
    expect(toasts.map((toast) => toast.message)).toEqual(['Positions loaded: 3']);
  });
});

describe('revealing a position', () => {
  it('reads the data into a dialog with a copy button, never into the list', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const api = service(() => jsonResponse(500, {}));
    const { view, toasts } = await open(api);
    expect(view.element.textContent).not.toContain('alice:pw1');
    await click(query(view.element, 'button[aria-label="Actions for Farm account"]'));
    await waitInAct(() => expect(document.querySelectorAll('[role="menuitem"]').length).toBeGreaterThan(0));
    const item = [...document.querySelectorAll<HTMLElement>('[role="menuitem"]')].find(
      (entry) => entry.textContent?.trim() === 'Show data',
    );
    await click(item ?? query(document, '[role="menuitem"]'));
    const dialog = query(document, '[role="dialog"]');
    await waitInAct(() => expect(query<HTMLInputElement>(dialog, 'input').value).toBe('alice:pw1:alice@example.com'));
    expect(api.requests('GET', 'positions/41/data')).toHaveLength(1);
    await click(buttonByText(dialog, 'Copy'));
    expect(writeText).toHaveBeenCalledWith('alice:pw1:alice@example.com');
    await waitInAct(() => expect(toasts.map((toast) => toast.message)).toEqual(['Copied to the clipboard']));
    await click(buttonByText(dialog, 'Close'));
    await waitInAct(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
    expect(view.element.textContent).not.toContain('alice:pw1');
  });
});
