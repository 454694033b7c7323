import { describe, expect, it } from 'vitest';
import {
  FakeService,
  jsonResponse,
  renderPluginPage,
  serviceBase,
  setupPopupTests,
  waitInAct,
  webPlugin,
  type WebPlugin,
} from '@core/sdk/testing-web';
import { manifest } from '../../manifest';
import { NOTES_CODE } from '../../shared/notes';
import code from '../../web/index';

setupPopupTests({ quiet: true });

const plugins: WebPlugin[] = [webPlugin(manifest, code)];
const text = (element: HTMLElement, id: string): string | null | undefined =>
  element.querySelector(`[data-testid="${id}"]`)?.textContent;

describe('the notes overview page', () => {
  it.each([
    ['en', 'Notes overview', 'Interface language:'],
    ['ru', 'Обзор заметок', 'Язык интерфейса:'],
  ] as const)('shows the figures from the plugin route (%s)', async (language, title, label) => {
    const api = new FakeService(serviceBase('notes')).on('GET', 'summary', { data: { total: 5, pinned: 2 } });
    const { view } = await renderPluginPage({ plugins, path: '/notes-overview', codes: [NOTES_CODE], api, language });
    await waitInAct(() => expect(text(view.element, 'notes-total')).toBe('5'));
    expect(text(view.element, 'notes-pinned')).toBe('2');
    expect(view.element.querySelector('h1')?.textContent).toBe(title);
    expect(view.element.textContent).toContain(label);
    expect(text(view.element, 'notes-host-language')).toBe(language);
  });

  it('says so when the figures cannot be loaded', async () => {
    const api = new FakeService(serviceBase('notes')).on('GET', 'summary', () =>
      jsonResponse(500, { message: 'down' }),
    );
    const { view } = await renderPluginPage({ plugins, path: '/notes-overview', codes: [NOTES_CODE], api });
    await waitInAct(() => expect(view.element.textContent).toContain('The figures could not be loaded.'));
  });

  it('shows a user without its code the no-access page and never calls its API', async () => {
    const api = new FakeService(serviceBase('notes'));
    const { view } = await renderPluginPage({ plugins, path: '/notes-overview', codes: ['JU'], api });
    await waitInAct(() => expect(view.element.querySelector('h1')?.textContent).toBe('No access'));
    expect(api.seen).toEqual([]);
  });
});
