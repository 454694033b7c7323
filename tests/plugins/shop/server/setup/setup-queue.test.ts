import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_HANDLER } from '@plugins/shop/shared/resources';
import type { SetupActionAnswer } from '@plugins/shop/shared/setup';
import { DB_TIMEOUT } from '@core/sdk/testing';
import { logLine } from '../../../messenger/server/messenger-support';
import { SHOP_CODES, shopApp, type ShopTestApp } from '../shop-support';
import { person, team } from '../transfer/transfer-support';

let t: ShopTestApp;
beforeAll(async () => {
  t = await shopApp();
}, DB_TIMEOUT);
afterAll(() => t.close());

let made = 0;

/** A completed order of a product that needs setup, so the engine queued a task for it; the task's id. */
async function queuedTask(buyer: number, teamId: number): Promise<{ task: number; order: number }> {
  made++;
  const category = await t.create('categories', { name: `Setup category ${made}`, format: 'login:password' });
  const product = await t.create('products', {
    name: `Set-up page ${made}`,
    price: { amount: '5.00', currency: 'USD' },
    category,
    status: 'active',
    type: 'page',
    needs_setup: true,
  });
  await t.create('positions', { product, state: 'free', data: 'login:secret' });
  const order = await t.create('orders', { team: teamId, product, quantity: 1, user: buyer });
  const completed = await t.shop(['SO'], 'POST', `orders/${order}/complete`, {});
  if (completed.statusCode !== 200) throw new Error(`order not completed: ${completed.statusCode} ${completed.body}`);
  const { rows } = await t.db.query<{ id: string }>(`SELECT id::text AS id FROM shop.setup_tasks WHERE "order" = $1`, [
    order,
  ]);
  return { task: Number(rows[0]?.id), order };
}

const act = (task: number, action: string, body: unknown, userId = 1, headers: Readonly<Record<string, string>> = {}) =>
  t.shop(['SS'], 'POST', `setup-tasks/${task}/${action}`, body, userId, headers);
const versionOf = async (task: number) =>
  (await t.shop(['SS'], 'GET', `setup-tasks/${task}`)).json<{ data: { version: number } }>().data.version;

describe('access and bodies', () => {
  it('answers 403 without SS', async () => {
    const others = SHOP_CODES.filter((code) => code !== 'SS');
    for (const action of ['take', 'done', 'fail'])
      expect((await t.shop(others, 'POST', `setup-tasks/1/${action}`, { version: 1, comment: 'x' })).statusCode).toBe(
        403,
      );
  });

  it.each([
    ['take', {}],
    ['take', { version: '1' }],
    ['take', { version: 1, comment: 'no comment is taken' }],
    ['done', { version: 1, comment: 5 }],
    ['done', { version: 1, comment: 'x'.repeat(2001) }],
    ['done', { version: 1, extra: true }],
    ['fail', { version: 1 }],
    ['fail', { version: 1, comment: '   ' }],
  ])('refuses %s with %j (422)', async (action, body) => {
    expect((await act(1, action, body)).statusCode).toBe(422);
  });
});

describe('the queue', () => {
  it('takes a queued task for the caller, then finishes it; wrong states are 409', async () => {
    const buyer = await person(t);
    const staff = await person(t, 'staff');
    const { task } = await queuedTask(buyer, await team(t));
    expect(
      (await t.shop(['SS'], 'GET', `setup-tasks/${task}`)).json<{ data: { state: string; user: number } }>().data,
    ).toMatchObject({ state: 'queued', user: buyer });

    const early = await act(task, 'done', { version: await versionOf(task) });
    expect(early.statusCode).toBe(409);
    expect(early.json<{ message: string }>().message).toBe('Take this setup task before finishing it.');

    const taken = await act(task, 'take', { version: await versionOf(task) }, staff);
    expect(taken.statusCode).toBe(200);
    const takenTask = taken.json<SetupActionAnswer>();
    expect(takenTask.notice).toBeNull();
    expect(takenTask.data).toMatchObject({ state: 'taken', assignee: staff, taken_at: expect.any(String) });

    const again = await act(task, 'take', { version: takenTask.data.version }, 1, { 'accept-language': 'ru' });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe('Эту задачу настройки уже взяли.');
    expect((await act(task, 'done', { version: takenTask.data.version - 1 })).statusCode).toBe(409);

    // Anyone with SS may finish a task a colleague took: the history says who.
    const done = await act(task, 'done', { version: takenTask.data.version, comment: '  Pixel connected  ' });
    expect(done.statusCode).toBe(200);
    expect(done.json<SetupActionAnswer>().data).toMatchObject({
      state: 'done',
      assignee: staff,
      comment: 'Pixel connected',
      finished_at: expect.any(String),
    });
    const history = (await t.shop(['SS'], 'GET', `setup-tasks/${task}/history`)).json<{
      data: { action: string; actor_id: number }[];
    }>().data;
    expect(history.map((entry) => [entry.action, entry.actor_id])).toEqual([
      ['done', 1],
      ['take', staff],
      ['create', 1],
    ]);
    expect(
      (await act(task, 'fail', { version: await versionOf(task), comment: 'too late' })).json<{ message: string }>()
        .message,
    ).toBe('This setup task is already finished.');
  });

  it('tells the buyer through the team’s bot in their private chat', async () => {
    const buyer = await person(t);
    await t.db.query('UPDATE core.users SET tg_user_id = $1 WHERE id = $2', [777_001, buyer]);
    t.telegram.chats.add(777_001);
    const bot = await t.addBot(ORDER_HANDLER);
    const { task, order } = await queuedTask(buyer, await team(t, { bot }));
    const taken = (await act(task, 'take', { version: await versionOf(task) })).json<SetupActionAnswer>();
    const sentBefore = t.telegram.sent.length;

    const failed = await act(task, 'fail', { version: taken.data.version, comment: 'The page was banned' });
    expect(failed.statusCode).toBe(200);
    expect(failed.json<SetupActionAnswer>()).toMatchObject({
      data: { state: 'failed', comment: 'The page was banned' },
      notice: 'sent',
    });
    expect(t.telegram.sent.slice(sentBefore)).toEqual([
      {
        chatId: 777_001,
        text: expect.stringMatching(
          new RegExp(
            `^Setup of your order #${order} \\(Set-up page \\d+ × 1\\) failed\\.\\nReason: The page was banned$`,
          ),
        ),
      },
    ]);
  });

  it('still finishes the task when the buyer cannot be told, and says so without claiming delivery', async () => {
    const buyer = await person(t);
    const noBot = await queuedTask(buyer, await team(t));
    const taken = (await act(noBot.task, 'take', { version: await versionOf(noBot.task) })).json<SetupActionAnswer>();
    const sentBefore = t.telegram.sent.length;
    const done = await act(noBot.task, 'done', { version: taken.data.version, comment: 'secret-looking comment' });
    expect(done.statusCode).toBe(200);
    expect(done.json<SetupActionAnswer>()).toMatchObject({ data: { state: 'done' }, notice: 'no-bot' });

    // A team bot, but the buyer has no Telegram id.
    const withBot = await queuedTask(buyer, await team(t, { bot: await t.addBot(ORDER_HANDLER) }));
    const second = (
      await act(withBot.task, 'take', { version: await versionOf(withBot.task) })
    ).json<SetupActionAnswer>();
    expect((await act(withBot.task, 'done', { version: second.data.version })).json<SetupActionAnswer>().notice).toBe(
      'no-chat',
    );
    expect(t.telegram.sent.length).toBe(sentBefore);

    const lines = t.logs.map(logLine).filter((line) => line.includes('the buyer was not notified'));
    expect(lines.some((line) => line.includes(`"setupTask":${noBot.task}`) && line.includes('"notice":"no-bot"'))).toBe(
      true,
    );
    expect(lines.join('\n')).not.toContain('secret-looking comment');
  });
});
