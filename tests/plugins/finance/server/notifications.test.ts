import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_TIMEOUT, storedNotifications, testApp, type TestApp, type TestCaller } from '@core/sdk/testing';
import { createFinanceServerPlugin } from '@plugins/finance/server';

/*
 * Finance's approval sources: a card correction recorded open tells the holders of FW and FT (who
 * may approve it), a computed month's motivation the holders of FE and FF; each once per record.
 */

let app: TestApp;
let keeper: TestCaller;
let approver: TestCaller;
let payroll: TestCaller;
let payApprover: TestCaller;
let wallet: number;

beforeAll(async () => {
  app = await testApp({ plugins: [createFinanceServerPlugin({ env: {} })] });
  keeper = app.as(['FW']);
  approver = app.as(['FW', 'FT']);
  payroll = app.as(['FE']);
  payApprover = app.as(['FE', 'FF']);
  // Users are made on first use: all of them before anything is published. Holders of FT alone or
  // of FF alone may approve neither, so they are never told.
  for (const caller of [keeper, approver, payroll, payApprover, app.as(['FT']), app.as(['FF'])]) await caller.userId();
  const answer = await keeper.post('/api/finance/wallets', {
    name: 'Corporate card USD',
    source: 'Card',
    currency: 'USD',
  });
  expect(answer.statusCode, answer.body).toBe(201);
  wallet = answer.json<{ data: { id: number } }>().data.id;
}, DB_TIMEOUT);
afterAll(() => app.close());

const created = (answer: { statusCode: number; body: string; json: <T>() => T }): { id: number; version: number } => {
  expect(answer.statusCode, answer.body).toBeLessThan(300);
  return answer.json<{ data: { id: number; version: number } }>().data;
};

describe('a card correction waiting for approval', { timeout: DB_TIMEOUT }, () => {
  it('tells those who may approve it, in both languages, with a link to it; not again on an edit, approval or reversal', async () => {
    const correction = created(
      await keeper.post('/api/finance/card-corrections', {
        wallet_id: wallet,
        correction_date: '2026-03-10',
        statement_balance: { amount: '1200', currency: 'USD' },
        reason: 'Monthly statement',
      }),
    );
    expect(await storedNotifications(app.db, 'finance.card-correction-approvals')).toEqual([
      {
        user: await approver.userId(),
        title: {
          en: 'Card correction waits for approval: Corporate card USD, $1,200.00',
          ru: 'Корректировка карты ждёт утверждения: Corporate card USD, 1\u00a0200,00\u00a0$',
        },
        text: {
          en: 'The statement of 03/10/26 shows $1,200.00; the books show $0.00.',
          ru: 'Выписка на 10.03.2026: 1\u00a0200,00\u00a0$; по учёту: 0,00\u00a0$.',
        },
        link: `/card-corrections/${correction.id}`,
        severity: 'info',
      },
    ]);

    created(
      await keeper.patch(`/api/finance/card-corrections/${correction.id}`, {
        version: correction.version,
        statement_balance: { amount: '1250', currency: 'USD' },
      }),
    );
    created(await approver.post(`/api/finance/card-corrections/${correction.id}/approve`, {}));
    created(
      await approver.post(`/api/finance/card-corrections/${correction.id}/reverse`, {
        reason: 'Booked twice by the bank',
      }),
    );
    expect(await storedNotifications(app.db, 'finance.card-correction-approvals')).toHaveLength(1);
  });

  it('reads in the reader’s language on the bell', async () => {
    const bell = await approver.get('/api/notifications/summary', { headers: { 'accept-language': 'ru' } });
    expect(bell.statusCode, bell.body).toBe(200);
    expect(bell.json<{ data: { unread: number; latest: { source: string; title: string }[] } }>().data).toMatchObject({
      unread: 1,
      latest: [
        {
          source: 'finance.card-correction-approvals',
          title: 'Корректировка карты ждёт утверждения: Corporate card USD, 1\u00a0200,00\u00a0$',
        },
      ],
    });
  });
});

describe('a month of motivation waiting for approval', { timeout: DB_TIMEOUT }, () => {
  it('tells those who may approve it once the month is computed, and not again on a recompute', async () => {
    const sheet = created(await payroll.post('/api/finance/motivation-sheets/compute-month', { month: '2026-02' }));
    const told = [
      {
        user: await payApprover.userId(),
        title: {
          en: 'Motivation for February 2026 waits for approval: $0.00',
          ru: 'Мотивация за февраль 2026 г. ждёт утверждения: 0,00\u00a0$',
        },
        text: {
          en: 'Employees computed: 0. Approving the month makes their payroll drafts.',
          ru: 'Рассчитано сотрудников: 0. Утверждение создаст черновики выплат.',
        },
        link: `/motivation/${sheet.id}`,
        severity: 'info',
      },
    ];
    expect(await storedNotifications(app.db, 'finance.motivation-approvals')).toEqual(told);
    created(await payroll.post(`/api/finance/motivation-sheets/${sheet.id}/compute`));
    expect(await storedNotifications(app.db, 'finance.motivation-approvals')).toEqual(told);
  });
});
