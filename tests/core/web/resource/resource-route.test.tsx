import { describe, expect, it } from 'vitest';
import { ContainerModule } from 'inversify';
import { RouteContributionToken } from '@core/web/kernel/contributions';
import { resourceRoute } from '@core/web/resource';
import { appRoutes } from '@core/web/shell/create-app-router';
import { jsonResponse } from '../../../support/web/fetch';
import { createTestKernel, renderRoutesInKernel, testUser, waitInAct } from '../../../support/web/test-kernel';
import { testPlugin, testSidebarEntry } from '../../../support/web/test-plugin';
import { listAnswer, wallet, WALLET_STRINGS, WALLETS } from './fixtures';
import { FakeApi, useAnimationPatch } from './support';

useAnimationPatch();

describe('resourceRoute', () => {
  it('gives a route contribution at the resource path, with optional overrides', () => {
    const route = resourceRoute(WALLETS);
    expect(route.path).toBe('/wallets');
    expect(resourceRoute(WALLETS, { path: '/my-wallets' }).path).toBe('/my-wallets');
  });

  it('is all a plugin module needs for a working list screen in the app', async () => {
    const api = new FakeApi();
    api.rows = () => jsonResponse(200, listAnswer([wallet(1, { name: 'Main' })]));
    const plugin = testPlugin({
      id: 'test',
      service: 'finance',
      routes: [{ path: '/wallets', titleKey: 'test:wallets.title' }],
      sidebar: [testSidebarEntry('wallets', '/wallets', { labelKey: 'test:wallets.title', requires: 'FW' })],
      bundles: { en: WALLET_STRINGS, ru: WALLET_STRINGS },
      module: new ContainerModule(({ bind }) => {
        bind(RouteContributionToken).toConstantValue(
          resourceRoute(WALLETS, { cells: { name: ({ value }) => <strong data-testid="custom-name">{String(value)}!</strong> } }),
        );
      }),
    });
    const kernel = await createTestKernel({ plugins: [plugin], user: testUser(['FW']), token: 'token-1' });
    const view = await renderRoutesInKernel(kernel, appRoutes(kernel.host), { path: '/wallets' });
    await waitInAct(() => expect(view.element.querySelector('[data-testid="custom-name"]')?.textContent).toBe('Main!'), { timeout: 5_000 });
    expect(view.element.querySelector('h1')?.textContent).toBe('Wallets');
    expect(api.lists()[0]?.pathname).toBe('/finance/wallets');
  });
});
