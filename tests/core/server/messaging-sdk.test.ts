import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@core/server/database/database';
import { BotUnavailableError, serverMessageTranslation, usersService } from '@core/sdk/server';
import { DB_TIMEOUT, freshDatabase } from '../../support/server/test-database';

/** The SDK's messaging additions of 1.3 (the API's wording for bot replies, users by messenger id) and the users list of 2.0. */

describe('the bot that cannot send', () => {
  it('names the bot that cannot send, and nothing else', () => {
    const error = new BotUnavailableError(17);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('BotUnavailableError');
    expect(error.botId).toBe(17);
    expect(error.message).toBe('Bot 17 cannot send: it does not exist, is deleted or has no token.');
  });
});

describe('serverMessageTranslation', () => {
  const say = serverMessageTranslation({ 'Only {remaining} left today.': 'Сегодня осталось только {remaining}.' });

  it('says the core’s and the plugin’s messages as the API would, placeholders carried over', () => {
    expect(say('The given data was invalid.', 'ru')).toBe('Данные заполнены неверно.');
    expect(say('Only 2 left today.', 'ru')).toBe('Сегодня осталось только 2.');
  });

  it('leaves English and unknown messages as they came', () => {
    expect(say('Only 2 left today.', 'en')).toBe('Only 2 left today.');
    expect(say('Something else.', 'ru')).toBe('Something else.');
  });
});

describe('users by messenger account', () => {
  let db: Database;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    db = await freshDatabase();
    const staff = (username: string, tgUserId: number, state: { blocked?: boolean; deleted?: boolean } = {}) =>
      usersService.createStaff(db, {
        username,
        email: `${username}@example.com`,
        passwordHash: 'x',
        tgUserId,
        roles: [],
        ...state,
      });
    ids.ann = await staff('ann', 1001);
    ids.bob = await staff('bob', 1002, { blocked: true });
    ids.cid = await staff('cid', 1003, { deleted: true });
  }, DB_TIMEOUT);
  afterAll(() => db.close());

  it('finds the user whose profile carries the Telegram id', async () => {
    expect(await usersService.findByMessengerId(db, 'telegram', 1001)).toEqual({
      id: ids.ann,
      username: 'ann',
      email: 'ann@example.com',
    });
  });

  it('finds nobody for an unknown id, a blocked or a deleted user', async () => {
    expect(await usersService.findByMessengerId(db, 'telegram', 9999)).toBeNull();
    expect(await usersService.findByMessengerId(db, 'telegram', 1002)).toBeNull();
    expect(await usersService.findByMessengerId(db, 'telegram', 1003)).toBeNull();
  });

  it('gives a user’s Telegram id back, and none for a user without one, blocked or deleted', async () => {
    const dan = await usersService.createStaff(db, {
      username: 'dan',
      email: 'dan@example.com',
      passwordHash: 'x',
      roles: [],
    });
    expect(await usersService.messengerIdOf(db, 'telegram', ids.ann ?? 0)).toBe(1001);
    expect(await usersService.messengerIdOf(db, 'telegram', dan)).toBeNull();
    expect(await usersService.messengerIdOf(db, 'telegram', ids.bob ?? 0)).toBeNull();
    expect(await usersService.messengerIdOf(db, 'telegram', ids.cid ?? 0)).toBeNull();
  });

  it('lists live users by name, narrowed by a search in name or e-mail, deleted ones when asked', async () => {
    expect((await usersService.list(db, { search: 'AN' })).map((user) => user.username)).toEqual(['ann', 'dan']);
    expect((await usersService.list(db, { search: 'cid@' })).map((user) => user.username)).toEqual([]);
    expect(
      (await usersService.list(db, { search: 'cid@', includeDeleted: true })).map((user) => user.username),
    ).toEqual(['cid']);
    expect((await usersService.list(db, { search: '%' })).map((user) => user.username)).toEqual([]);
    expect((await usersService.list(db, { limit: 2 })).length).toBe(2);
  });
});
