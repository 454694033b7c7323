import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_TIMEOUT } from '@core/sdk/testing';
import { seedSampleNotifications } from '@core/server/notifications';
import { until } from '../jobs/support';
import { code, grantRole, labServer, user, type LabServer } from './support';

/*
 * context.notifications.publish: who receives (named users, holders of a code through a role or
 * directly, superadmins only when opted in, never the blocked or those who switched the source
 * off), once per dedupe key, and what input it refuses.
 */

let server: LabServer;
const ids: Record<string, number> = {};

const received = async (userId: number): Promise<string[]> =>
  (
    await server.db.query<{ title_en: string }>(
      'SELECT title_en FROM core.notifications WHERE user_id = $1 ORDER BY id',
      [userId],
    )
  ).rows.map((row) => row.title_en);

const news = (title: string) => ({ source: 'lab.news', title: { en: title, ru: `${title} (ru)` } });

beforeAll(async () => {
  server = await labServer();
  const { db } = server;
  await code(db, 'LA');
  ids.direct = await user(db, 'direct', { codes: ['LA'] });
  ids.viaRole = await user(db, 'via-role', { role: 'Lab staff' });
  await grantRole(db, 'Lab staff', 'LA');
  ids.other = await user(db, 'other');
  ids.blocked = await user(db, 'blocked', { codes: ['LA'] });
  await db.query(`UPDATE core.users SET blocked_at = now() WHERE id = $1`, [ids.blocked]);
  ids.off = await user(db, 'switched-off', { codes: ['LA'] });
  await db.query(
    `INSERT INTO core.notification_preferences (user_id, source, receive) VALUES ($1, 'lab.news', false)`,
    [ids.off],
  );
  ids.super = await user(db, 'super', { role: 'superadmin' });
  ids.superOptedIn = await user(db, 'super-opted-in', { role: 'superadmin' });
  await db.query('INSERT INTO core.notification_settings (user_id, superadmin_opt_in) VALUES ($1, true)', [
    ids.superOptedIn,
  ]);
}, DB_TIMEOUT);

afterAll(async () => {
  await server.app.close();
  await server.db.close();
});

describe('publish', () => {
  it('reaches the holders of a code through a role or directly, and superadmins only when they opted in', async () => {
    const count = await server.db.transaction((tx) =>
      server.notifications.publish(tx, { ...news('To LA'), to: { code: 'LA' } }),
    );
    expect(count).toBe(3);
    expect(await received(ids.direct!)).toEqual(['To LA']);
    expect(await received(ids.viaRole!)).toEqual(['To LA']);
    expect(await received(ids.superOptedIn!)).toEqual(['To LA']);
    for (const left of [ids.other, ids.blocked, ids.off, ids.super]) expect(await received(left!)).toEqual([]);
  });

  it('reaches the named users, less the blocked and those who switched the source off', async () => {
    const count = await server.notifications.publish(server.db, {
      ...news('Named'),
      to: { users: [ids.other!, ids.blocked!, ids.off!, ids.super!] },
    });
    expect(count).toBe(2);
    expect(await received(ids.other!)).toEqual(['Named']);
    expect(await received(ids.super!)).toEqual(['Named']);
    expect(await received(ids.blocked!)).toEqual([]);
  });

  it('sends a dedupe key once per recipient', async () => {
    const once = { ...news('Expires soon'), dedupeKey: 'lab.expiry:1:2026-12-04' };
    expect(await server.notifications.publish(server.db, { ...once, to: { users: [ids.direct!] } })).toBe(1);
    expect(await server.notifications.publish(server.db, { ...once, to: { code: 'LA' } })).toBe(2);
    expect(await server.notifications.publish(server.db, { ...once, to: { code: 'LA' } })).toBe(0);
    expect((await received(ids.direct!)).filter((title) => title === 'Expires soon')).toHaveLength(1);
  });

  it('writes nothing when the transaction rolls back', async () => {
    await expect(
      server.db.transaction(async (tx) => {
        await server.notifications.publish(tx, { ...news('Rolled back'), to: { users: [ids.other!] } });
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await received(ids.other!)).not.toContain('Rolled back');
  });

  it('refuses input that is not whole', async () => {
    const to = { users: [ids.other!] };
    const refused = [
      { ...news('x'), source: 'lab.unknown', to },
      { ...news('x'), title: { en: 'only English' }, to },
      { ...news('x'), title: { en: 'x'.repeat(201), ru: 'x' }, to },
      { ...news('x'), text: { en: 'text', ru: '' }, to },
      { ...news('x'), link: 'https://elsewhere.example.com/', to },
      { ...news('x'), link: '//elsewhere.example.com/', to },
      { ...news('x'), severity: 'fatal', to },
      { ...news('x'), to: { users: [0] } },
      { ...news('x'), to: {} },
      { ...news('x'), to: { code: { allOf: [] } } },
      { ...news('x'), to: { code: { allOf: ['LA'], anyOf: ['LA'] } } },
    ];
    for (const input of refused)
      await expect(server.notifications.publish(server.db, input as never)).rejects.toThrow(TypeError);
  });

  it('keeps a plugin to its own sources', () => {
    expect(() => server.notifications.source({ id: 'lab.news', label: { en: 'Again', ru: 'Снова' } })).toThrow(
      'declared twice',
    );
    expect(() => server.notifications.source({ id: 'shop.news', label: { en: 'Shop', ru: 'Магазин' } })).toThrow(
      'only notification sources "lab.<name>"',
    );
  });

  it('reaches, for an allOf requirement, the holders of every one of its codes (a role’s and their own together), for anyOf the holders of one', async () => {
    await code(server.db, 'LB');
    const both = await user(server.db, 'both', { codes: ['LB'], role: 'Lab staff' });
    const onlyB = await user(server.db, 'only-b', { codes: ['LB'] });
    expect(
      await server.notifications.publish(server.db, { ...news('All of'), to: { code: { allOf: ['LA', 'LB'] } } }),
    ).toBe(2);
    expect(await received(both)).toEqual(['All of']);
    for (const left of [ids.direct, ids.viaRole, onlyB]) expect(await received(left!)).not.toContain('All of');
    expect(await received(ids.superOptedIn!)).toContain('All of');
    expect(await server.notifications.publish(server.db, { ...news('Any of'), to: { code: { anyOf: ['LB'] } } })).toBe(
      3,
    );
    expect(await received(onlyB)).toEqual(['Any of']);
  });
});

describe('the kernel source core.jobs', () => {
  it('tells whoever started a labelled job that it finished, linking to its result, or that it failed, with the error', async () => {
    await server.jobs.enqueue(server.db, 'lab.purchase', {}, { createdBy: ids.other });
    await server.jobs.enqueue(server.db, 'lab.broken', {}, { createdBy: ids.other });
    const rows = await until(async () => {
      const { rows } = await server.db.query<Record<string, string | null>>(
        `SELECT title_en, title_ru, text_en, text_ru, link, severity FROM core.notifications WHERE user_id = $1 AND source = 'core.jobs' ORDER BY severity`,
        [ids.other],
      );
      return rows.length === 2 && rows;
    });
    expect(rows).toEqual([
      {
        title_en: 'Proxy purchase failed',
        title_ru: 'Покупка прокси не удалась',
        text_en: 'The provider refused the order.',
        text_ru: 'The provider refused the order.',
        link: null,
        severity: 'error',
      },
      {
        title_en: 'Proxy purchase finished',
        title_ru: 'Покупка прокси завершена',
        text_en: null,
        text_ru: null,
        link: '/lab/items/12',
        severity: 'success',
      },
    ]);
  });
});

describe('the demo’s sample notifications', () => {
  it('gives the spec’s four bell entries to a user once, dated 5 minutes to 2 days ago, newest last', async () => {
    const demoUser = await user(server.db, 'demo-admin');
    await seedSampleNotifications(server.db, demoUser);
    await seedSampleNotifications(server.db, demoUser);
    const { rows } = await server.db.query<{ title_en: string; age: number; link: string | null }>(
      `SELECT title_en, link, round(extract(epoch FROM now() - created_at) / 60)::int AS age FROM core.notifications WHERE user_id = $1 ORDER BY id`,
      [demoUser],
    );
    expect(rows).toEqual([
      { title_en: 'Weekly report ready', link: null, age: 2880 },
      { title_en: 'Certificate expires soon', link: null, age: 1440 },
      { title_en: 'Payment received', link: null, age: 60 },
      { title_en: 'New user registered', link: '/users', age: 5 },
    ]);
  });
});
