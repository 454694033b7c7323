import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bearer, DB_TIMEOUT, freshDatabase, mintToken, TEST_RUNTIME_CONFIG, TEST_SECRET } from '@core/sdk/testing';
import { createApiServer } from '@core/server/api-server';
import type { Database } from '@core/server/database/database';
import { labPlugin, openStream, user } from './support';

/*
 * Two server copies on one PostgreSQL: a notification published through one reaches a stream
 * opened on the other (each copy listens on a connection of its own), with a ticket the first
 * issued. PostgreSQL only (TEST_DATABASE_URL): a PGlite database belongs to one process. The
 * cluster test shows the same behind HAProxy.
 */

const onPostgres = process.env.TEST_DATABASE_URL !== undefined;

describe.skipIf(!onPostgres)('two copies on one PostgreSQL', () => {
  let db: Database;
  const copies: { app: FastifyInstance; lab: ReturnType<typeof labPlugin>; url: string }[] = [];

  beforeAll(async () => {
    const first = labPlugin();
    db = await freshDatabase([first.plugin]);
    for (const lab of [first, labPlugin()]) {
      const app = await createApiServer({
        db,
        secret: TEST_SECRET,
        plugins: [lab.plugin],
        runtimeConfig: TEST_RUNTIME_CONFIG,
        pluginSettings: {},
        webRoot: null,
        logger: false,
      });
      copies.push({ app, lab, url: await app.listen({ port: 0, host: '127.0.0.1' }) });
    }
  }, DB_TIMEOUT);

  afterAll(async () => {
    for (const { app } of copies) await app.close();
    await db?.close();
  });

  it('carries a notification published on copy A to the stream a page holds on copy B', async () => {
    const reader = await user(db, 'two-copies');
    const [a, b] = copies as [(typeof copies)[0], (typeof copies)[0]];
    const ticket = (
      await a.app.inject({
        method: 'POST',
        url: '/api/notifications/stream-ticket',
        headers: bearer(mintToken([], { sub: reader })),
      })
    ).json<{ data: { ticket: string } }>().data.ticket;
    const stream = await openStream(`${b.url}/api/notifications/stream?ticket=${encodeURIComponent(ticket)}`);
    expect(stream.status).toBe(200);
    await stream.next('unread');
    await db.transaction((tx) =>
      a.lab
        .notifications()
        .publish(tx, { source: 'lab.news', to: { users: [reader] }, title: { en: 'From A', ru: 'С копии A' } }),
    );
    expect(await stream.next('notification')).toMatchObject({ title: 'From A' });
    stream.close();
  }, 15_000);
});
