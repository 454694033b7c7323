import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_TIMEOUT, testApp, type TestApp } from '@core/sdk/testing';
import notes from '../../server/index';
import { NOTES_CODE } from '../../shared/notes';

describe('the notes plugin on the server', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp({ plugins: [notes] });
  }, DB_TIMEOUT);
  afterAll(() => app.close());

  it('refuses its routes to a user without its code', async () => {
    expect((await app.as([]).get('/api/notes/summary')).statusCode).toBe(403);
    expect((await app.as([]).get('/api/notes/notes')).statusCode).toBe(403);
  });

  it('keeps notes through the resource engine and counts them in its own route', async () => {
    const writer = app.as([NOTES_CODE]);
    expect((await writer.post('/api/notes/notes', { title: 'Agenda', pinned: true })).statusCode).toBe(201);
    expect((await writer.post('/api/notes/notes', { title: 'Contacts', pinned: false })).statusCode).toBe(201);
    const summary = await writer.get('/api/notes/summary');
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toEqual({ data: { total: 2, pinned: 1 } });
  });

  it('refuses a note without a title, saying which field, and writes nothing', async () => {
    const writer = app.as([NOTES_CODE]);
    const before = (await writer.get('/api/notes/summary')).json<{ data: { total: number } }>().data.total;
    const refused = await writer.post('/api/notes/notes', { body: 'no title' });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json<{ errors: Record<string, unknown> }>().errors)).toContain('title');
    expect((await writer.get('/api/notes/summary')).json<{ data: { total: number } }>().data.total).toBe(before);
  });

  it('gives the superadmin its code', async () => {
    expect((await app.asSuperadmin().get('/api/notes/summary')).statusCode).toBe(200);
  });
});
