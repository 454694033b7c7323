import { describe, expect, it } from 'vitest';
import {
  buttonByText,
  click,
  FakeService,
  jsonResponse,
  query,
  renderPluginPage,
  runRowAction,
  typeInto,
  setupPopupTests,
  waitInAct,
  webPlugin,
} from '@core/sdk/testing-web';
import { financeManifest } from '@plugins/finance/manifest';
import financeCode from '@plugins/finance/web';
import { FakeJobs, installJobs, listOf, record, references, system, SYSTEM_API } from './system-web';

const finance = webPlugin(financeManifest, financeCode);

setupPopupTests({ quiet: true });

const dialog = (): HTMLElement => query(document, '[role="dialog"]');
const inDialog = (text: string): HTMLButtonElement => buttonByText(dialog(), text);

async function pick(input: HTMLInputElement, text: string, label: string): Promise<void> {
  await typeInto(input, text);
  await waitInAct(() =>
    expect([...document.querySelectorAll('[role="option"]')].map((option) => option.textContent)).toContain(label),
  );
  const option = [...document.querySelectorAll<HTMLElement>('[role="option"]')].find(
    (candidate) => candidate.textContent === label,
  );
  if (!option) throw new Error(`no option ${label}`);
  await click(option);
}
const pickers = (): HTMLInputElement[] => [...dialog().querySelectorAll<HTMLInputElement>('input[role="combobox"]')];

const marks = (): string[] =>
  [...dialog().querySelectorAll('[data-step-mark]')].map(
    (step) => `${step.getAttribute('data-step')}:${step.getAttribute('data-step-mark')}`,
  );
const logLines = (): string[] =>
  [...dialog().querySelectorAll('[data-log-line]')].map((line) => line.textContent ?? '');

function domainsService(rows: () => readonly ReturnType<typeof record>[]): FakeService {
  return new FakeService(SYSTEM_API)
    .on('GET', 'domains', () => jsonResponse(200, listOf(rows())))
    .on('GET', 'references/projects', references([{ id: 3, label: 'Shop' }]))
    .on('GET', 'references/domain-users', references([{ id: 4, label: 'Doe' }]))
    .on('GET', 'references/servers', references([{ id: 5, label: 'web-1' }]))
    .on('POST', 'domains/availability', {
      data: { name: 'shop.example', available: true, price: { amount: '9.99', currency: 'USD' }, local: true },
    })
    .on('POST', 'domains/purchase', () => jsonResponse(202, { data: { domain: 7, job: 41 } }))
    .on('POST', 'domains/7/retry', () => jsonResponse(202, { data: { job: 42 } }));
}

describe('buying a domain', () => {
  it('checks the name, buys it and follows the job’s steps and log until it fails, then retries from the failed step', {
    timeout: 30_000,
  }, async () => {
    let rows: ReturnType<typeof record>[] = [];
    const api = domainsService(() => rows);
    const jobs = new FakeJobs()
      .job(41, [
        {
          job: { state: 'running', step: 'register', percent: 20 },
          lines: ['Checking shop.example', 'Registering shop.example'],
        },
        {
          job: { state: 'failed', step: 'zone', percent: 40, error: 'The CDN refused the zone.' },
          lines: ['Creating the zone'],
        },
      ])
      .job(42, [
        {
          job: { state: 'succeeded', step: 'records', percent: 100 },
          lines: ['Zone z-1 created', 'DNS records created'],
        },
      ]);
    installJobs(jobs);
    const { view } = await renderPluginPage({ plugins: [system], path: '/domains', codes: ['YD'], api });
    await waitInAct(() => expect(view.element.querySelector('main h1')?.textContent).toBe('Domains'));

    await click(buttonByText(view.element, 'Buy domain'));
    await waitInAct(() => expect(dialog().textContent).toContain('Buy a domain'));
    expect(inDialog('Buy').disabled).toBe(true);
    await typeInto(query<HTMLInputElement>(dialog(), 'input[placeholder="example.com"]'), 'Shop.example');
    await pick(pickers()[0]!, 'Sh', 'Shop');
    await click(inDialog('Check availability'));
    await waitInAct(() =>
      expect(dialog().querySelector('[data-availability="available"]')?.textContent).toContain(
        'shop.example is available for $9.99 a year.',
      ),
    );
    expect(dialog().querySelector('[data-local-notice]')?.textContent).toContain('Local (no purchase)');
    expect(api.requests('POST', 'domains/availability')[0]?.body).toEqual({ name: 'shop.example', project: 3 });

    await pick(pickers()[1]!, 'Do', 'Doe');
    rows = [record(7, { name: 'shop.example', job_status: 'queued', project: 3 })];
    await click(inDialog('Buy'));
    await waitInAct(() => expect(api.requests('POST', 'domains/purchase')).toHaveLength(1));
    expect(api.requests('POST', 'domains/purchase')[0]?.body).toEqual({
      name: 'shop.example',
      project: 3,
      domain_user: 4,
      server: null,
      years: 1,
    });

    // The panel: steps, percent and the lines as they come.
    await waitInAct(() => expect(dialog().textContent).toContain('Domain purchase'));
    await waitInAct(() => expect(logLines()).toHaveLength(2));
    expect(marks()).toEqual([
      'check:done',
      'register:current',
      'zone:waiting',
      'nameservers:waiting',
      'records:waiting',
    ]);
    expect(logLines()[1]).toContain('Registering shop.example');
    await waitInAct(() => expect(dialog().querySelector('[data-job-state]')?.textContent).toBe('Failed'), {
      timeout: 5_000,
    });
    expect(logLines()).toHaveLength(3);
    expect(marks()).toEqual(['check:done', 'register:done', 'zone:failed', 'nameservers:waiting', 'records:waiting']);
    expect(dialog().querySelector('[data-job-error]')?.textContent).toContain('The CDN refused the zone.');
    expect(query(dialog(), '[role="progressbar"]').getAttribute('aria-valuetext')).toBe('40 %');
    const reads = jobs.readsOf(41);
    // Finished: polling has stopped.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(jobs.readsOf(41)).toBe(reads);

    await click(inDialog('Retry from the failed step'));
    await waitInAct(() => expect(api.requests('POST', 'domains/7/retry')).toHaveLength(1));
    await waitInAct(() => expect(dialog().querySelector('[data-job-state]')?.textContent).toBe('Succeeded'));
    expect(marks().every((mark) => mark.endsWith(':done'))).toBe(true);
    expect(logLines().join('\n')).toContain('DNS records created');
    expect(dialog().textContent).not.toContain('Retry from the failed step');
  });

  it('shows a bought domain’s latest job from the row menu, with its status badge', { timeout: 20_000 }, async () => {
    const rows = [
      record(7, { name: 'shop.example', job_status: 'failed', project: 3 }),
      record(8, { name: 'hand.example', job_status: 'none', project: 3 }),
    ];
    const api = domainsService(() => rows);
    const jobs = new FakeJobs().job(
      41,
      [
        {
          job: { state: 'failed', step: 'nameservers', percent: 60, error: 'Namecheap said no.' },
          lines: ['Setting nameservers'],
        },
      ],
      'system.domains:7',
    );
    installJobs(jobs);
    const { view } = await renderPluginPage({ plugins: [system], path: '/domains', codes: ['YD'], api });
    await waitInAct(() => expect(view.element.querySelectorAll('tbody tr[data-row-id]')).toHaveLength(2));
    expect(query(view.element, 'tbody tr[data-row-id="7"] [data-job-status]').textContent).toBe('Failed');

    // A domain recorded by hand has no purchase to show.
    await click(query<HTMLButtonElement>(document, 'button[aria-label="Actions for hand.example"]'));
    await waitInAct(() => expect(document.querySelectorAll('[role="menuitem"]').length).toBeGreaterThan(0));
    expect([...document.querySelectorAll('[role="menuitem"]')].map((item) => item.textContent)).not.toContain(
      'Purchase log',
    );
    await click(query<HTMLButtonElement>(document, 'button[aria-label="Actions for hand.example"]'));

    await runRowAction(document, 'shop.example', 'Purchase log');
    await waitInAct(() =>
      expect(dialog().querySelector('[data-job-error]')?.textContent).toContain('Namecheap said no.'),
    );
    expect(
      jobs.seen.some((url) => url.includes('subject=system.domains%3A7') || url.includes('subject=system.domains:7')),
    ).toBe(true);
    expect(logLines()[0]).toContain('Setting nameservers');
    expect(buttonByText(dialog(), 'Retry from the failed step')).toBeTruthy();
  });

  for (const [language, labels, shown] of [
    [
      'en',
      { buy: 'Buy domain', check: 'Check availability', submit: 'Buy' },
      'vip.example is a premium name: the registry sells it for $13,000.00. Buying confirms this price; if it changes before the purchase, nothing is bought.',
    ],
    [
      'ru',
      { buy: 'Купить домен', check: 'Проверить доступность', submit: 'Купить' },
      'vip.example — премиальное имя: реестр продаёт его за 13 000,00 $. Покупка подтверждает эту цену; если она изменится до покупки, ничего не будет куплено.',
    ],
  ] as const) {
    it(`shows a premium name’s price before Buy and sends the price seen with the purchase (${language})`, {
      timeout: 20_000,
    }, async () => {
      const api = domainsService(() => []).on('POST', 'domains/availability', {
        data: {
          name: 'vip.example',
          available: true,
          price: { amount: '13000.0000', currency: 'USD' },
          premium: true,
          local: false,
        },
      });
      installJobs(new FakeJobs());
      const { view } = await renderPluginPage({ plugins: [system], path: '/domains', codes: ['YD'], api, language });
      await waitInAct(() => expect(view.element.querySelector('main h1')).not.toBeNull());
      await waitInAct(() => expect(view.element.textContent).toContain(labels.buy));
      await click(buttonByText(view.element, labels.buy));
      await typeInto(query<HTMLInputElement>(dialog(), 'input[placeholder="example.com"]'), 'vip.example');
      await pick(pickers()[0]!, 'Sh', 'Shop');
      await click(inDialog(labels.check));
      await waitInAct(() =>
        expect(dialog().querySelector('[data-availability="premium"]')?.textContent?.replace(/\s/g, ' ')).toBe(shown),
      );
      await pick(pickers()[1]!, 'Do', 'Doe');
      await click(inDialog(labels.submit));
      await waitInAct(() => expect(api.requests('POST', 'domains/purchase')).toHaveLength(1));
      expect(api.requests('POST', 'domains/purchase')[0]?.body).toEqual({
        name: 'vip.example',
        project: 3,
        domain_user: 4,
        server: null,
        years: 1,
        premium_price: '13000.0000',
      });
    });
  }
});

function proxiesService(rows: () => readonly ReturnType<typeof record>[]): FakeService {
  return new FakeService(SYSTEM_API)
    .on('GET', 'proxies', () => jsonResponse(200, listOf(rows())))
    .on('GET', 'references/proxy-providers', references([{ id: 2, label: 'Local' }]))
    .on('GET', '/auth/references/countries', references([{ id: 250, label: 'France' }]))
    .on('GET', '/finance/references/agencies', references([{ id: 7, label: 'Alpha Team' }]))
    .on('POST', 'proxies/quote', { data: { price: { amount: '6.00', currency: 'USD' }, available: 40, local: true } })
    .on('POST', 'proxies/purchase', () => jsonResponse(202, { data: { job: 51 } }))
    .on('POST', 'proxies/9/check', () => jsonResponse(202, { data: { job: 61 } }));
}

describe('buying and checking proxies', () => {
  it('prices the order, buys it for a finance agency and shows the job until the proxies are there', {
    timeout: 30_000,
  }, async () => {
    let rows: ReturnType<typeof record>[] = [];
    const api = proxiesService(() => rows);
    const jobs = new FakeJobs().job(51, [
      {
        job: { kind: 'system.proxy-purchase', state: 'running', step: 'Buying', percent: 50 },
        lines: ['Asking the local provider for 2 proxies'],
      },
      {
        job: {
          kind: 'system.proxy-purchase',
          state: 'succeeded',
          percent: 100,
          result: { proxies: [9, 10], order_id: 'L-1', local: true },
        },
        lines: ['Created 2 proxies'],
      },
    ]);
    installJobs(jobs);
    // With finance enabled, the team is one of its agencies (without it the dialog has no team).
    const { view } = await renderPluginPage({ plugins: [system, finance], path: '/proxies', codes: ['YP'], api });
    await waitInAct(() => expect(view.element.querySelector('main h1')?.textContent).toBe('Proxies'));
    await click(buttonByText(view.element, 'Buy proxies'));
    await waitInAct(() => expect(dialog().textContent).toContain('Buy proxies'));
    expect(inDialog('Get price').disabled).toBe(true);
    await pick(pickers()[0]!, 'Lo', 'Local');
    await pick(pickers()[1]!, 'Fra', 'France');
    await pick(pickers()[2]!, 'Al', 'Alpha Team');
    const [period, quantity, name] = [
      ...dialog().querySelectorAll<HTMLInputElement>('input:not([role="combobox"])'),
    ].filter((input) => input.type !== 'hidden');
    await typeInto(period!, '60');
    await typeInto(quantity!, '2');
    await typeInto(name!, 'Paris');
    await click(inDialog('Get price'));
    await waitInAct(() => expect(dialog().querySelector('[data-quote]')?.textContent).toContain('Price: $6.00.'));
    expect(dialog().querySelector('[data-quote]')?.textContent).toContain('The provider has 40 available.');
    expect(api.requests('POST', 'proxies/quote')[0]?.body).toEqual({
      provider: 2,
      country: 250,
      type: 'http',
      period_days: 60,
      quantity: 2,
    });

    rows = [
      record(9, { name: 'Paris 1', address: '203.0.113.7:8080' }),
      record(10, { name: 'Paris 2', address: '203.0.113.8:8080' }),
    ];
    await click(inDialog('Buy'));
    await waitInAct(() => expect(api.requests('POST', 'proxies/purchase')).toHaveLength(1));
    expect(api.requests('POST', 'proxies/purchase')[0]?.body).toEqual({
      provider: 2,
      country: 250,
      type: 'http',
      period_days: 60,
      quantity: 2,
      name: 'Paris',
      team: 7,
    });
    await waitInAct(() => expect(dialog().querySelector('[data-job-step]')?.textContent).toBe('Buying'));
    await waitInAct(
      () => expect(dialog().querySelector('[data-purchase-result]')?.textContent).toBe('Proxies bought: 2.'),
      { timeout: 5_000 },
    );
    expect(dialog().querySelector('[data-local-notice]')).not.toBeNull();
    expect(logLines().join('\n')).toContain('Created 2 proxies');
    // The list is read again once the job has finished.
    await waitInAct(() => expect(view.element.querySelectorAll('tbody tr[data-row-id]')).toHaveLength(2));
  });

  it('runs the check as a job and shows latency and exit IP; rows near their end are highlighted', {
    timeout: 20_000,
  }, async () => {
    const soon = new Date(Date.now() + 3 * 86_400_000);
    const day = (date: Date) =>
      `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    const rows = [
      record(9, { name: 'Paris 1', address: '203.0.113.7:8080', end_date: day(soon) }),
      record(10, { name: 'Old', address: '203.0.113.8:8080', end_date: '2020-01-01' }),
    ];
    const api = proxiesService(() => rows);
    const jobs = new FakeJobs().job(
      61,
      [
        {
          job: {
            kind: 'system.proxy-check',
            state: 'succeeded',
            percent: 100,
            result: { ok: true, latency_ms: 87, exit_ip: '198.51.100.4', error: null },
          },
          lines: ['Connected'],
        },
      ],
      'system.proxies:9',
    );
    installJobs(jobs);
    const { view } = await renderPluginPage({ plugins: [system], path: '/proxies', codes: ['YP'], api });
    await waitInAct(() => expect(view.element.querySelectorAll('tbody tr[data-row-id]')).toHaveLength(2));
    expect(view.element.querySelector('tbody tr[data-row-id="9"]')?.textContent).toContain('Ends within 7 days');
    expect(view.element.querySelector('tbody tr[data-row-id="10"]')?.textContent).toContain('Ended');

    await runRowAction(document, '203.0.113.7:8080', 'Check');
    await waitInAct(() => expect(api.requests('POST', 'proxies/9/check')).toHaveLength(1));
    await waitInAct(() =>
      expect(dialog().querySelector('[data-check-result="ok"]')?.textContent).toBe(
        'The proxy works: latency 87 ms, exit IP 198.51.100.4.',
      ),
    );
    expect(jobs.seen.some((url) => url.includes('kind=system.proxy-check'))).toBe(true);
  });
});
