import { describe, expect, it, vi } from 'vitest';
import { click, jsonResponse, query, recordToasts, renderAppInKernel, waitInAct } from '@core/sdk/testing-web';
import {
  FakeAuthServer,
  ROLES,
  USER_INFO,
  adminKernel,
  buttonNamed,
  itemNamed,
  page,
  setupAdminTests,
} from './admin-server';

setupAdminTests();

const BOB = {
  id: 5,
  username: 'bob',
  email: 'bob@example.com',
  status: 'active',
  roles: ['accountant', 'manager'],
  role_ids: [2, 3],
  _labels: { role_ids: ['manager', 'accountant'] },
  version: 3,
  created_at: '2026-01-02T10:00:00.000Z',
  updated_at: '2026-01-02T10:00:00.000Z',
  blocked_at: null,
  deleted_at: null,
};
const EVE = {
  id: 6,
  username: 'eve',
  email: null,
  status: 'blocked',
  roles: [],
  role_ids: [],
  _labels: { role_ids: [] },
  version: 2,
  created_at: '2026-01-03T10:00:00.000Z',
  updated_at: '2026-01-05T10:00:00.000Z',
  blocked_at: '2026-01-05T10:00:00.000Z',
  deleted_at: null,
};
const GONE = {
  id: 7,
  username: 'gone',
  email: 'gone@example.com',
  status: 'active',
  roles: [],
  role_ids: [],
  _labels: { role_ids: [] },
  version: 2,
  created_at: '2026-01-04T10:00:00.000Z',
  updated_at: '2026-02-01T10:00:00.000Z',
  blocked_at: null,
  deleted_at: '2026-02-01T10:00:00.000Z',
};

async function openUsers(server: FakeAuthServer, path = '/users') {
  const kernel = await adminKernel(['JU', 'JQ']);
  const toasts = recordToasts(kernel);
  const view = await renderAppInKernel(kernel, { path });
  await waitInAct(() => expect(view.element.querySelector('h1')?.textContent).toBe('Users'), { timeout: 10_000 });
  await waitInAct(() => expect(view.element.querySelector('tr[data-row-id="5"]')).not.toBeNull());
  return { kernel, view, toasts };
}

const rowText = (scope: ParentNode, id: number): string => query(scope, `tr[data-row-id="${id}"]`).textContent ?? '';

describe('Users list', { timeout: 20_000 }, () => {
  it('shows username, e-mail, status, role names and dates, and the username opens the user detail', async () => {
    const server = new FakeAuthServer()
      .on('GET', 'users', page([BOB, EVE, GONE]))
      .on('GET', 'roles', { data: ROLES })
      .on('GET', 'users/5/info', { data: USER_INFO })
      .on('GET', 'service-link/5', { data: [] });
    const { view } = await openUsers(server, '/users?deleted=with');
    expect(server.lastQuery('GET', 'users').get('deleted')).toBe('with');
    const headers = [...view.element.querySelectorAll('thead th')]
      .map((cell) => cell.textContent?.trim())
      .filter(Boolean);
    expect(headers).toEqual(['Username', 'E-mail', 'Status', 'Roles', 'Created', 'Actions']);
    expect(rowText(view.element, 5)).toContain('manager, accountant');
    expect(rowText(view.element, 5)).toContain('Active');
    expect(rowText(view.element, 6)).toContain('Blocked');
    expect(rowText(view.element, 7)).toContain('Deleted');
    await click(query(view.element, 'tr[data-row-id="5"] a'));
    await waitInAct(() => expect(view.path()).toBe('/user/5/info-tab'));
  });

  it("filters by role with the role_ids field's filter, sent as the engine's filter", async () => {
    const server = new FakeAuthServer()
      .on('GET', 'users', page([BOB]))
      .on('GET', 'roles', { data: ROLES })
      .on('GET', 'references/roles', { data: [{ id: 3, label: 'accountant' }] });
    const { view } = await openUsers(server, '/users?filter%5Brole_ids%5D%5Beq%5D=3');
    expect(server.lastQuery('GET', 'users').get('filter[role_ids][eq]')).toBe('3');
    expect(server.lastQuery('GET', 'users').get('sort')).toBe('-created_at');
    // The chip names the role; removing it lists every role's users again.
    await waitInAct(() =>
      expect(query(view.element, '[data-filter="role_ids"]').textContent).toBe('Roles equals accountant'),
    );
    await click(buttonNamed('Remove filter Roles equals accountant', view.element));
    await waitInAct(() => expect(server.lastQuery('GET', 'users').has('filter[role_ids][eq]')).toBe(false));
  });

  it("exports with the engine's export, the list's filters spelled as the engine's", async () => {
    const server = new FakeAuthServer()
      .on('GET', 'users', page([BOB]))
      .on('GET', 'roles', { data: ROLES })
      .on('GET', 'references/roles', { data: [{ id: 3, label: 'accountant' }] })
      .on(
        'GET',
        'users/export.csv',
        () =>
          new Response('Username,E-mail\nbob,bob@example.com\n', {
            status: 200,
            headers: { 'Content-Type': 'text/csv', 'X-Total-Count': '1' },
          }),
      );
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { view } = await openUsers(
      server,
      '/users?filter%5Brole_ids%5D%5Beq%5D=3&filter%5Bstatus%5D%5Beq%5D=active&filter%5Busername%5D%5Bcontains%5D=bo&sort=username',
    );
    await click(buttonNamed('Export CSV', view.element));
    await click(itemNamed('Export'));
    await waitInAct(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
    const sent = Object.fromEntries(server.lastQuery('GET', 'users/export.csv'));
    expect(sent).toEqual({
      'filter[role_ids][eq]': '3',
      'filter[status][eq]': 'active',
      'filter[username][contains]': 'bo',
      sort: 'username',
      columns: 'username,email,status,role_ids,created_at',
    });
    const file = created.mock.calls[0]?.[0];
    if (!(file instanceof Blob)) throw new Error('no file was saved');
    expect(await file.text()).toBe('Username,E-mail\nbob,bob@example.com\n');
  });

  it("shows a user's timeline as the row's History", async () => {
    const server = new FakeAuthServer()
      .on('GET', 'users', page([BOB]))
      .on('GET', 'roles', { data: ROLES })
      .on('GET', 'users/5/timeline', {
        data: {
          entries: [
            {
              id: 2,
              action: 'update',
              actor_id: 1,
              actor_name: 'admin',
              at: '2026-11-21T09:00:00Z',
              before: { email: 'old@example.com' },
              after: { email: 'bob@example.com' },
            },
            {
              id: 1,
              action: 'create',
              actor_id: 1,
              actor_name: 'admin',
              at: '2026-11-20T09:00:00Z',
              before: null,
              after: { username: 'bob' },
            },
          ],
          labels: {},
          more: false,
        },
      });
    const { view } = await openUsers(server);
    await click(buttonNamed('Actions for bob', view.element));
    await click(itemNamed('History'));
    await waitInAct(() => expect(document.body.textContent).toContain('Updated by admin'));
    expect(document.body.textContent).toContain('History: bob');
    expect(document.body.textContent).toContain('old@example.com');
    expect(server.requests('GET', 'users/5/timeline')).toHaveLength(1);
  });

  it('offers the without, with and only deleted scopes, and selection', async () => {
    const server = new FakeAuthServer().on('GET', 'users', page([BOB])).on('GET', 'roles', { data: ROLES });
    const { view } = await openUsers(server);
    await click(query(view.element, 'button[aria-label="Deleted records"]'));
    await click(itemNamed('Only deleted'));
    await waitInAct(() => expect(server.lastQuery('GET', 'users').get('deleted')).toBe('only'));
    expect(view.path()).toBe('/users?deleted=only');
    expect(view.element.querySelector('input[aria-label="Select all rows on this page"]')).not.toBeNull();
    await click(buttonNamed('Actions for bob', view.element));
    await click(itemNamed('Open'));
    await waitInAct(() => expect(view.path()).toBe('/user/5/info-tab'));
  });

  it("blocks and unblocks with the spec's messages", async () => {
    const server = new FakeAuthServer()
      .on('GET', 'users', page([BOB, EVE]))
      .on('GET', 'roles', { data: ROLES })
      .on('POST', 'users/5/block', { data: { ...USER_INFO, status: 'blocked' }, message: 'Successfully blocked' })
      .on('POST', 'users/6/unblock', { data: { ...USER_INFO, id: 6 }, message: 'Successfully unblocked' });
    const { view, toasts } = await openUsers(server);
    await click(buttonNamed('Actions for bob', view.element));
    await click(itemNamed('Block'));
    await waitInAct(() => expect(server.requests('POST', 'users/5/block')).toHaveLength(1));
    await waitInAct(() => expect(toasts.map((toast) => toast.message)).toContain('Successfully blocked'));
    await click(buttonNamed('Actions for eve', view.element));
    await click(itemNamed('Unblock'));
    await waitInAct(() => expect(server.requests('POST', 'users/6/unblock')).toHaveLength(1));
    await waitInAct(() => expect(toasts.map((toast) => toast.message)).toContain('Successfully unblocked'));
  });

  it("soft-deletes after 'Are you sure?', and restores a deleted user", async () => {
    const server = new FakeAuthServer()
      .on('GET', 'users', page([BOB, GONE]))
      .on('GET', 'roles', { data: ROLES })
      .on('DELETE', 'users/5/delete', { data: USER_INFO, message: 'Successfully deleted' })
      .on('POST', 'users/7/restore', { data: USER_INFO, message: 'Successfully restored' });
    const { view, toasts } = await openUsers(server);
    await click(buttonNamed('Actions for bob', view.element));
    await click(itemNamed('Delete'));
    await waitInAct(() => expect(document.body.textContent).toContain('Are you sure?'));
    await click(buttonNamed('Yes'));
    await waitInAct(() => expect(server.requests('DELETE', 'users/5/delete')).toHaveLength(1));
    await waitInAct(() => expect(toasts.map((toast) => toast.message)).toContain('Successfully deleted'));
    await click(buttonNamed('Actions for gone', view.element));
    expect(() => itemNamed('Delete')).toThrow();
    await click(itemNamed('Restore'));
    await waitInAct(() => expect(server.requests('POST', 'users/7/restore')).toHaveLength(1));
  });

  it("names the server's reason when a change is refused", async () => {
    const server = new FakeAuthServer()
      .on('GET', 'users', page([BOB]))
      .on('GET', 'roles', { data: ROLES })
      .on('POST', 'users/5/block', () =>
        jsonResponse(422, { message: 'The given data was invalid.', errors: { id: ['You cannot block yourself.'] } }),
      );
    const { view, toasts } = await openUsers(server);
    await click(buttonNamed('Actions for bob', view.element));
    await click(itemNamed('Block'));
    await waitInAct(() =>
      expect(toasts.map((toast) => toast.message)).toContain('Error during update: The given data was invalid.'),
    );
  });
});
