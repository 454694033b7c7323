import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  buttonByText,
  click,
  describeListPages,
  FakeJobs,
  FakeService,
  installJobs,
  jsonResponse,
  type ListPageCase,
  query,
  renderPluginPage,
  runRowAction,
  setupPopupTests,
  waitInAct,
} from '@core/sdk/testing-web';
import { declaredTextKeys, missingTexts } from '@core/sdk/testing';
import { RouteContributionToken } from '@core/sdk/web';
import { socialManifest } from '@plugins/social/manifest';
import { SOCIAL_RESOURCES } from '@plugins/social/shared/resources';
import { dialog, listOf, menuItems, record, SOCIAL_API, social } from './social-web';

setupPopupTests({ quiet: true });

/** Each list page: its path, its code, the API path it lists, its title in en and ru. */
const LISTS: readonly ListPageCase[] = [
  { path: '/facebook-accounts', code: 'MA', apiPath: 'accounts', title: { en: 'Accounts', ru: 'Аккаунты' } },
  {
    path: '/facebook-ad-accounts',
    code: 'MA',
    apiPath: 'ad-accounts',
    title: { en: 'Ad accounts', ru: 'Рекламные аккаунты' },
  },
  { path: '/facebook-ad-pages', code: 'MA', apiPath: 'pages', title: { en: 'Pages', ru: 'Страницы' } },
  { path: '/facebook-ad-campaigns', code: 'MA', apiPath: 'campaigns', title: { en: 'Campaigns', ru: 'Кампании' } },
  { path: '/facebook-ad-adsets', code: 'MA', apiPath: 'adsets', title: { en: 'Adsets', ru: 'Группы объявлений' } },
  { path: '/facebook-ad-ads', code: 'MA', apiPath: 'ads', title: { en: 'Ads', ru: 'Объявления' } },
  {
    path: '/conversion-api',
    code: 'MC',
    apiPath: 'conversion-apis',
    title: { en: 'Conversion API', ru: 'Conversion API' },
  },
  { path: '/facebook-service', code: 'FO', apiPath: 'services', title: { en: 'Services', ru: 'Сервисы' } },
];

const OTHER_CODES = ['MA', 'MC', 'FO', 'MD', 'MP', 'MQ', 'MS', 'MV'];

const service = (apiPath: string, rows = [record(1, { name: 'First', pixel_id: '123456' })]) =>
  new FakeService(SOCIAL_API).on('GET', apiPath, () => jsonResponse(200, listOf(rows)));

it('contributes a page for every page of the manifest', async () => {
  const { kernel } = await renderPluginPage({
    plugins: [social],
    path: '/facebook-accounts',
    codes: ['MA'],
    api: service('accounts'),
  });
  await kernel.host.ensureLoaded('social');
  expect(
    kernel.container
      .getAll(RouteContributionToken)
      .map((route) => route.path)
      .sort(),
  ).toEqual(socialManifest.pages.map((page) => page.path).sort());
});

describeListPages({ plugins: [social], pages: LISTS, codes: OTHER_CODES });

describe('the report page', () => {
  it('is "No access" without MA', async () => {
    const api = new FakeService(SOCIAL_API);
    const { view } = await renderPluginPage({
      plugins: [social],
      path: '/facebook-ad-reports',
      codes: ['MC', 'FO', 'MQ'],
      api,
    });
    await waitInAct(() => expect(view.element.textContent).toContain('No access'));
    expect(api.calls()).toEqual([]);
  });
});

describe('the campaign tree', () => {
  it('links an ad account to its campaigns, a campaign to its adsets, an adset to its ads, each list filtered by its parent', {
    timeout: 20_000,
  }, async () => {
    const api = new FakeService(SOCIAL_API)
      .on('GET', 'ad-accounts', listOf([record(4, { name: 'Main account', account: 1, on_platform: true })]))
      .on('GET', 'campaigns', listOf([record(5, { name: 'Spring sale', ad_account: 4, on_platform: true })]))
      .on('GET', 'adsets', listOf([record(6, { name: 'Women 25-34', campaign: 5, on_platform: true })]))
      .on('GET', 'ads', listOf([record(7, { name: 'Banner A', adset: 6, on_platform: false })]))
      .on('GET', 'references/ad-accounts', { data: [{ id: 4, label: 'Main account' }] })
      .on('GET', 'references/campaigns', { data: [{ id: 5, label: 'Spring sale' }] })
      .on('GET', 'references/adsets', { data: [{ id: 6, label: 'Women 25-34' }] })
      .on('GET', 'references/accounts', { data: [{ id: 1, label: 'Agency' }] });
    const { view } = await renderPluginPage({ plugins: [social], path: '/facebook-ad-accounts', codes: ['MA'], api });

    const follow = async (from: string, to: string, apiPath: string, field: string, id: string) => {
      await waitInAct(() => expect(view.element.querySelector(`a[data-children-link="${from}"]`)).not.toBeNull());
      const link = query<HTMLAnchorElement>(view.element, `a[data-children-link="${from}"]`);
      expect(decodeURIComponent(link.getAttribute('href') ?? '')).toBe(`${to}?filter[${field}][eq]=${id}`);
      await click(link);
      await waitInAct(() => expect(api.requests('GET', apiPath).length).toBeGreaterThan(0));
      expect(api.lastQuery('GET', apiPath).get(`filter[${field}][eq]`)).toBe(id);
    };
    await follow('social.campaigns', '/facebook-ad-campaigns', 'campaigns', 'ad_account', '4');
    await follow('social.adsets', '/facebook-ad-adsets', 'adsets', 'campaign', '5');
    await follow('social.ads', '/facebook-ad-ads', 'ads', 'adset', '6');

    // An ad has no children; a planning record says it is not on the platform.
    await waitInAct(() => expect(view.element.querySelector('tbody tr[data-row-id="7"]')).not.toBeNull());
    const row = query(view.element, 'tbody tr[data-row-id="7"]');
    expect(row.querySelector('a[data-children-link]')).toBeNull();
    // An icon, so the name keeps its width; named for screen readers, explained on hover and focus.
    const mark = query(row, '[data-not-on-platform]');
    expect(mark.getAttribute('aria-label')).toBe('Not on the platform');
    expect(mark.textContent).toBe('');
    expect(mark.getAttribute('tabindex')).toBe('0');
  });

  it('lets MA read campaigns without changing them; MQ adds, edits and pauses', { timeout: 20_000 }, async () => {
    const rows = [record(5, { name: 'Spring sale', ad_account: 4, status: 'ACTIVE', on_platform: true })];
    for (const [codes, writes] of [
      [['MA'], false],
      [['MA', 'MQ'], true],
    ] as const) {
      const api = service('campaigns', rows).on('GET', 'references/ad-accounts', {
        data: [{ id: 4, label: 'Main account' }],
      });
      const { view } = await renderPluginPage({
        plugins: [social],
        path: '/facebook-ad-campaigns',
        codes: [...codes],
        api,
      });
      await waitInAct(() => expect(view.element.querySelectorAll('tbody tr[data-row-id="5"]')).toHaveLength(1));
      expect([...view.element.querySelectorAll('button')].some((button) => button.textContent?.trim() === 'Add')).toBe(
        writes,
      );
      await click(query<HTMLButtonElement>(document, 'button[aria-label="Actions for Spring sale"]'));
      await waitInAct(() => expect(menuItems().length).toBeGreaterThan(0));
      expect(menuItems().includes('Edit')).toBe(writes);
      expect(menuItems().includes('Pause')).toBe(writes);
      expect(menuItems()).not.toContain('Activate');
      await view.unmount();
    }
  });
});

describe('row actions', () => {
  it('syncs an account as a job: the panel marks its steps, waits for the platform, shows what it read, then the list is read again', {
    timeout: 30_000,
  }, async () => {
    const api = new FakeService(SOCIAL_API)
      .on(
        'GET',
        'accounts',
        listOf([record(3, { name: 'Agency BM', type: 'business_manager', status: 'active', service: null })]),
      )
      .on('POST', 'accounts/3/sync', () => jsonResponse(202, { data: { job: 71 } }));
    installJobs(
      new FakeJobs().job(71, [
        {
          job: { kind: 'social.account-sync', state: 'running', step: 'pages', percent: 30 },
          lines: ['Read 2 ad accounts'],
        },
        {
          job: { kind: 'social.account-sync', state: 'running', step: 'waiting-for-platform', percent: 30 },
          lines: ['The platform asks to slow down'],
        },
        {
          job: {
            kind: 'social.account-sync',
            state: 'succeeded',
            step: 'ads',
            percent: 100,
            result: { ad_accounts: 2, pages: 1, campaigns: 3, adsets: 4, ads: 5 },
          },
          lines: ['Done'],
        },
      ]),
    );
    const { view } = await renderPluginPage({ plugins: [social], path: '/facebook-accounts', codes: ['MA'], api });
    await waitInAct(() => expect(view.element.querySelectorAll('tbody tr[data-row-id="3"]')).toHaveLength(1));
    const marks = () =>
      [...dialog().querySelectorAll('[data-step]')].map(
        (step) => `${step.getAttribute('data-step')}:${step.getAttribute('data-step-mark')}`,
      );

    await runRowAction(document, 'Agency BM', 'Sync');
    await waitInAct(() => expect(api.requests('POST', 'accounts/3/sync')).toHaveLength(1));
    await waitInAct(() => expect(dialog().textContent).toContain('Sync of Agency BM'));
    await waitInAct(() =>
      expect(marks()).toEqual([
        'ad_accounts:done',
        'pages:current',
        'campaigns:waiting',
        'adsets:waiting',
        'ads:waiting',
      ]),
    );
    await waitInAct(
      () => expect(dialog().querySelector('[data-job-step]')?.textContent).toBe('Waiting for the platform'),
      { timeout: 3_000 },
    );
    const reads = api.requests('GET', 'accounts').length;
    await waitInAct(
      () =>
        expect(dialog().querySelector('[data-sync-result]')?.textContent).toBe(
          'Read 2 ad accounts, 1 pages, 3 campaigns, 4 adsets and 5 ads.',
        ),
      { timeout: 3_000 },
    );
    expect(marks().every((mark) => mark.endsWith(':done'))).toBe(true);
    await waitInAct(() => expect(api.requests('GET', 'accounts').length).toBeGreaterThan(reads));
  });

  it('checks a service and shows its token’s expiry and scopes as the record now reads', {
    timeout: 20_000,
  }, async () => {
    const checked = record(2, {
      name: 'Main app',
      token_expires_at: '2027-01-31T10:00:00.000Z',
      scopes: 'ads_read, ads_management',
      checked_at: '2026-11-24T10:00:00.000Z',
      check_error: null,
    });
    const api = new FakeService(SOCIAL_API)
      .on('GET', 'services', listOf([record(2, { name: 'Main app' })]))
      .on('POST', 'services/2/check', { data: checked })
      .on('GET', 'services/2', { data: checked });
    const { view } = await renderPluginPage({ plugins: [social], path: '/facebook-service', codes: ['FO'], api });
    await waitInAct(() => expect(view.element.querySelectorAll('tbody tr[data-row-id="2"]')).toHaveLength(1));
    await runRowAction(document, 'Main app', 'Check');
    await waitInAct(() =>
      expect(dialog().querySelector('[data-check-result="ok"]')?.textContent).toBe('The token works.'),
    );
    expect(dialog().querySelector('[data-token-scopes]')?.textContent).toBe('ads_read, ads_management');
    expect(dialog().querySelector('[data-token-expires]')?.textContent).toContain('01/31/27');
    expect(api.requests('GET', 'services').length).toBeGreaterThan(1);
  });

  it('sends a test event and shows the platform’s answer, or its refusal', { timeout: 20_000 }, async () => {
    let answer = jsonResponse(200, {
      data: { event_id: 'evt-42', events_received: 1, fbtrace_id: 'AbC123', messages: ['Test event received'] },
    });
    const api = new FakeService(SOCIAL_API)
      .on('GET', 'conversion-apis', listOf([record(8, { pixel_id: '1234567890', verified_domain: 'shop.example' })]))
      .on('POST', 'conversion-apis/8/test-event', () => answer);
    const { view } = await renderPluginPage({ plugins: [social], path: '/conversion-api', codes: ['MC'], api });
    await waitInAct(() => expect(view.element.querySelectorAll('tbody tr[data-row-id="8"]')).toHaveLength(1));

    await runRowAction(document, '1234567890', 'Send test event');
    await waitInAct(() => expect(dialog().querySelector('[data-test-event="sent"]')).not.toBeNull());
    expect(dialog().textContent).toContain('Test event for pixel 1234567890');
    expect(dialog().querySelector('[data-event-id]')?.textContent).toContain('evt-42');
    expect(dialog().querySelector('[data-events-received]')?.textContent).toBe('1');
    expect(dialog().querySelector('[data-fbtrace-id]')?.textContent).toBe('AbC123');
    expect(dialog().querySelector('[data-platform-messages]')?.textContent).toBe('Test event received');
    await click(buttonByText(dialog(), 'Close'));
    await waitInAct(() => expect(document.querySelector('[role="dialog"]')).toBeNull());

    answer = jsonResponse(502, { message: 'The platform refused the token: it has expired.' });
    await runRowAction(document, '1234567890', 'Send test event');
    await waitInAct(() =>
      expect(dialog().querySelector('[data-test-event="refused"]')?.textContent).toBe(
        'The test event was refused: The platform refused the token: it has expired.',
      ),
    );
  });
});

const bundle = (language: string): unknown =>
  JSON.parse(
    readFileSync(resolve(import.meta.dirname, `../../../../plugins/social/web/i18n/${language}.json`), 'utf8'),
  );

describe('social texts', () => {
  it.each(['en', 'ru'])('%s covers every key the manifest and resources name', (language) => {
    expect(missingTexts(bundle(language), 'social', declaredTextKeys(socialManifest, SOCIAL_RESOURCES))).toEqual([]);
  });

  it('names objectives and statuses as people say them', () => {
    expect(bundle('en')).toMatchObject({
      fields: { objectiveValues: { OUTCOME_SALES: 'Sales' }, statusValues: { PAUSED: 'Paused' } },
    });
    expect(bundle('ru')).toMatchObject({
      fields: { objectiveValues: { OUTCOME_SALES: 'Продажи' }, statusValues: { PAUSED: 'Приостановлена' } },
    });
  });
});
