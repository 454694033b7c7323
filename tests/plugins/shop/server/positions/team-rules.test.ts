import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_HANDLER } from '@plugins/messenger/shared/resources';
import { addUser, DB_TIMEOUT } from '@core/sdk/testing';
import { shopApp, SHOP_CODES, type ShopTestApp } from '../shop-support';

/** Agency teams: a uuid made once, a real time zone, live users and a messenger bot. */

let t: ShopTestApp;
beforeAll(async () => {
  t = await shopApp();
}, DB_TIMEOUT);
afterAll(() => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
let made = 0;
const newTeam = (values: Record<string, unknown> = {}) =>
  t.shop(SHOP_CODES, 'POST', 'teams', { name: `Team ${++made}`, timezone: 'UTC', ...values });

describe('uuid', () => {
  it('is generated on create, differs per team, and never changes', async () => {
    const first = await newTeam();
    const second = await newTeam();
    expect(first.statusCode, first.body).toBe(201);
    const { id, uuid } = first.json<{ data: { id: number; uuid: string } }>().data;
    expect(uuid).toMatch(UUID);
    expect(second.json<{ data: { uuid: string } }>().data.uuid).not.toBe(uuid);
    const edited = await t.patch(`teams/${id}`, { name: `Renamed ${made}`, timezone: 'Europe/Kyiv' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<{ data: { uuid: string } }>().data.uuid).toBe(uuid);
  });

  it('cannot be sent, on create or on edit', async () => {
    const chosen = { uuid: '00000000-0000-4000-8000-000000000000' };
    expect((await newTeam(chosen)).json()).toMatchObject({ errors: { uuid: [expect.any(String)] } });
    const id = (await newTeam()).json<{ data: { id: number } }>().data.id;
    expect((await t.patch(`teams/${id}`, chosen)).statusCode).toBe(422);
  });
});

describe('time zone', () => {
  it('takes IANA zones and refuses one that does not exist with a field message', async () => {
    for (const timezone of ['UTC', 'Europe/Kyiv', 'America/Argentina/Buenos_Aires', 'Etc/GMT+3'])
      expect((await newTeam({ timezone })).statusCode, timezone).toBe(201);
    const refused = await newTeam({ timezone: 'Mars/Olympus_Mons' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      errors: { timezone: ['There is no such time zone: use a name like Europe/Kyiv or UTC.'] },
    });
    const inRussian = await t.shop(SHOP_CODES, 'POST', 'teams', { name: 'Russian', timezone: 'Mars/Base' }, undefined, {
      'accept-language': 'ru',
    });
    expect(inRussian.json()).toMatchObject({
      errors: { timezone: ['Такого часового пояса нет: укажите название вроде Europe/Kyiv или UTC.'] },
    });
    const id = (await newTeam()).json<{ data: { id: number } }>().data.id;
    expect((await t.patch(`teams/${id}`, { timezone: 'Europe/Atlantis' })).statusCode).toBe(422);
  });
});

describe('references', () => {
  it('takes live users and a messenger bot, and refuses a deleted user or a bot that does not exist', async () => {
    const user = await addUser(t.db, {
      username: 'member',
      email: 'member@example.com',
      password: 'member-password-1',
    });
    const gone = await addUser(t.db, { username: 'gone', email: 'gone@example.com', password: 'gone-password-1' });
    await t.db.query('UPDATE core.users SET deleted_at = now() WHERE id = $1', [gone]);
    const bot = await t.addBot(NOTIFICATION_HANDLER);
    expect((await newTeam({ users: [user], bot })).statusCode).toBe(201);
    expect((await newTeam({ users: [user, gone] })).json()).toMatchObject({ errors: { users: [expect.any(String)] } });
    expect((await newTeam({ bot: 999_999 })).json()).toMatchObject({ errors: { bot: [expect.any(String)] } });
  });
});
