import { describe, expect, it } from 'vitest';
import { FakeService, jsonResponse, renderPluginPage, setupPopupTests, waitInAct } from '@core/sdk/testing-web';
import { RouteContributionToken } from '@core/sdk/web';
import { trackerManifest } from '@plugins/tracker/manifest';
import { listOf, record, TRACKER_API, TRACKER_PLUGINS } from './tracker-web';

setupPopupTests({ quiet: true });

/** Each screen of this part: its path, the code it needs, the API path it lists, its title in en and ru. */
const SCREENS = [
  ['/finance-projects', 'TF', 'finance-projects', 'Finance projects', 'Финансовые проекты'],
  ['/advertisers', 'TA', 'advertisers', 'Advertisers', 'Рекламодатели'],
  ['/trackers', 'TT', 'trackers', 'Trackers', 'Трекеры'],
  ['/offers', 'TO', 'offers', 'Offers', 'Офферы'],
  ['/streams', 'TS', 'streams', 'Streams', 'Потоки'],
  ['/bizdev-deals', 'TB', 'bizdev-deals', 'Bizdev deals', 'Сделки бизнес-развития'],
  ['/bizdev-limits', 'TL', 'bizdev-limits', 'Bizdev limits', 'Лимиты бизнес-развития'],
  ['/bizdev-requests', 'TR', 'bizdev-requests', 'Bizdev requests', 'Запросы бизнес-развития'],
  // Finance's one Vertical entity, from the finance service.
  ['/vertical', 'FL', '/finance/verticals', 'Verticals', 'Вертикали'],
] as const;

function service(apiPath: string): FakeService {
  return new FakeService(TRACKER_API).on('GET', apiPath, () => jsonResponse(200, listOf([record(1)])));
}

it('contributes a page for every route of the manifest', async () => {
  const { kernel } = await renderPluginPage({
    plugins: TRACKER_PLUGINS,
    path: '/advertisers',
    codes: ['TA'],
    api: service('advertisers'),
  });
  await kernel.host.ensureLoaded('tracker');
  const paths = kernel.container.getAll(RouteContributionToken).map((route) => route.path);
  // The dependencies' routes are there too: admin and finance load first.
  expect(paths).toEqual(expect.arrayContaining(trackerManifest.pages.map((page) => page.path)));
});

describe.each(SCREENS)('%s', (path, code, apiPath, en, ru) => {
  it(`lists its records under its title for a user with ${code}`, async () => {
    const api = service(apiPath);
    const { view } = await renderPluginPage({ plugins: TRACKER_PLUGINS, path, codes: [code], api });
    await waitInAct(() => expect(view.element.querySelector('main h1')?.textContent).toBe(en));
    await waitInAct(() => expect(view.element.querySelectorAll('tbody tr[data-row-id="1"]')).toHaveLength(1));
    expect(view.element.textContent).not.toMatch(/\b(tracker|finance|core):[a-z]/);
  });

  it('reads in Russian for a Russian reader', async () => {
    const { view } = await renderPluginPage({
      plugins: TRACKER_PLUGINS,
      path,
      codes: [code],
      api: service(apiPath),
      language: 'ru',
    });
    await waitInAct(() => expect(view.element.querySelector('main h1')?.textContent).toBe(ru));
    expect(view.element.textContent).not.toMatch(/\b(tracker|finance|core):[a-z]/);
  });

  it(`shows "No access" without ${code} and never asks for the list`, async () => {
    const api = service(apiPath);
    const others = SCREENS.map((screen) => screen[1]).filter((other) => other !== code);
    const { view } = await renderPluginPage({ plugins: TRACKER_PLUGINS, path, codes: others, api });
    await waitInAct(() => expect(view.element.textContent).toContain('No access'));
    expect(api.requests('GET', apiPath)).toEqual([]);
  });
});
