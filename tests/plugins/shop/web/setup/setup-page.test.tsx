import { describe, expect, it } from 'vitest';
import {
  FakeService,
  jsonResponse,
  renderPluginPage,
  serviceBase,
  setupPopupTests,
  waitInAct,
} from '@core/sdk/testing-web';
import { shopManifest } from '@plugins/shop/manifest';
import { messenger, shop } from '../shop-web';

/** The setup queue offers no Add: its tasks come from completed orders. */

setupPopupTests({ quiet: true });

const TASK = {
  id: 3,
  version: 1,
  created_at: '2026-11-20T09:00:00.000Z',
  updated_at: '2026-11-20T09:00:00.000Z',
  title: 'Warmed-up ad account × 1',
  order: 12,
  user: 7,
  state: 'queued',
  assignee: null,
  comment: null,
  taken_at: null,
  finished_at: null,
  _labels: { order: 'Warmed-up ad account × 1', user: 'boris.ivanov', assignee: null },
};

describe('the setup queue screen', () => {
  it('lists the tasks without an Add button, even for SS', async () => {
    const api = new FakeService(serviceBase(shopManifest.service)).on('GET', 'setup-tasks', () =>
      jsonResponse(200, { data: { data: [TASK], current_page: 1, last_page: 1, per_page: 20, total: 1 } }),
    );
    const { view } = await renderPluginPage({ plugins: [shop, messenger], path: '/setup-product', codes: ['SS'], api });
    await waitInAct(() => expect(view.element.querySelector('tbody tr[data-row-id="3"]')).not.toBeNull());
    expect([...view.element.querySelectorAll('button')].map((button) => button.textContent?.trim())).not.toContain(
      'Add',
    );
  });
});
