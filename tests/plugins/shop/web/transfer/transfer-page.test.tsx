import { describe, expect, it } from 'vitest';
import {
  buttonByText,
  click,
  FakeService,
  jsonResponse,
  query,
  recordToasts,
  renderPluginPage,
  serviceBase,
  typeInto,
  setupPopupTests,
  waitInAct,
} from '@core/sdk/testing-web';
import type { ResourceRecord } from '@core/sdk/shared';
import type { TransferPreview } from '@plugins/shop/shared/transfer';
import { messenger, shop } from '../shop-web';

setupPopupTests({ quiet: true });

const PEOPLE = [
  { id: 5, label: 'ann' },
  { id: 6, label: 'bob' },
];

function order(id: number, title: string): ResourceRecord {
  return {
    id,
    version: 3,
    created_at: '2026-11-01T09:00:00.000Z',
    updated_at: '2026-11-01T09:00:00.000Z',
    deleted_at: null,
    title,
    team: 2,
    user: 5,
    status: 'completed',
    quantity: 2,
    _labels: { team: 'Red', user: 'ann' },
  };
}

const ORDERS = [order(11, 'Farm account × 2'), order(12, 'Page × 1')];

const PREVIEW: TransferPreview = {
  rows: [
    {
      order: 11,
      title: 'Farm account × 2',
      version: 3,
      from_user: PEOPLE[0]!,
      from_team: { id: 2, label: 'Red' },
      to_user: PEOPLE[1]!,
      to_team: { id: 2, label: 'Red' },
      positions: 2,
      refusal: null,
    },
  ],
  movable: 1,
  positions: 2,
};

function shopService(): FakeService {
  return new FakeService(serviceBase('shop'))
    .on('GET', 'references/transfer/users', (_request, url) => {
      const ids = url.searchParams.get('ids');
      const q = url.searchParams.get('q') ?? '';
      const found = ids
        ? PEOPLE.filter((person) => ids.split(',').includes(String(person.id)))
        : PEOPLE.filter((person) => person.label.includes(q));
      return jsonResponse(200, { data: found });
    })
    .on('GET', 'transfer/orders', {
      data: { data: ORDERS, current_page: 1, last_page: 1, per_page: 20, total: ORDERS.length },
    })
    .on('POST', 'transfer/preview', { data: PREVIEW })
    .on('POST', 'transfer', { data: { orders: [{ id: 11, version: 4 }], positions: 2 } })
    .on('GET', 'transfer/users/5/history', { data: [] })
    .on('GET', 'transfer/users/6/history', { data: [] });
}

/** A user's history entry of one moved order, as the server writes it. */
const moved = (id: number, action: 'transfer-in' | 'transfer-out') => ({
  id,
  action,
  actor_id: 1,
  actor_name: 'admin',
  at: '2026-11-24T10:00:00.000Z',
  before: { order: 11, user: 5, team: 2, positions: 2 },
  after: { order: 11, user: 6, team: 2, positions: 2 },
});

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

const pickers = (element: HTMLElement) => [...element.querySelectorAll<HTMLInputElement>('input[role="combobox"]')];

describe('the manual transfer page', () => {
  it('lists the source’s completed orders, previews the move and confirms it', { timeout: 20_000 }, async () => {
    const api = shopService();
    const { view, kernel } = await renderPluginPage({
      plugins: [shop, messenger],
      path: '/manual-transfer',
      codes: ['SM'],
      api,
    });
    const toasts = recordToasts(kernel);
    await waitInAct(() =>
      expect(view.element.textContent).toContain('Pick a user or a team to see their completed orders.'),
    );

    await pick(pickers(view.element)[0]!, 'ann', 'ann');
    await waitInAct(() => expect(view.element.querySelectorAll('tbody tr[data-row-id]')).toHaveLength(2));
    expect(api.lastQuery('GET', 'transfer/orders').get('user')).toBe('5');

    const preview = buttonByText(view.element, 'Preview');
    expect(preview.disabled).toBe(true);
    await click(query(view.element, 'tbody tr[data-row-id="11"] input[type="checkbox"]'));
    await waitInAct(() => expect(view.element.textContent).toContain('Orders selected: 1'));
    // The source, then the target user and team.
    await pick(pickers(view.element)[1]!, 'bob', 'bob');
    await click(buttonByText(view.element, 'Preview'));

    await waitInAct(() => expect(view.element.querySelector('[data-order="11"]')).not.toBeNull());
    expect(api.requests('POST', 'transfer/preview')[0]?.body).toEqual({ orders: [11], to_user: 6 });
    const row = query(view.element, '[data-order="11"]');
    expect([...row.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      '#11 Farm account × 2',
      'ann',
      'bob',
      'Red',
      'Red',
      '2',
      'Will move',
    ]);
    expect(view.element.textContent).toContain('Orders to move: 1, positions with them: 2.');

    await click(buttonByText(view.element, 'Confirm the transfer (1)'));
    await waitInAct(() => expect(api.requests('POST', 'transfer')).toHaveLength(1));
    expect(api.requests('POST', 'transfer')[0]?.body).toEqual({ orders: [11], versions: { 11: 3 }, to_user: 6 });
    await waitInAct(() =>
      expect(toasts.map((toast) => [toast.intent, toast.message])).toContainEqual([
        'success',
        'Transferred orders: 1, positions: 2.',
      ]),
    );
    expect(view.element.querySelector('[data-order="11"]')).toBeNull();
  });

  it('shows both users’ shop history, read again after a transfer', { timeout: 20_000 }, async () => {
    const api = shopService();
    const { view } = await renderPluginPage({
      plugins: [shop, messenger],
      path: '/manual-transfer',
      codes: ['SM'],
      api,
    });
    await waitInAct(() => expect(pickers(view.element)).toHaveLength(3));
    await pick(pickers(view.element)[0]!, 'ann', 'ann');
    const source = () => query(view.element, 'section[aria-label="Shop history of the user moved from"]');
    await waitInAct(() => expect(source().textContent).toContain('No transfers yet.'));
    await click(query(view.element, 'tbody tr[data-row-id="11"] input[type="checkbox"]'));
    await pick(pickers(view.element)[1]!, 'bob', 'bob');
    const target = () => query(view.element, 'section[aria-label="Shop history of the user moved to"]');
    await waitInAct(() => expect(target().textContent).toContain('No transfers yet.'));

    api
      .on('GET', 'transfer/users/5/history', { data: [moved(1, 'transfer-out')] })
      .on('GET', 'transfer/users/6/history', { data: [moved(2, 'transfer-in')] });
    await click(buttonByText(view.element, 'Preview'));
    await click(buttonByText(view.element, 'Confirm the transfer (1)'));
    await waitInAct(() => expect(source().textContent).toContain('Gave away order #11 (positions: 2)'));
    expect(source().textContent).toContain('admin');
    await waitInAct(() => expect(target().textContent).toContain('Received order #11 (positions: 2)'));
  });

  it('shows why an order cannot move and the server’s refusal', { timeout: 20_000 }, async () => {
    const refused: TransferPreview = {
      rows: [{ ...PREVIEW.rows[0]!, refusal: 'notCompleted' }],
      movable: 0,
      positions: 0,
    };
    const api = shopService()
      .on('POST', 'transfer/preview', { data: refused })
      .on('GET', 'references/transfer/teams', { data: [{ id: 3, label: 'Blue' }] });
    const { view } = await renderPluginPage({
      plugins: [shop, messenger],
      path: '/manual-transfer',
      codes: ['SM'],
      api,
      language: 'ru',
    });
    await waitInAct(() => expect(pickers(view.element)).toHaveLength(3));
    await pick(pickers(view.element)[0]!, 'ann', 'ann');
    await waitInAct(() => expect(view.element.querySelectorAll('tbody tr[data-row-id]')).toHaveLength(2));
    await click(query(view.element, 'tbody tr[data-row-id="11"] input[type="checkbox"]'));
    await pick(pickers(view.element)[2]!, 'Bl', 'Blue');
    await click(buttonByText(view.element, 'Предпросмотр'));
    await waitInAct(() =>
      expect(view.element.querySelector('[data-refusal="notCompleted"]')?.textContent).toContain('Не выполнен'),
    );
    expect(buttonByText(view.element, 'Подтвердить передачу (0)').disabled).toBe(true);
    expect(api.requests('POST', 'transfer/preview')[0]?.body).toEqual({ orders: [11], to_team: 3 });

    api.on('POST', 'transfer/preview', () =>
      jsonResponse(422, { message: 'Нет такой команды, которой можно передать заказы.' }),
    );
    await click(buttonByText(view.element, 'Предпросмотр'));
    await waitInAct(() =>
      expect(view.element.textContent).toContain('Нет такой команды, которой можно передать заказы.'),
    );
  });

  it('is not offered without SM', async () => {
    const api = shopService();
    const { view } = await renderPluginPage({
      plugins: [shop, messenger],
      path: '/manual-transfer',
      codes: ['SO'],
      api,
    });
    await waitInAct(() => expect(view.element.textContent).toMatch(/access/i));
    expect(api.requests('GET', 'transfer/orders')).toHaveLength(0);
  });
});
