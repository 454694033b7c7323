import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { bearer, DB_TIMEOUT, mintToken } from '@core/sdk/testing';
import type { NotificationItem, NotificationPreferences } from '@core/shared/notifications';
import { labServer, user, type LabServer } from './support';

/*
 * /api/notifications: each user's own list (filters, paging), the bell's summary, marking read,
 * the preferences, and the one-time stream tickets; strict input.
 */

let server: LabServer;
let reader = 0;
let stranger = 0;

const call = (
  userId: number,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  language = 'en',
): Promise<LightMyRequestResponse> =>
  server.app.inject({
    method,
    url,
    headers: { ...bearer(mintToken([], { sub: userId })), 'accept-language': language },
    ...(payload === undefined ? {} : { payload }),
  });

beforeAll(async () => {
  server = await labServer();
  reader = await user(server.db, 'reader');
  stranger = await user(server.db, 'stranger');
  const publish = (title: string, extra: object = {}) =>
    server.notifications.publish(server.db, {
      source: 'lab.news',
      to: { users: [reader] },
      title: { en: title, ru: `${title} ру` },
      ...extra,
    });
  await publish('First', { text: { en: 'Body', ru: 'Текст' }, link: '/lab/items/1', severity: 'warning' });
  for (let index = 2; index <= 10; index += 1) await publish(`Item ${index}`);
}, DB_TIMEOUT);

afterAll(async () => {
  await server.app.close();
  await server.db.close();
});

describe('GET /api/notifications', () => {
  it('lists the caller’s own, newest first, in their language, in the list envelope', async () => {
    const response = await call(reader, 'GET', '/api/notifications?per_page=3', undefined, 'ru');
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      data: { data: NotificationItem[]; total: number; last_page: number; current_page: number };
    }>().data;
    expect(body).toMatchObject({ total: 10, last_page: 4, current_page: 1 });
    expect(body.data.map((item) => item.title)).toEqual(['Item 10 ру', 'Item 9 ру', 'Item 8 ру']);
    const last = (await call(reader, 'GET', '/api/notifications?page=4&per_page=3')).json<{
      data: { data: NotificationItem[] };
    }>().data.data[0]!;
    expect(last).toMatchObject({
      title: 'First',
      text: 'Body',
      link: '/lab/items/1',
      severity: 'warning',
      source: 'lab.news',
      source_label: 'Lab news',
      read_at: null,
    });
    expect((await call(stranger, 'GET', '/api/notifications')).json<{ data: { total: number } }>().data.total).toBe(0);
  });

  it('filters by read state and source, and refuses unknown parameters', async () => {
    expect(
      (await call(reader, 'GET', '/api/notifications?read=true')).json<{ data: { total: number } }>().data.total,
    ).toBe(0);
    expect(
      (await call(reader, 'GET', '/api/notifications?source=core.jobs')).json<{ data: { total: number } }>().data.total,
    ).toBe(0);
    expect((await call(reader, 'GET', '/api/notifications?read=yes')).statusCode).toBe(422);
    expect((await call(reader, 'GET', '/api/notifications?user_id=1')).statusCode).toBe(422);
  });

  it('answers 401 without a token', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/api/notifications/summary' })).statusCode).toBe(401);
  });
});

describe('summary and marking read', () => {
  it('gives the unread count and the 8 newest; marks one, then all, read', async () => {
    const summary = (await call(reader, 'GET', '/api/notifications/summary')).json<{
      data: { unread: number; latest: NotificationItem[] };
    }>().data;
    expect(summary.unread).toBe(10);
    expect(summary.latest).toHaveLength(8);
    const newest = summary.latest[0]!;
    const read = await call(reader, 'POST', `/api/notifications/${newest.id}/read`);
    expect(read.json()).toEqual({ data: { unread: 9 } });
    expect((await call(reader, 'POST', `/api/notifications/${newest.id}/read`)).json()).toEqual({
      data: { unread: 9 },
    });
    expect(
      (await call(reader, 'GET', '/api/notifications?read=true'))
        .json<{ data: { data: NotificationItem[] } }>()
        .data.data.map((item) => item.id),
    ).toEqual([newest.id]);
    // Another user's notification is not found, as one that does not exist; a body is refused.
    expect((await call(stranger, 'POST', `/api/notifications/${newest.id}/read`)).statusCode).toBe(404);
    expect((await call(reader, 'POST', `/api/notifications/${newest.id}/read`, { read: true })).statusCode).toBe(422);
    expect((await call(reader, 'POST', '/api/notifications/read-all')).json()).toEqual({ data: { unread: 0 } });
    expect(
      (await call(reader, 'GET', '/api/notifications?read=false')).json<{ data: { total: number } }>().data.total,
    ).toBe(0);
  });

  it('says "not found" in Russian to a Russian reader', async () => {
    const response = await call(reader, 'POST', '/api/notifications/999999/read', undefined, 'ru');
    expect(response.statusCode).toBe(404);
    expect(response.json<{ message: string }>().message).toBe('Уведомление не найдено.');
  });
});

describe('preferences', () => {
  it('lists every declared source with its choice, and changes them', async () => {
    const before = (await call(reader, 'GET', '/api/notifications/preferences', undefined, 'ru')).json<{
      data: NotificationPreferences;
    }>().data;
    expect(before).toEqual({
      sources: [
        { id: 'core.jobs', label: 'Фоновые задачи', receive: true, via_bot: false },
        { id: 'lab.news', label: 'Новости лаборатории', receive: true, via_bot: false },
      ],
      bot_available: false,
      superadmin: false,
      superadmin_opt_in: false,
    });
    const changed = await call(reader, 'PUT', '/api/notifications/preferences', {
      sources: { 'lab.news': { receive: false, via_bot: false } },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<{ data: NotificationPreferences }>().data.sources[1]).toEqual({
      id: 'lab.news',
      label: 'Lab news',
      receive: false,
      via_bot: false,
    });
    expect(
      await server.notifications.publish(server.db, {
        source: 'lab.news',
        to: { users: [reader] },
        title: { en: 'Muted', ru: 'Без звука' },
      }),
    ).toBe(0);
  });

  it('refuses an unknown source, the bot nobody reaches, and an opt-in of a user who is no superadmin', async () => {
    const unknown = await call(reader, 'PUT', '/api/notifications/preferences', {
      sources: { 'shop.nothing': { receive: true, via_bot: false } },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty(['sources.shop.nothing']);
    expect(
      (
        await call(reader, 'PUT', '/api/notifications/preferences', {
          sources: { 'lab.news': { receive: true, via_bot: true } },
        })
      ).statusCode,
    ).toBe(422);
    expect((await call(reader, 'PUT', '/api/notifications/preferences', { superadmin_opt_in: true })).statusCode).toBe(
      422,
    );
    expect(
      (await call(reader, 'PUT', '/api/notifications/preferences', { sources: { 'lab.news': { receive: true } } }))
        .statusCode,
    ).toBe(422);
  });

  it('lets a superadmin opt in', async () => {
    const { rows } = await server.db.query<{ id: string }>(
      `SELECT ur.user_id AS id FROM core.user_roles ur JOIN core.roles r ON r.id = ur.role_id WHERE lower(r.name) = 'superadmin' LIMIT 1`,
    );
    const superadmin = Number(rows[0]!.id);
    const response = await call(superadmin, 'PUT', '/api/notifications/preferences', { superadmin_opt_in: true });
    expect(response.json<{ data: NotificationPreferences }>().data).toMatchObject({
      superadmin: true,
      superadmin_opt_in: true,
    });
  });
});

describe('POST /api/notifications/stream-ticket', () => {
  it('gives a one-time ticket valid for 30 s', async () => {
    const response = await call(reader, 'POST', '/api/notifications/stream-ticket');
    expect(response.statusCode).toBe(200);
    const { ticket, expires_in } = response.json<{ data: { ticket: string; expires_in: number } }>().data;
    expect(expires_in).toBe(30);
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    // Only its hash is stored.
    const stored = await server.db.query<{ ticket_hash: string }>(
      'SELECT ticket_hash FROM core.notification_stream_tickets',
    );
    expect(stored.rows.map((row) => row.ticket_hash)).not.toContain(ticket);
  });
});
