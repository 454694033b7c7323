import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_TIMEOUT, testApp, type TestApp } from '@core/sdk/testing';
import type { PermissionCode } from '@core/sdk/shared';
import type { TestEventAnswer } from '@plugins/social/shared/conversions';
import {
  hashedUserData,
  normaliseEmail,
  normalisePhone,
  sha256Hex,
} from '@plugins/social/server/conversions/user-data';
import { SAMPLE_PERSON } from '@plugins/social/server/conversions/test-event';
import { FakeGraph } from '../platform/fake-graph';
import { socialParts } from '../report/social-parts';

/**
 * The Conversions API: user data normalised and hashed as Meta requires (checked against digests
 * computed elsewhere: `printf %s test@example.com | sha256sum`), and the test event sent to the
 * local fake of `POST /{pixel_id}/events`, its answer stored and answered, its refusals too, and the
 * pixel's token nowhere but in the Authorization header.
 */

const EMAIL_DIGEST = '973dfe463ec85785f5f95af5ba3906eedb2d931c24e69824a89ea65dba4e813b';
const PHONE_DIGEST = '413ba75461ab5f99d36820e561ea97e2bd80f9cb586f7ecea6cf4c496518950a';

describe('user data hashing', () => {
  it('normalises an e-mail (trimmed, lower case) and a phone (digits only)', () => {
    expect(normaliseEmail('  Test@Example.COM \n')).toBe('test@example.com');
    expect(normalisePhone('+1 (415) 555-0123')).toBe('14155550123');
    expect(normalisePhone('+44 20 7946 0958')).toBe('442079460958');
  });

  it('removes leading zeros from a phone as Meta’s customer information parameters say, hashing its own example', () => {
    expect(normalisePhone('00 44 20 7946 0958')).toBe('442079460958');
    expect(normalisePhone('1 (650)555-1212')).toBe('16505551212');
    expect(hashedUserData({ email: 'a@b.c', phone: '001 (650) 555-1212' }).ph).toEqual([
      'e323ec626319ca94ee8bff2e4c87cf613be6ea19919ed1364124e16807ab3176',
    ]);
  });

  it('hashes with SHA-256 as lower-case hex', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('test@example.com')).toBe(EMAIL_DIGEST);
    expect(sha256Hex('14155550123')).toBe(PHONE_DIGEST);
    expect(hashedUserData({ email: ' TEST@example.com', phone: '+1 (415) 555-0123' })).toEqual({
      em: [EMAIL_DIGEST],
      ph: [PHONE_DIGEST],
    });
    expect(hashedUserData(SAMPLE_PERSON)).toEqual({ em: [EMAIL_DIGEST], ph: [PHONE_DIGEST] });
  });
});

describe('the test event', () => {
  // Shaped like a Meta token, so the adapter's redaction of anything EAA… is exercised too.
  const TOKEN = 'EAAGfakeConversionsToken0123456789abcdef';
  const NOW = new Date('2026-11-24T12:00:00.000Z');
  const graph = new FakeGraph();
  const output: string[] = [];
  const writes = {
    stdout: process.stdout.write.bind(process.stdout),
    stderr: process.stderr.write.bind(process.stderr),
  };
  let app: TestApp;
  let pixel = 0;
  let untested = 0;

  const send = (id: number, codes: readonly PermissionCode[] = ['MC']) =>
    app.as(codes).post(`/api/social/conversion-apis/${id}/test-event`);
  const record = async (id: number) =>
    (await app.as(['MC']).get(`/api/social/conversion-apis/${id}`)).json<{ data: Record<string, unknown> }>().data;

  beforeAll(async () => {
    // Every line the server writes while these tests run, to look for the token in.
    process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]) => (
      output.push(String(chunk)), writes.stdout(chunk, ...rest)
    )) as typeof process.stdout.write;
    process.stderr.write = ((chunk: string | Uint8Array, ...rest: never[]) => (
      output.push(String(chunk)), writes.stderr(chunk, ...rest)
    )) as typeof process.stderr.write;
    const base = await graph.start();
    graph.addToken(TOKEN);
    app = await testApp({
      plugins: [socialParts({ now: () => NOW })],
      pluginSettings: { social: { graphApiBase: base } },
    });
    const create = async (body: Record<string, unknown>) => {
      const answer = await app
        .as(['MC'])
        .post('/api/social/conversion-apis', { token: TOKEN, verified_domain: 'shop.example.com', ...body });
      expect(answer.statusCode, answer.body).toBe(201);
      return answer.json<{ data: { id: number } }>().data.id;
    };
    pixel = await create({ pixel_id: '1234567890123', test_event_code: 'TEST12345' });
    untested = await create({ pixel_id: '1234567890999' });
  }, DB_TIMEOUT);
  afterAll(async () => {
    process.stdout.write = writes.stdout;
    process.stderr.write = writes.stderr;
    await app.close();
    await graph.stop();
  });

  it('sends one hashed server event with the test event code and answers what the platform said', async () => {
    const answer = await send(pixel);
    expect(answer.statusCode, answer.body).toBe(200);
    const data = answer.json<{ data: TestEventAnswer }>().data;
    expect(data).toEqual({
      event_id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      events_received: 1,
      fbtrace_id: 'AFakeTraceId123',
      messages: [],
    });
    expect(graph.events).toHaveLength(1);
    const batch = graph.events[0]!;
    expect(batch).toMatchObject({ pixelId: '1234567890123', token: TOKEN, testEventCode: 'TEST12345' });
    expect(batch.data).toEqual([
      {
        event_name: 'Lead',
        event_time: Math.floor(NOW.getTime() / 1000),
        event_id: data.event_id,
        action_source: 'website',
        event_source_url: 'https://shop.example.com/',
        user_data: {
          em: [EMAIL_DIGEST],
          ph: [PHONE_DIGEST],
          client_user_agent: 'ERP back office (Conversions API test event)',
        },
      },
    ]);
    // The token went in the Authorization header, never in the URL.
    const request = graph.requestsTo('POST', '/events')[0]!;
    expect(request.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request.url).not.toContain(TOKEN);
    expect(await record(pixel)).toMatchObject({
      tested_at: '2026-11-24T12:00:00.000000Z',
      test_result: 'Events received: 1; fbtrace_id: AFakeTraceId123; messages: none',
    });
    const history = (await app.as(['MC']).get(`/api/social/conversion-apis/${pixel}/history`)).json<{
      data: { action: string }[];
    }>().data;
    expect(history[0]?.action).toBe('test-event');
    // A second test is a new event: a new id for deduplication.
    const again = (await send(pixel)).json<{ data: TestEventAnswer }>().data;
    expect(again.event_id).not.toBe(data.event_id);
  });

  it('answers 502 with the platform’s words when it refuses, and keeps the refusal on the record', async () => {
    graph.refuseNext('Invalid parameter: the pixel does not accept server events', { path: '/events' });
    const refused = await send(pixel);
    expect(refused.statusCode).toBe(502);
    expect(refused.json<{ message: string }>().message).toBe(
      'The platform refused: Invalid parameter: the pixel does not accept server events (code 100)',
    );
    expect((await record(pixel)).test_result).toBe(
      'Refused: The platform refused: Invalid parameter: the pixel does not accept server events (code 100)',
    );
  });

  it('keeps the token out of an expired-token refusal that quotes it', async () => {
    graph.expireToken(TOKEN);
    const refused = await send(pixel);
    expect(refused.statusCode).toBe(502);
    expect(refused.json<{ message: string }>().message).toBe(
      'The platform token has expired or is invalid: renew it on the service.',
    );
    graph.addToken(TOKEN);
  });

  it('answers 503 while the platform asks to wait', async () => {
    graph.rateLimitNext({ path: '/events' });
    expect((await send(pixel)).statusCode).toBe(503);
  });

  it('needs a test event code, no body, and MC', async () => {
    const before = graph.events.length;
    const noCode = await send(untested);
    expect(noCode.statusCode).toBe(422);
    expect(noCode.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      test_event_code: ["Set the test event code (the Events Manager's Test events tab) before sending a test event."],
    });
    const withBody = await app
      .as(['MC'])
      .post(`/api/social/conversion-apis/${pixel}/test-event`, { event_name: 'Purchase' });
    expect(withBody.statusCode).toBe(422);
    expect((await send(999_999)).statusCode).toBe(404);
    expect((await send(pixel, ['MA', 'FO'])).statusCode).toBe(403);
    expect(graph.events.length).toBe(before);
  });

  it('never shows the token: not in answers, the list, the history, the export or the log', async () => {
    const everything = [
      (await app.as(['MC']).get('/api/social/conversion-apis')).body,
      (await app.as(['MC']).get(`/api/social/conversion-apis/${pixel}`)).body,
      (await app.as(['MC']).get(`/api/social/conversion-apis/${pixel}/history`)).body,
      (await app.as(['MC']).get('/api/social/conversion-apis/export.csv')).body,
      (await send(pixel)).body,
      ...output,
    ].join('\n');
    expect(everything).toContain('1234567890123');
    expect(everything).not.toContain(TOKEN);
    expect(everything).not.toContain('fakeConversionsToken');
  });
});
