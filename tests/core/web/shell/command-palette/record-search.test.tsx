import { describe, expect, it } from 'vitest';
import { act } from 'react';
import { Outlet, useLocation, type RouteObject } from 'react-router-dom';
import type { Language } from '@core/shared/runtime-config';
import { SEARCH_DEBOUNCE_MS, type SearchAnswer } from '@core/shared/resource/record-page';
import { CommandPalette } from '@core/web/shell/command-palette/CommandPalette';
import { click, query, typeInto } from '../../../../support/web/dom';
import { jsonResponse, stubFetch, type SeenRequest } from '../../../../support/web/fetch';
import { createTestKernel, renderRoutesInKernel, testUser, waitInAct } from '../../../../support/web/test-kernel';
import { testNavPage, testPlugin } from '../../../../support/web/test-plugin';
import { WALLETS } from '../../resource/fixtures';

/** A plugin whose wallets list is the record page of its resource `test.wallets`. */
function walletsPlugin() {
  return testPlugin({
    id: 'test',
    pages: [{ ...testNavPage('wallets', '/wallets', { group: 'finance', requires: 'FW' }), record: 'test.wallets' }],
    bundles: {
      en: { title: 'Test area', nav: { wallets: 'Wallets' }, wallets: { title: 'Wallets', code: 'Code' } },
      ru: { title: 'Тестовый раздел', nav: { wallets: 'Кошельки' }, wallets: { title: 'Кошельки', code: 'Код' } },
    },
  });
}

function WherePage() {
  const { pathname } = useLocation();
  return <p data-testid="page">page at {pathname}</p>;
}

const ROUTES: RouteObject[] = [
  {
    element: (
      <>
        <CommandPalette />
        <Outlet />
      </>
    ),
    children: [{ path: '*', element: <WherePage /> }],
  },
];

const LUCKY: SearchAnswer = {
  groups: [
    {
      resource: 'test.wallets',
      hits: [
        { id: 7, label: 'LuckyBet main' },
        { id: 8, label: 'Reserve', matched: { field: 'code', value: 'LUCKY-8' } },
      ],
    },
    // No page lists this resource: its hits could not be opened, so they are not offered.
    { resource: 'other.things', hits: [{ id: 1, label: 'Lucky thing' }] },
  ],
  unreached: [],
};

/** The search API's answers by `q`, each after `delay` ms when given; every request is kept. */
function fakeSearch(answers: Record<string, { answer: SearchAnswer; delay?: number }>): SeenRequest[] {
  return stubFetch(async (request) => {
    const url = new URL(request.url);
    if (url.pathname === '/auth/resources') return jsonResponse(200, { data: [WALLETS] });
    if (url.pathname === '/auth/search') {
      const found = answers[url.searchParams.get('q') ?? ''] ?? { answer: { groups: [], unreached: [] } };
      if (found.delay) await new Promise((resolve) => setTimeout(resolve, found.delay));
      return jsonResponse(200, { data: found.answer });
    }
    return jsonResponse(200, { data: {} });
  });
}

const searches = (seen: readonly SeenRequest[]): string[] =>
  seen
    .filter((request) => new URL(request.url).pathname === '/auth/search')
    .map((request) => new URL(request.url).searchParams.get('q') ?? '');

async function openPalette(language: Language = 'en') {
  const kernel = await createTestKernel({ plugins: [walletsPlugin()], user: testUser(['FW']), language });
  const view = await renderRoutesInKernel(kernel, ROUTES, { path: '/dashboard/main' });
  await act(async () => {
    document.body.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true, cancelable: true }),
    );
  });
  await waitInAct(() => expect(document.querySelectorAll('[role="option"]').length).toBeGreaterThan(0));
  return view;
}

const combobox = (): HTMLInputElement => query<HTMLInputElement>(document, '[role="dialog"] input[role="combobox"]');
const options = (): HTMLElement[] => [...document.querySelectorAll<HTMLElement>('[role="option"]')];
const dialogText = (): string => document.querySelector('[role="dialog"]')?.textContent ?? '';
const pause = (ms: number) => act(async () => new Promise((resolve) => setTimeout(resolve, ms)));

describe('the command palette’s record search', () => {
  it('asks once, after the typing stops, and not below the minimum length', async () => {
    const seen = fakeSearch({ luck: { answer: LUCKY } });
    await openPalette();
    await typeInto(combobox(), 'l');
    await pause(SEARCH_DEBOUNCE_MS + 100);
    expect(searches(seen)).toEqual([]);
    await typeInto(combobox(), 'lu');
    await typeInto(combobox(), 'luc');
    await typeInto(combobox(), ' luck ');
    expect(searches(seen)).toEqual([]);
    expect(dialogText()).toContain('Searching records…');
    await waitInAct(() => expect(dialogText()).toContain('LuckyBet main'));
    expect(searches(seen)).toEqual(['luck']);
  });

  it('groups the records under the screens by resource, titled with the resource and its area, with the matched field', async () => {
    fakeSearch({ lucky: { answer: LUCKY } });
    await openPalette();
    await typeInto(combobox(), 'lucky');
    await waitInAct(() => expect(dialogText()).toContain('LuckyBet main'));
    const group = query(document, '[role="listbox"] [role="group"]');
    const title = document.getElementById(group.getAttribute('aria-labelledby') ?? '');
    expect(title?.textContent).toBe('WalletsTest area');
    expect([...group.querySelectorAll('[role="option"]')].map((option) => option.textContent)).toEqual([
      'LuckyBet main',
      'ReserveCode: LUCKY-8',
    ]);
    expect(dialogText()).not.toContain('Lucky thing');
  });

  it('opens a record with Enter or a click', async () => {
    fakeSearch({ lucky: { answer: LUCKY } });
    const view = await openPalette();
    await typeInto(combobox(), 'lucky');
    await waitInAct(() => expect(options()).toHaveLength(2));
    await act(async () => {
      combobox().dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true }));
    });
    await act(async () => {
      combobox().dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    });
    await waitInAct(() => expect(view.path()).toBe('/wallets/8'));

    await act(async () => {
      document.body.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true, cancelable: true }),
      );
    });
    await waitInAct(() => expect(options().length).toBeGreaterThan(0));
    await typeInto(combobox(), 'lucky');
    await waitInAct(() => expect(options()).toHaveLength(2));
    await click(options()[0] as HTMLElement);
    await waitInAct(() => expect(view.path()).toBe('/wallets/7'));
  });

  it('shows only the answer to the latest text, whatever the order answers come in', async () => {
    const seen = fakeSearch({
      lucky: { answer: LUCKY, delay: 300 },
      reserve: {
        answer: { groups: [{ resource: 'test.wallets', hits: [{ id: 8, label: 'Reserve' }] }], unreached: [] },
      },
    });
    await openPalette();
    await typeInto(combobox(), 'lucky');
    await waitInAct(() => expect(searches(seen)).toEqual(['lucky']));
    await typeInto(combobox(), 'reserve');
    await waitInAct(() => expect(dialogText()).toContain('Reserve'));
    await pause(400);
    expect(dialogText()).not.toContain('LuckyBet main');
    expect(searches(seen)).toEqual(['lucky', 'reserve']);
  });

  it('says when no record was found, and which areas were not reached in time, in Russian too', async () => {
    fakeSearch({ zzz: { answer: { groups: [], unreached: ['test.wallets'] } } });
    await openPalette('ru');
    await typeInto(combobox(), 'кош');
    await waitInAct(() => expect(dialogText()).toContain('Записи не найдены'));
    await typeInto(combobox(), 'zzz');
    await waitInAct(() => expect(dialogText()).toContain('Ничего не найдено'));
    expect(dialogText()).toContain('Не все разделы успели проверить: Кошельки');
  });
});
