import { describe, expect, it } from 'vitest';
import { click, jsonResponse, query, renderAppInKernel, waitInAct } from '@core/sdk/testing-web';
import { FakeAuthServer, adminKernel, buttonNamed, itemNamed, page, setupAdminTests } from './admin-server';

setupAdminTests();

const GRANT = { id: 40, server_id: 3, user_id: 5, username: 'bob', created_at: '2026-02-01T00:00:00.000Z' };
const RECORD = {
  id: 3,
  version: 1,
  name: 'rdp-1',
  url: null,
  ip: '10.0.0.3',
  username: 'admin',
  password: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  users: [GRANT],
};

describe('the users of an RDP server', { timeout: 20_000 }, () => {
  it('says when they cannot be read, and Try again reads them again', async () => {
    let asked = 0;
    const server = new FakeAuthServer()
      .on('GET', 'rdps/server', page([RECORD]))
      .on('GET', 'rdps/server/3/users', () =>
        asked++ === 0 ? jsonResponse(500, { message: 'Database is busy.' }) : jsonResponse(200, { data: [GRANT] }),
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
