import { describe, expect, it } from 'vitest';
import { ContainerModule } from 'inversify';
import { RouteContributionToken } from '@core/web/kernel/contributions';
import { resourceRoute } from '@core/web/resource';
import { appRoutes } from '@core/web/shell/create-app-router';
import { jsonResponse } from '../../../support/web/fetch';
import { createTestKernel, renderRoutesInKernel, testUser, waitInAct } from '../../../support/web/test-kernel';
import { testPlugin } from '../../../support/web/test-plugin';
import { listAnswer, wallet, WALLET_STRINGS, WALLETS } from './fixtures';
import { click } from '../../../support/web/dom';
import { buttonNamed, FakeApi, renderWallets, patchAnimations, waitForRows } from './support';

patchAnimations();

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
      pages: [{ path: '/wallets', titleKey: 'test:wallets.title', requires: 'FW', nav: { group: 'main' } }],
      bundles: { en: WALLET_STRINGS, ru: WALLET_STRINGS },
      module: new ContainerModule(({ bind }) => {
        bind(RouteContributionToken).toConstantValue(
          resourceRoute(WALLETS, {
            cells: { name: ({ value }) => <strong data-testid="custom-name">{String(value)}!</strong> },
          }),
        );
      }),
    });
    const kernel = await createTestKernel({ plugins: [plugin], user: testUser(['FW']), token: 'token-1' });
    const view = await renderRoutesInKernel(kernel, appRoutes(kernel.host), { path: '/wallets' });
    await waitInAct(
      () => expect(view.element.querySelector('[data-testid="custom-name"]')?.textContent).toBe('Main!'),
      { timeout: 5_000 },
    );
    expect(view.element.querySelector('h1')?.textContent).toBe('Wallets');
    expect(api.lists()[0]?.pathname).toBe('/finance/wallets');
  });
});

describe('screen options', () => {
  it('sends list parameters outside the codec with the list, export and delete-all-matching, and draws extra toolbar content', async () => {
    const api = new FakeApi();
    api.rows = () => jsonResponse(200, listAnswer([wallet(1)], 1, 1, 30));
    const reloads: number[] = [];
    const { view } = await renderWallets({
      options: {
        listParams: { status_scope: 'fired' },
        toolbar: ({ reload }) => (
          <button type="button" onClick={() => void reload().then(() => reloads.push(1))}>
            Import
          </button>
        ),
      },
    });
    await waitForRows(view, 1);
    expect(api.lists()[0]?.searchParams.get('status_scope')).toBe('fired');
    await click(buttonNamed('Import'));
    await waitInAct(() => expect(reloads).toEqual([1]));
    expect(api.lists()[1]?.searchParams.get('status_scope')).toBe('fired');
    await click(
      view.element.querySelector<HTMLInputElement>(
        'input[aria-label="Select all rows on this page"]',
      ) as HTMLInputElement,
    );
    await click(buttonNamed('Select all 30 matching'));
    await click(buttonNamed('Delete selected'));
    await click(buttonNamed('Yes', document.querySelector('.fui-DialogSurface') as HTMLElement));
    await waitInAct(() => expect(api.requests('POST', '/finance/wallets/bulk-delete')).toHaveLength(1));
    expect(api.requests('POST', '/finance/wallets/bulk-delete')[0]?.body).toEqual({ query: { status_scope: 'fired' } });
  });
});
