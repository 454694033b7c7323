import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_MASK } from '@core/sdk/shared';
import { DB_TIMEOUT } from '@core/sdk/testing';
import { BOT_TOKEN, logLine, messengerApp, type MessengerTestApp } from './messenger-support';

/** The bots resource through the engine: the token is written, never read back anywhere. */

const OTHER_TOKEN = '7000000077:AAG-another-token-for-the-edit-test-99';

let t: MessengerTestApp;
beforeAll(async () => {
  t = await messengerApp();
}, DB_TIMEOUT);
afterAll(() => t.close());

describe('messenger bots', () => {
  it('creates, lists, reads, edits and deletes a bot, showing the token only as the mask', async () => {
    const id = await t.addBot('messenger.notifications', {
      name: 'Team bot',
      type: 'notifications',
      description: 'Tells teams',
    });
    const read = await t.call(['MB'], 'GET', `bots/${id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({
      id,
      name: 'Team bot',
      messenger: 'telegram',
      type: 'notifications',
      token: SECRET_MASK,
      username: null,
      webhook_status: 'unknown',
      _labels: { handler_class: 'messenger.notifications' },
    });

    const list = await t.call(['MB'], 'GET', 'bots?filter[name][eq]=Team%20bot');
    expect(list.json().data.data).toEqual([expect.objectContaining({ id, token: SECRET_MASK })]);

    // A blank token keeps the stored one; a new one replaces it and what was learnt with the old one.
    const kept = await t.call(['MB'], 'PATCH', `bots/${id}`, {
      version: 1,
      token: '',
      description: 'Tells every team',
    });
    expect(kept.statusCode).toBe(200);
    expect(
      (await t.db.query<{ token: string }>('SELECT token FROM messenger.bots WHERE id = $1', [id])).rows[0]?.token,
    ).toBe(BOT_TOKEN);
    await t.db.query(`UPDATE messenger.bots SET username = 'old_bot' WHERE id = $1`, [id]);
    const replaced = await t.call(['MB'], 'PATCH', `bots/${id}`, { version: 2, token: OTHER_TOKEN });
    expect(replaced.json().data).toMatchObject({ token: SECRET_MASK, username: null, webhook_status: 'unknown' });
    expect(
      (await t.db.query<{ token: string }>('SELECT token FROM messenger.bots WHERE id = $1', [id])).rows[0]?.token,
    ).toBe(OTHER_TOKEN);

    expect((await t.call(['MB'], 'DELETE', `bots/${id}`)).statusCode).toBe(200);
    expect((await t.call(['MB'], 'GET', `bots/${id}`)).statusCode).toBe(404);
  });

  it("refuses a token of another shape than Telegram's, and status fields the server keeps", async () => {
    const classes = (await t.call(['MB'], 'GET', 'handler-classes')).json().data.data as { id: number }[];
    const base = { name: 'Shaped', messenger: 'telegram', type: 'other', handler_class: classes[0]?.id };
    const badToken = await t.call(['MB'], 'POST', 'bots', { ...base, token: 'not-a-token' });
    expect(badToken.statusCode).toBe(422);
    expect(Object.keys(badToken.json().errors)).toEqual(['token']);
    const readOnly = await t.call(['MB'], 'POST', 'bots', {
      ...base,
      token: BOT_TOKEN,
      webhook_status: 'set',
      username: 'forged',
    });
    expect(readOnly.statusCode).toBe(422);
    expect(Object.keys(readOnly.json().errors).sort()).toEqual(['username', 'webhook_status']);
  });

  it('never lets the token out: list, record, export, history, row actions, log lines', async () => {
    const id = await t.addBot('messenger.sign-in', { name: 'Leak check' });
    await t.call(['MB'], 'PATCH', `bots/${id}`, { version: 1, name: 'Leak check 2' });
    const bodies = [
      await t.call(['MB'], 'GET', 'bots'),
      await t.call(['MB'], 'GET', `bots/${id}`),
      await t.call(['MB'], 'GET', 'bots/export.csv'),
      await t.call(['MB'], 'GET', `bots/${id}/history`),
      await t.call(['MB'], 'POST', `bots/${id}/check-token`),
      await t.call(['MB'], 'POST', `bots/${id}/set-webhook`),
      await t.call(['MB'], 'POST', `bots/${id}/send-test`, { chat_id: 99, text: 'refused: unknown chat' }),
    ].map((response) => response.body);
    expect(bodies[2]).toContain('Leak check 2');
    expect(bodies[3]).toContain('update');
    const tokenSecret = BOT_TOKEN.split(':')[1] ?? BOT_TOKEN;
    for (const body of bodies) expect(body).not.toContain(tokenSecret);
    const { rows } = await t.db.query<{ entry: string }>(`SELECT row_to_json(a)::text AS entry FROM core.audit_log a`);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.entry).not.toContain(tokenSecret);
    expect(t.logs.length).toBeGreaterThan(0);
    for (const call of t.logs) expect(logLine(call)).not.toContain(tokenSecret);
  });

  it('answers 403 without MB on every route the plugin serves', async () => {
    const id = await t.addBot('messenger.notifications');
    const routes: ['GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown?][] = [
      ['GET', 'bots'],
      ['GET', `bots/${id}`],
      ['GET', 'bots/export.csv'],
      ['POST', 'bots', {}],
      ['PATCH', `bots/${id}`, { version: 1 }],
      ['DELETE', `bots/${id}`],
      ['GET', 'handler-classes'],
      ...(['check-token', 'set-webhook', 'delete-webhook', 'refresh-webhook'] as const).map(
        (action): ['POST', string] => ['POST', `bots/${id}/${action}`],
      ),
      ['POST', `bots/${id}/send-test`, { chat_id: 42, text: 'hi' }],
    ];
    for (const [method, path, body] of routes) {
      expect((await t.call([], method, path, body)).statusCode, `${method} ${path}`).toBe(403);
    }
  });
});
