import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BotHandler, type Database } from '@core/sdk/server';
import { syncHandlerClasses } from '@plugins/messenger/server/handlers/handler-class-sync';
import { DB_TIMEOUT, demoContext, freshDatabase } from '@core/sdk/testing';
import messenger from '@plugins/messenger/server';
import { messengerApp, probePlugin, type MessengerTestApp } from './messenger-support';

/** messenger.handler_classes follows the registered classes; the API cannot write it. */

const echo: BotHandler = {
  name: 'probe.echo',
  description: { en: 'Repeats what it is sent', ru: 'Повторяет присланное' },
  handle: async (update, _bot, context) => context.reply(update.text ?? ''),
};

interface ClassRow {
  name: string;
  description_en: string;
  deleted: boolean;
}

async function classes(db: Database): Promise<ClassRow[]> {
  const { rows } = await db.query<ClassRow>(
    'SELECT name, description_en, deleted_at IS NOT NULL AS deleted FROM messenger.handler_classes ORDER BY name',
  );
  return rows;
}

describe('handler class sync', () => {
  let db: Database;
  beforeAll(async () => {
    db = await freshDatabase([messenger]);
  }, DB_TIMEOUT);
  afterAll(() => db.close());

  it('adds the classes every enabled plugin registered once the server is ready, and retires those gone', async () => {
    const withProbe = await messengerApp({ db, plugins: [probePlugin([echo]).plugin] });
    expect(await classes(db)).toEqual([
      {
        name: 'messenger.notifications',
        description_en: 'Answers with the chat’s id and delivers notifications',
        deleted: false,
      },
      {
        name: 'messenger.sign-in',
        description_en: 'Signs staff in through the login screen’s bot link',
        deleted: false,
      },
      { name: 'probe.echo', description_en: 'Repeats what it is sent', deleted: false },
    ]);
    const echoId = (
      (await withProbe.call(['MB'], 'GET', 'handler-classes')).json().data.data as { id: number; name: string }[]
    ).find((row) => row.name === 'probe.echo')?.id;
    const bot = await withProbe.addBot('probe.echo');
    await withProbe.stopServer();

    // The probe plugin is disabled: its class is soft-deleted, the bot still points at it.
    const without = await messengerApp({ db });
    expect((await classes(db)).find((row) => row.name === 'probe.echo')?.deleted).toBe(true);
    const listed = (await without.call(['MB'], 'GET', 'handler-classes')).json().data.data as { name: string }[];
    expect(listed.map((row) => row.name)).toEqual(['messenger.notifications', 'messenger.sign-in']);
    expect((await without.call(['MB'], 'GET', `bots/${bot}`)).json().data.handler_class).toBe(echoId);
    // Its updates are claimed and left unhandled, with a warning naming the class.
    expect((await without.deliver(bot, { update_id: 1, message: { chat: { id: 42 }, text: 'hi' } })).statusCode).toBe(
      200,
    );
    expect(
      without.logs.some(
        (call) =>
          call.level === 'warn' &&
          call.args[0] !== null &&
          (call.args[0] as { handlerClass?: string }).handlerClass === 'probe.echo',
      ),
    ).toBe(true);
    await without.stopServer();

    // Enabled again: the same row is restored, with its history.
    const again = await messengerApp({ db, plugins: [probePlugin([echo]).plugin] });
    expect((await classes(db)).filter((row) => row.name === 'probe.echo')).toEqual([
      { name: 'probe.echo', description_en: 'Repeats what it is sent', deleted: false },
    ]);
    const history = (await again.call(['MB'], 'GET', `handler-classes/${echoId}/history`)).json().data as {
      action: string;
    }[];
    expect(history.map((entry) => entry.action)).toEqual(['restore', 'delete', 'create']);
    await again.stopServer();
  });

  it('is idempotent when several server copies sync at once', async () => {
    const registered = [echo, { ...echo, name: 'probe.other', description: { en: 'Changed', ru: 'Изменён' } }];
    const { records } = await demoContext(db, [messenger]);
    await Promise.all([1, 2, 3].map(() => syncHandlerClasses(db, records, registered, { prune: true })));
    expect(await classes(db)).toEqual([
      {
        name: 'messenger.notifications',
        description_en: 'Answers with the chat’s id and delivers notifications',
        deleted: true,
      },
      {
        name: 'messenger.sign-in',
        description_en: 'Signs staff in through the login screen’s bot link',
        deleted: true,
      },
      { name: 'probe.echo', description_en: 'Repeats what it is sent', deleted: false },
      { name: 'probe.other', description_en: 'Changed', deleted: false },
    ]);
  });
});

describe('handler classes through the API', () => {
  let t: MessengerTestApp;
  beforeAll(async () => {
    t = await messengerApp();
  }, DB_TIMEOUT);
  afterAll(() => t.close());

  it('refuses every write: they come only from the plugins', async () => {
    const id = ((await t.call(['MB'], 'GET', 'handler-classes')).json().data.data as { id: number }[])[0]?.id ?? 0;
    const writes: ['POST' | 'PATCH' | 'DELETE', string, unknown?][] = [
      ['POST', 'handler-classes', { name: 'shop.orders', description_en: 'Takes orders' }],
      ['PATCH', `handler-classes/${id}`, { version: 1, description_en: 'Edited' }],
      ['DELETE', `handler-classes/${id}`],
      ['POST', 'handler-classes/bulk-delete', { ids: [id] }],
    ];
    for (const [method, path, body] of writes) {
      const refused = await t.call(['MB'], method, path, body);
      expect(refused.statusCode, `${method} ${path}`).toBe(405);
      expect(refused.json().message).toBe(
        'Handler classes come from the enabled plugins: they cannot be added, changed or deleted here.',
      );
    }
    const russian = await t.call(['MB'], 'DELETE', `handler-classes/${id}`, undefined, { 'accept-language': 'ru' });
    expect(russian.json().message).toBe(
      'Классы обработчиков задают включённые плагины: здесь их нельзя добавлять, изменять или удалять.',
    );
    expect((await classes(t.db)).every((row) => !row.deleted)).toBe(true);
  });
});
