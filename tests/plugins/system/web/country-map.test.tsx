import { act } from 'react';
import { describe, expect, it } from 'vitest';
import {
  buttonByText,
  click,
  FakeService,
  jsonResponse,
  query,
  recordToasts,
  renderPluginPage,
  typeInto,
  setupPopupTests,
  waitInAct,
} from '@core/sdk/testing-web';
import { listOf, record, references, system, SYSTEM_API } from './system-web';

setupPopupTests({ quiet: true });

const LANGUAGES = [
  { id: 1, label: 'French' },
  { id: 2, label: 'German' },
  { id: 3, label: 'Breton' },
];

function service(rows: () => readonly ReturnType<typeof record>[]): FakeService {
  return new FakeService(SYSTEM_API)
    .on('GET', 'country-languages', () => jsonResponse(200, listOf(rows())))
    .on('GET', 'references/languages', references(LANGUAGES))
    .on(
      'GET',
      '/auth/references/countries',
      references([
        { id: 250, label: 'France' },
        { id: 276, label: 'Germany' },
        { id: 380, label: 'Italy' },
      ]),
    );
}

const france = (version = 1, languages = [1, 3], names = ['French', 'Breton']) =>
  record(10, { country: 250, languages, version, _labels: { country: 'France', languages: names } });

const country = (id: number): SVGPathElement => query<SVGPathElement>(document, `path[data-country="${id}"]`);
/** SVG elements have no click() in happy-dom: the event a pointer's click sends. */
async function clickShape(shape: SVGElement): Promise<void> {
  await act(async () => {
    shape.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  });
}
/** A chosen language's tag in the dialog's picker (pressing it takes the language off). */
function tagNamed(name: string): HTMLElement {
  const tag = [...dialog().querySelectorAll<HTMLElement>('.fui-Tag')].find((candidate) =>
    candidate.textContent?.includes(name),
  );
  if (!tag) throw new Error(`no tag ${name}`);
  return tag;
}
const dialog = (): HTMLElement => query(document, '[role="dialog"]');
const zoomText = (): string => query(document, '[data-map-zoom]').textContent ?? '';

async function openMap(rows: () => readonly ReturnType<typeof record>[], codes: readonly string[] = ['YL', 'YT']) {
  const api = service(rows);
  const page = await renderPluginPage({ plugins: [system], path: '/country-languages', codes, api });
  await waitInAct(() => expect(document.querySelectorAll('path[data-country]').length).toBeGreaterThan(150), {
    timeout: 10_000,
  });
  return { ...page, api };
}

describe('the country-language map', () => {
  it('draws the world with the countries that have languages coloured, names them, and zooms in steps of 1.5', {
    timeout: 30_000,
  }, async () => {
    const { view } = await openMap(() => [france()]);
    expect(query(view.element, 'svg title').textContent).toBe('World map of country languages');
    await waitInAct(() => expect(country(250).getAttribute('data-has-languages')).toBe('true'));
    expect(country(276).getAttribute('data-has-languages')).toBe('false');
    // Named by the core's countries (the atlas says "Germany" too, so Italy tells them apart less well).
    await waitInAct(() => expect(country(380).getAttribute('aria-label')).toBe('Italy'));
    expect(country(250).getAttribute('tabindex')).toBe('0');
    expect(country(276).getAttribute('tabindex')).toBe('-1');
    // Hover names the country and its languages.
    await waitInAct(() => {
      country(250).dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
      expect(query(view.element, '[data-map-hovered]').textContent).toBe('France: French, Breton');
    });
    // The engine list is below.
    await waitInAct(() => expect(view.element.querySelectorAll('tbody tr[data-row-id="10"]')).toHaveLength(1));

    expect(zoomText()).toBe('Zoom: 1×');
    const zoomOutButton = query<HTMLButtonElement>(document, 'button[aria-label="Zoom out"]');
    const zoomInButton = query<HTMLButtonElement>(document, 'button[aria-label="Zoom in"]');
    expect(zoomOutButton.disabled).toBe(true);
    const seen = [zoomText()];
    while (!zoomInButton.disabled) {
      await click(zoomInButton);
      seen.push(zoomText());
    }
    expect(seen).toEqual([
      'Zoom: 1×',
      'Zoom: 2.5×',
      'Zoom: 4×',
      'Zoom: 5.5×',
      'Zoom: 7×',
      'Zoom: 8.5×',
      'Zoom: 10×',
      'Zoom: 11.5×',
      'Zoom: 12×',
    ]);
    await click(zoomOutButton);
    expect(zoomText()).toBe('Zoom: 11.5×');
    await click(buttonByText(document.body, 'Reset zoom'));
    expect(zoomText()).toBe('Zoom: 1×');
    expect(query(document, 'svg g').getAttribute('transform')).toBe('translate(0 0) scale(1)');
  });

  it('edits a country’s languages with the version it was read at, then reads the map and the list again', {
    timeout: 30_000,
  }, async () => {
    let rows = [france()];
    const { api, kernel, view } = await openMap(() => rows);
    const toasts = recordToasts(kernel);
    api.on('PATCH', 'country-languages/10', () => {
      rows = [france(2, [1], ['French'])];
      return jsonResponse(200, { data: rows[0] });
    });
    await clickShape(country(250));
    await waitInAct(() => expect(dialog().textContent).toContain('Languages of France'));
    // Breton is taken off.
    await click(tagNamed('Breton'));
    await click(buttonByText(dialog(), 'Save'));
    await waitInAct(() => expect(api.requests('PATCH', 'country-languages/10')).toHaveLength(1));
    expect(api.requests('PATCH', 'country-languages/10')[0]?.body).toEqual({ languages: [1], version: 1 });
    await waitInAct(() => expect(toasts.map((toast) => toast.message)).toContain('The languages of France are saved.'));
    await waitInAct(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
    await waitInAct(() => {
      country(250).dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
      expect(query(document, '[data-map-hovered]').textContent).toBe('France: French');
    });
    await waitInAct(() =>
      expect(query(view.element, 'tbody tr[data-row-id="10"]').textContent).not.toContain('Breton'),
    );
  });

  it('colours a country again when the list shows a change made elsewhere', { timeout: 30_000 }, async () => {
    let rows = [france()];
    const { view } = await openMap(() => rows);
    await waitInAct(() => expect(view.element.querySelectorAll('tbody tr[data-row-id]')).toHaveLength(1));
    expect(country(276).getAttribute('data-has-languages')).toBe('false');
    rows = [
      france(),
      record(11, { country: 276, languages: [2], _labels: { country: 'Germany', languages: ['German'] } }),
    ];
    await click(buttonByText(view.element, 'Refresh'));
    await waitInAct(() => expect(country(276).getAttribute('data-has-languages')).toBe('true'));
  });

  it('creates the record of a country without languages', { timeout: 30_000 }, async () => {
    let rows = [france()];
    const { api } = await openMap(() => rows);
    api.on('POST', 'country-languages', (request) => {
      rows = [
        france(),
        record(11, { country: 276, languages: [2], _labels: { country: 'Germany', languages: ['German'] } }),
      ];
      return jsonResponse(201, { data: { ...(request.body as object), id: 11, version: 1 } });
    });
    await clickShape(country(276));
    await waitInAct(() => expect(dialog().textContent).toContain('No languages are set for this country.'));
    expect(buttonByText(dialog(), 'Save').disabled).toBe(true);
    const picker = query<HTMLInputElement>(dialog(), 'input[role="combobox"]');
    await click(picker);
    await typeInto(picker, 'Ger');
    await waitInAct(() =>
      expect([...document.querySelectorAll('[role="option"]')].map((option) => option.textContent)).toContain('German'),
    );
    await click(
      [...document.querySelectorAll<HTMLElement>('[role="option"]')].find((option) => option.textContent === 'German')!,
    );
    await click(buttonByText(dialog(), 'Save'));
    await waitInAct(() => expect(api.requests('POST', 'country-languages')).toHaveLength(1));
    expect(api.requests('POST', 'country-languages')[0]?.body).toEqual({ country: 276, languages: [2] });
    await waitInAct(() => expect(country(276).getAttribute('data-has-languages')).toBe('true'));
  });

  it('opens a coloured country from the keyboard', { timeout: 30_000 }, async () => {
    await openMap(() => [france()]);
    await waitInAct(() => expect(country(250).getAttribute('data-has-languages')).toBe('true'));
    country(250).focus();
    await waitInAct(() => {
      country(250).dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      expect(document.querySelector('[role="dialog"]')?.textContent).toContain('Languages of France');
    });
  });
});
