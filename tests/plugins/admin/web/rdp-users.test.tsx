import { describe, expect, it } from 'vitest';
import { click, jsonResponse, query, renderAppInKernel, waitInAct } from '@core/sdk/testing-web';
import {
  FakeAuthServer,
  RDP_GRANT,
  RDP_SERVER,
  adminKernel,
  buttonNamed,
  itemNamed,
  page,
  setupAdminTests,
} from './admin-server';

setupAdminTests();

describe('the users of an RDP server', { timeout: 20_000 }, () => {
  it('says when they cannot be read, and Try again reads them again', async () => {
    let asked = 0;
    const server = new FakeAuthServer()
      .on('GET', 'rdps/server', page([RDP_SERVER]))
      .on('GET', 'rdps/server/3/users', () =>
        asked++ === 0 ? jsonResponse(500, { message: 'Database is busy.' }) : jsonResponse(200, { data: [RDP_GRANT] }),
      );
    const kernel = await adminKernel(['VR']);
    const view = await renderAppInKernel(kernel, { path: '/rdp-servers' });
    await waitInAct(() => expect(view.element.querySelector('tr[data-row-id="3"]')).not.toBeNull(), {
      timeout: 10_000,
    });
    await click(query(view.element, 'tr[data-row-id="3"] button[aria-label^="Actions for"]'));
    await click(itemNamed('Users'));
    const dialog = (): HTMLElement => query(document, '[role="dialog"]');
    await waitInAct(() => expect(dialog().textContent).toContain('The data could not be loaded.'));
    await click(buttonNamed('Try again', dialog()));
    await waitInAct(() => expect(dialog().textContent).toContain('bob'));
    expect(server.requests('GET', 'rdps/server/3/users')).toHaveLength(2);
  });
});
