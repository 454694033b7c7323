import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BizdevDayCap } from '@plugins/tracker/shared/bizdev';
import { bearer, DB_TIMEOUT, mintToken } from '@core/sdk/testing';
import { trackerApp, type TrackerTestApp } from './tracker-support';

let app: TrackerTestApp;
let tracker: number;

interface Request {
  readonly id: number;
  readonly status: string;
  readonly requester: number | null;
}

beforeAll(async () => {
  app = await trackerApp();
  tracker = await app.create(['TT'], 'trackers', { slug: 'caps' });
}, DB_TIMEOUT);
afterAll(() => app.close());

const request = (date: string, cap: number): Promise<number> =>
  app.create(['TR'], 'bizdev-requests', { tracker, date, cap });
const approve = (id: number) => app.call(['TR'], 'POST', `bizdev-requests/${id}/approve`);
const dayCaps = async (ids: readonly number[]): Promise<BizdevDayCap[]> =>
  (await app.call(['TR'], 'GET', `bizdev-day-caps?ids=${ids.join(',')}`)).json<{ data: BizdevDayCap[] }>().data;

describe('bizdev requests', () => {
  it('start pending, asked by the caller unless another user is named', async () => {
    const created = await app.call(['TR'], 'POST', 'bizdev-requests', {
      tracker,
      date: '2026-03-01',
      cap: 5,
      status: 'approved',
    });
    expect(created.statusCode).toBe(422);
    const id = await request('2026-03-01', 5);
    const found = (await app.call(['TR'], 'GET', `bizdev-requests/${id}`)).json<{ data: Request }>().data;
    expect(found).toMatchObject({ status: 'pending', requester: 1 });
  });

  it('refuse approval without a limit for the day, and past it with what remains (409)', async () => {
    const first = await request('2026-03-02', 60);
    const second = await request('2026-03-02', 50);
    const none = await approve(first);
    expect(none.statusCode).toBe(409);
    expect(none.json<{ message: string }>().message).toBe(
      'Tracker caps has no limit for 03/02/26: set one in Bizdev limits first.',
    );
    await app.create(['TL'], 'bizdev-limits', { tracker, date: '2026-03-02', cap: 100 });
    expect((await approve(first)).statusCode).toBe(200);
    const over = await approve(second);
    expect(over.statusCode).toBe(409);
    expect(over.json<{ message: string }>().message).toBe(
      'Approving 50 leads would take tracker caps over its limit for 03/02/26: 40 remain.',
    );
    const russian = await app.app.inject({
      method: 'POST',
      url: `/api/tracker/bizdev-requests/${second}/approve`,
      headers: { ...bearer(mintToken(['TR'])), 'accept-language': 'ru' },
    });
    expect(russian.json<{ message: string }>().message).toBe(
      'Одобрение 50 лидов превысит лимит трекера caps на 02.03.2026: осталось 40.',
    );
    expect(await dayCaps([first, second])).toEqual([
      { request: first, tracker, date: '2026-03-02', limit: 100, approved: 60, remaining: 40 },
      { request: second, tracker, date: '2026-03-02', limit: 100, approved: 60, remaining: 40 },
    ]);
    // Refused, it leaves the list of pending ones; changed only while pending.
    expect(
      (await app.call(['TR'], 'POST', `bizdev-requests/${second}/refuse`)).json<{ data: Request }>().data.status,
    ).toBe('refused');
    expect((await approve(second)).statusCode).toBe(409);
    const edited = await app.patch(['TR'], `bizdev-requests/${first}`, { cap: 10 });
    expect(edited.statusCode).toBe(409);
    expect(edited.json<{ message: string }>().message).toBe('Only a pending request can be changed.');
  });

  it('never go over the cap under 20 concurrent approvals', async () => {
    await app.create(['TL'], 'bizdev-limits', { tracker, date: '2026-03-03', cap: 100 });
    const ids: number[] = [];
    for (let index = 0; index < 20; index += 1) ids.push(await request('2026-03-03', 15));
    const answers = await Promise.all(ids.map(approve));
    const statuses = answers.map((answer) => answer.statusCode);
    // 6 × 15 = 90 fits, a seventh would make 105.
    expect(statuses.filter((status) => status === 200)).toHaveLength(6);
    expect(statuses.filter((status) => status === 409)).toHaveLength(14);
    const [summary] = await dayCaps([ids[0] ?? 0]);
    expect(summary).toMatchObject({ limit: 100, approved: 90, remaining: 10 });
  });

  it('keep a limit from falling below what is already approved (422)', async () => {
    const limit = await app.create(['TL'], 'bizdev-limits', { tracker, date: '2026-03-04', cap: 50 });
    expect((await approve(await request('2026-03-04', 30))).statusCode).toBe(200);
    const lowered = await app.patch(['TL'], `bizdev-limits/${limit}`, { cap: 20 });
    expect(lowered.statusCode).toBe(422);
    expect(lowered.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      cap: ['The approved requests of this day already take 30 leads: the cap cannot be lower.'],
    });
    expect((await app.patch(['TL'], `bizdev-limits/${limit}`, { cap: 30 })).statusCode).toBe(200);
    expect((await app.call(['TL'], 'POST', 'bizdev-limits', { tracker, date: '2026-03-04', cap: 5 })).statusCode).toBe(
      422,
    );
  });

  it('take whole caps of at least one lead', async () => {
    for (const cap of [0, 1.5, '3', -2])
      expect((await app.call(['TR'], 'POST', 'bizdev-requests', { tracker, date: '2026-03-05', cap })).statusCode).toBe(
        422,
      );
  });
});

describe('access', () => {
  it('answers 403 without TR for the requests, their actions and the day caps', async () => {
    const id = await request('2026-03-06', 1);
    for (const codes of [[], ['TL', 'TB', 'TT', 'TO', 'TS', 'TA', 'TF']]) {
      expect((await app.call(codes, 'GET', 'bizdev-requests')).statusCode).toBe(403);
      expect(
        (await app.call(codes, 'POST', 'bizdev-requests', { tracker, date: '2026-03-06', cap: 1 })).statusCode,
      ).toBe(403);
      expect((await app.call(codes, 'POST', `bizdev-requests/${id}/approve`)).statusCode).toBe(403);
      expect((await app.call(codes, 'POST', `bizdev-requests/${id}/refuse`)).statusCode).toBe(403);
      expect((await app.call(codes, 'GET', `bizdev-day-caps?ids=${id}`)).statusCode).toBe(403);
    }
  });

  it.each([
    ['finance-projects', 'TF'],
    ['advertisers', 'TA'],
    ['trackers', 'TT'],
    ['offers', 'TO'],
    ['streams', 'TS'],
    ['bizdev-deals', 'TB'],
    ['bizdev-limits', 'TL'],
    ['bizdev-requests', 'TR'],
  ])('answers 403 for %s without %s and 200 with it', async (path, code) => {
    expect((await app.call([], 'GET', path)).statusCode).toBe(403);
    expect(
      (
        await app.call(
          ['TF', 'TA', 'TT', 'TO', 'TS', 'TB', 'TL', 'TR'].filter((other) => other !== code),
          'GET',
          path,
        )
      ).statusCode,
    ).toBe(403);
    expect((await app.call([code], 'GET', path)).statusCode).toBe(200);
  });

  it('takes canonical request ids only for the day caps', async () => {
    for (const ids of ['', '0', '01', '1,,2', 'a', '1.0', '-1'])
      expect((await app.call(['TR'], 'GET', `bizdev-day-caps?ids=${ids}`)).statusCode).toBe(422);
    const many = Array.from({ length: 101 }, (_, index) => index + 1).join(',');
    expect((await app.call(['TR'], 'GET', `bizdev-day-caps?ids=${many}`)).statusCode).toBe(422);
  });
});
