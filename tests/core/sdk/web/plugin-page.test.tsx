import { describe, expect, it } from 'vitest';
import {
  createTestKernel,
  FakeService,
  renderPluginPage,
  serviceBase,
  setupPopupTests,
  waitInAct,
} from '@core/sdk/testing-web';
import { finance } from '../../../support/web/product-plugins';

setupPopupTests({ quiet: true });

const WALLET = {
  id: 7,
  version: 1,
  created_at: '2026-01-05T10:00:00Z',
  updated_at: '2026-01-05T10:00:00Z',
  deleted_at: null,
  name: 'Main wallet',
  source: 'Bank',
  currency: 'USD',
  is_active: true,
};
const page = (rows: readonly object[]) => ({
  data: { data: rows, current_page: 1, last_page: 1, per_page: 20, total: rows.length },
});

describe('renderPluginPage', () => {
  it('renders a plugin page through the app for a user with the page’s code, its API answered by the fake', async () => {
    const api = new FakeService(serviceBase('finance')).on('GET', 'wallets', page([WALLET]));
    const { view } = await renderPluginPage({ plugins: [finance], path: '/wallets', codes: ['FW'], api });
    await waitInAct(() => expect(view.element.textContent).toContain('Main wallet'), { timeout: 5_000 });
    expect(view.path()).toBe('/wallets');
    expect(api.calls()).toContain('GET wallets');
  });

  it('signs the user in with exactly the given codes: without the page’s code the list is never asked for', async () => {
    const { view, api, kernel } = await renderPluginPage({ plugins: [finance], path: '/wallets', codes: ['FT'] });
    await waitInAct(() => expect(view.element.textContent?.length ?? 0).toBeGreaterThan(0), { timeout: 5_000 });
    expect(kernel.config.services.finance).toBe(serviceBase('finance'));
    expect(api.calls()).not.toContain('GET wallets');
  });
});

describe('createTestKernel', () => {
  it('gives each plugin’s own service a base URL beside the spec’s', async () => {
    const notes = {
      ...finance,
      manifest: { ...finance.manifest, id: 'notes', service: 'notes' as typeof finance.manifest.service },
    };
    const kernel = await createTestKernel({ plugins: [notes] });
    expect(kernel.config.services).toMatchObject({
      notes: serviceBase('notes'),
      finance: serviceBase('finance'),
      auth: serviceBase('auth'),
    });
  });
});
