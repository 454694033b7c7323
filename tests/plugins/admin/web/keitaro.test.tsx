import { describe, expect, it } from 'vitest';
import type { KeitaroBoard, Reverse } from '@plugins/admin/shared/keitaro';
import {
  click,
  jsonResponse,
  query,
  recordToasts,
  renderAppInKernel,
  typeInto,
  waitInAct,
} from '@core/sdk/testing-web';
import { FakeAuthServer, adminKernel, buttonNamed, itemNamed, setupAdminTests } from './admin-server';

setupAdminTests();

const AT = '2026-02-01T00:00:00.000Z';
const reverse = (
  id: number,
  address: string,
  state: Reverse['state'],
  serverId: number | null,
  actions: Reverse['actions'],
): Reverse => ({
  id,
  address,
  comment: null,
  state,
  server_id: serverId,
  state_changed_at: AT,
  created_at: AT,
  actions,
});

const BOARD: KeitaroBoard = {
  servers: [
    {
      id: 1,
      name: 'alpha',
      url: 'https://alpha.example.com',
      api_key: null,
      created_at: AT,
      updated_at: AT,
      active: reverse(10, 'rev-a.example.com', 'active', 1, ['wait']),
      on_hold: [reverse(11, 'rev-b.example.com', 'on_hold', 1, ['wait', 'activate', 'release'])],
      waiting: [reverse(12, 'rev-c.example.com', 'waiting', 1, ['activate', 'release'])],
    },
    {
      id: 2,
      name: 'beta',
      url: 'https://beta.example.com',
      api_key: null,
      created_at: AT,
      updated_at: AT,
      active: null,
      on_hold: [],
      waiting: [],
    },
  ],
  free: [reverse(20, 'free-1.example.com', 'free', null, ['transfer'])],
};

const REFUSAL = 'This reverse is already waiting.';

async function openBoard(server: FakeAuthServer) {
  const kernel = await adminKernel(['VR']);
  const toasts = recordToasts(kernel);
  const view = await renderAppInKernel(kernel, { path: '/keitaro-servers' });
  await waitInAct(() => expect(view.element.querySelector('[data-server="alpha"]')).not.toBeNull(), {
    timeout: 10_000,
  });
  return { view, toasts };
}

const row = (address: string): HTMLElement => query(document, `[data-reverse="${address}"]`);

describe('Keitaro servers', { timeout: 20_000 }, () => {
  it('shows each server with its active, on-hold and waiting reverses, and the free pool', async () => {
    const { view } = await openBoard(new FakeAuthServer().on('GET', 'keitaro/servers', { data: BOARD }));
    const alpha = query(view.element, '[data-server="alpha"]');
    expect(query(alpha, 'section[aria-label="Active"]').textContent).toContain('rev-a.example.com');
    expect(query(alpha, 'section[aria-label="On hold"]').textContent).toContain('rev-b.example.com');
    expect(query(alpha, 'section[aria-label="Waiting"]').textContent).toContain('rev-c.example.com');
    expect(view.element.textContent).toContain('free-1.example.com');
    // Only the actions the reverse's state allows.
    expect(() => buttonNamed('Set to active', row('rev-a.example.com'))).toThrow();
    expect(buttonNamed('Set to wait', row('rev-a.example.com'))).toBeTruthy();
  });

  it('asks before an action, and sends nothing when the answer is no', async () => {
    const server = new FakeAuthServer()
      .on('GET', 'keitaro/servers', { data: BOARD })
      .on('POST', 'keitaro/reverses/12/activate', { data: {} });
    await openBoard(server);
    await click(buttonNamed('Set to active', row('rev-c.example.com')));
    await waitInAct(() =>
      expect(document.body.textContent).toContain('Are you sure you want to set rev-c.example.com to active on alpha?'),
    );
    await click(buttonNamed('Cancel'));
    expect(server.requests('POST', 'keitaro/reverses/12/activate')).toHaveLength(0);

    await click(buttonNamed('Set to active', row('rev-c.example.com')));
    await click(buttonNamed('Yes'));
    await waitInAct(() => expect(server.requests('POST', 'keitaro/reverses/12/activate')).toHaveLength(1));
    // The board is read again after the change.
    await waitInAct(() => expect(server.requests('GET', 'keitaro/servers').length).toBeGreaterThanOrEqual(2));
  });

  it('transfers a free reverse to the chosen server after confirmation', async () => {
    const server = new FakeAuthServer()
      .on('GET', 'keitaro/servers', { data: BOARD })
      .on('POST', 'keitaro/reverses/20/transfer', { data: {} });
    const { toasts } = await openBoard(server);
    await click(query(row('free-1.example.com'), 'button[role="combobox"]'));
    await click(itemNamed('beta'));
    await click(buttonNamed('Transfer', row('free-1.example.com')));
    await waitInAct(() =>
      expect(document.body.textContent).toContain('Are you sure you want to transfer free-1.example.com to beta?'),
    );
    await click(buttonNamed('Yes'));
    await waitInAct(() => expect(server.requests('POST', 'keitaro/reverses/20/transfer')).toHaveLength(1));
    expect(server.requests('POST', 'keitaro/reverses/20/transfer')[0]?.body).toEqual({ server_id: 2 });
    await waitInAct(() => expect(toasts.map((toast) => toast.message)).toContain('Success'));
  });

  it("shows the server's message when it refuses a transition (409)", async () => {
    const server = new FakeAuthServer()
      .on('GET', 'keitaro/servers', { data: BOARD })
      .on('POST', 'keitaro/reverses/11/wait', () => jsonResponse(409, { message: REFUSAL }));
    const { view, toasts } = await openBoard(server);
    await click(buttonNamed('Set to wait', row('rev-b.example.com')));
    await waitInAct(() =>
      expect(document.body.textContent).toContain('Are you sure you want to set rev-b.example.com to wait?'),
    );
    await click(buttonNamed('Yes'));
    await waitInAct(() => expect(toasts.map((toast) => toast.message)).toContain(REFUSAL));
    await waitInAct(() => expect(query(view.element, '[role="alert"]').textContent).toContain(REFUSAL));
  });

  it('adds a server with the engine form', async () => {
    const server = new FakeAuthServer()
      .on('GET', 'keitaro/servers', { data: BOARD })
      .on('POST', 'keitaro/servers', () => jsonResponse(201, { data: { ...BOARD.servers[1], id: 3, name: 'gamma' } }));
    const { toasts } = await openBoard(server);
    await click(buttonNamed('Add server'));
    const dialog = query(document, '[role="dialog"]');
    const inputs = dialog.querySelectorAll<HTMLInputElement>('input');
    await typeInto(inputs[0] as HTMLInputElement, 'gamma');
    await typeInto(inputs[1] as HTMLInputElement, 'https://gamma.example.com');
    await click(buttonNamed('Save', dialog));
    await waitInAct(() => expect(server.requests('POST', 'keitaro/servers')).toHaveLength(1));
    expect(server.requests('POST', 'keitaro/servers')[0]?.body).toMatchObject({
      name: 'gamma',
      url: 'https://gamma.example.com',
    });
    await waitInAct(() => expect(toasts.map((toast) => toast.message)).toContain('New record successfully created'));
  });

  it('edits a server with PUT and the whole form', async () => {
    const server = new FakeAuthServer()
      .on('GET', 'keitaro/servers', { data: BOARD })
      .on('PUT', 'keitaro/servers/2', (request) =>
        jsonResponse(200, { data: { ...BOARD.servers[1], ...(request.body as object) } }),
      );
    await openBoard(server);
    await click(buttonNamed('Edit beta'));
    const dialog = query(document, '[role="dialog"]');
    await typeInto(dialog.querySelectorAll<HTMLInputElement>('input')[0] as HTMLInputElement, 'beta-2');
    await click(buttonNamed('Save', dialog));
    await waitInAct(() => expect(server.requests('PUT', 'keitaro/servers/2')).toHaveLength(1));
    expect(server.requests('PUT', 'keitaro/servers/2')[0]?.body).toEqual({
      name: 'beta-2',
      url: 'https://beta.example.com',
    });
  });

  it('says in Russian when the board cannot be read, and Повторить reads it again', async () => {
    let asked = 0;
    const server = new FakeAuthServer().on('GET', 'keitaro/servers', () =>
      asked++ === 0 ? jsonResponse(500, { message: 'Database is busy.' }) : jsonResponse(200, { data: BOARD }),
    );
    const kernel = await adminKernel(['VR'], { language: 'ru' });
    const view = await renderAppInKernel(kernel, { path: '/keitaro-servers' });
    await waitInAct(() => expect(view.element.textContent).toContain('Не удалось загрузить данные.'), {
      timeout: 10_000,
    });
    await click(buttonNamed('Повторить'));
    await waitInAct(() => expect(view.element.querySelector('[data-server="alpha"]')).not.toBeNull());
    expect(server.requests('GET', 'keitaro/servers')).toHaveLength(2);
  });
});
