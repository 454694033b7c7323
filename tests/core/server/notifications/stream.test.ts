import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, DB_TIMEOUT, mintToken } from '@core/sdk/testing';
import type { NotificationItem } from '@core/shared/notifications';
import { labServer, openStream, user, type LabServer } from './support';

/*
 * GET /api/notifications/stream: opened with a one-time ticket, it carries `notification` and
 * `unread` events once the publishing transaction commits; capped per user; ended when its user is
 * blocked and when the server stops.
 */

let server: LabServer;
let base = '';

const ticketFor = async (userId: number, language = 'en'): Promise<string> => {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/notifications/stream-ticket',
    headers: { ...bearer(mintToken([], { sub: userId })), 'accept-language': language },
  });
  return response.json<{ data: { ticket: string } }>().data.ticket;
};
const streamUrl = (ticket: string): string => `${base}/api/notifications/stream?ticket=${encodeURIComponent(ticket)}`;
// In the plugin's own transaction, as a plugin publishes.
const publishTo = (userId: number, title: string) =>
  server.pluginDb.transaction((tx) =>
    server.notifications.publish(tx, {
      source: 'lab.news',
      to: { users: [userId] },
      title: { en: title, ru: `${title} ру` },
      link: '/lab/items/3',
    }),
  );

beforeAll(async () => {
  server = await labServer({ revocationPollSeconds: 1 });
  base = await server.app.listen({ port: 0, host: '127.0.0.1' });
}, DB_TIMEOUT);

afterAll(async () => {
  await server.app.close();
  await server.db.close();
});

describe('the stream', () => {
  it('starts with the unread count and receives what is published once it commits, in the ticket’s language', async () => {
    const reader = await user(server.db, 'stream-reader');
    await publishTo(reader, 'Before');
    const stream = await openStream(streamUrl(await ticketFor(reader, 'ru')));
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('x-request-id')).toBeTruthy();
    expect(await stream.next('unread')).toEqual({ unread: 1 });
    await publishTo(reader, 'Live');
    const item = (await stream.next('notification')) as NotificationItem;
    expect(item).toMatchObject({
      title: 'Live ру',
      source: 'lab.news',
      source_label: 'Новости лаборатории',
      link: '/lab/items/3',
      read_at: null,
    });
    expect(await stream.next('unread')).toEqual({ unread: 2 });
    // Marking read in another tab updates the count here.
    await server.app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: bearer(mintToken([], { sub: reader })),
    });
    expect(await stream.next('unread', (data) => (data as { unread: number }).unread === 0)).toEqual({ unread: 0 });
    stream.close();
  });

  it('takes each ticket once, and not after it expired', async () => {
    const reader = await user(server.db, 'ticket-holder');
    const ticket = await ticketFor(reader);
    const first = await openStream(streamUrl(ticket));
    expect(first.status).toBe(200);
    first.close();
    expect((await openStream(streamUrl(ticket))).status).toBe(401);
    const expiring = await ticketFor(reader);
    await server.db.query(`UPDATE core.notification_stream_tickets SET expires_at = now() - interval '1 second'`);
    const expired = await fetch(streamUrl(expiring));
    expect(expired.status).toBe(401);
    expect((await expired.json()) as { message: string }).toEqual(
      expect.objectContaining({ message: 'The stream ticket is invalid, used or expired: ask for a new one.' }),
    );
    expect((await fetch(`${base}/api/notifications/stream`)).status).toBe(422);
  });

  it('holds 3 streams per user and refuses a fourth with 429', async () => {
    const reader = await user(server.db, 'many-tabs');
    const open = [];
    for (let tab = 0; tab < 3; tab += 1) open.push(await openStream(streamUrl(await ticketFor(reader))));
    expect(open.map((stream) => stream.status)).toEqual([200, 200, 200]);
    const fourth = await fetch(streamUrl(await ticketFor(reader, 'ru')), { headers: { 'accept-language': 'ru' } });
    expect(fourth.status).toBe(429);
    expect(((await fourth.json()) as { message: string }).message).toContain('3');
    open[0]!.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const again = await openStream(streamUrl(await ticketFor(reader)));
    expect(again.status).toBe(200);
    for (const stream of [...open, again]) stream.close();
  });

  it('ends the streams of a user who is blocked within seconds', async () => {
    const reader = await user(server.db, 'soon-blocked');
    const stream = await openStream(streamUrl(await ticketFor(reader)));
    expect(stream.status).toBe(200);
    const started = Date.now();
    await server.db.query(`UPDATE core.users SET blocked_at = now() WHERE id = $1`, [reader]);
    await stream.ended;
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('ends every stream when the server stops, and opens none after', async () => {
    const reader = await user(server.db, 'last-one');
    const stream = await openStream(streamUrl(await ticketFor(reader)));
    const ticket = await ticketFor(reader);
    server.app.notificationStreams.closeAll();
    await stream.ended;
    expect((await fetch(streamUrl(ticket))).status).toBe(503);
  });
});
