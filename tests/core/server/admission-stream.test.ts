import { PassThrough } from 'node:stream';
import fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { installAdmission } from '@core/server/http/admission';

/*
 * A streamed answer (a CSV export) reads its rows in batches over seconds. Holding its admission
 * place for the whole stream would shut every other caller out on PGlite's single place; it gives
 * the place back as soon as the stream starts.
 */
let app: FastifyInstance | null = null;

afterEach(async () => {
  await app?.close();
  app = null;
});

describe('admission with a streamed answer', () => {
  it('lets another request in while an export streams, and still bounds two plain requests', async () => {
    const server = fastify();
    app = server;
    installAdmission(server, { maxConcurrent: 1, maxQueued: 0, maxQueueWaitMs: 200 }, []);
    const stream = new PassThrough();
    server.get('/api/export', async (_request, reply) => reply.type('text/csv').send(stream));
    let releaseSlow: () => void = () => undefined;
    server.get(
      '/api/slow',
      () => new Promise<{ ok: boolean }>((resolve) => (releaseSlow = () => resolve({ ok: true }))),
    );
    server.get('/api/quick', async () => ({ ok: true }));
    const base = await server.listen({ port: 0, host: '127.0.0.1' });

    stream.write('id,name\n');
    const exporting = await fetch(`${base}/api/export`);
    expect(exporting.status).toBe(200);
    // The export is still open, yet a list gets in.
    expect((await fetch(`${base}/api/quick`)).status).toBe(200);

    // Two plain requests still share the one place: the second is refused at once.
    const slow = fetch(`${base}/api/slow`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const refused = await fetch(`${base}/api/quick`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    releaseSlow();
    expect((await slow).status).toBe(200);

    stream.end('1,done\n');
    expect(await exporting.text()).toBe('id,name\n1,done\n');
  });
});
