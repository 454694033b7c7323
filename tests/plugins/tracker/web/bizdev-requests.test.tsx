import { describe, expect, it } from 'vitest';
import { jsonResponse, query, runRowAction, setupPopupTests, waitInAct } from '@core/sdk/testing-web';
import { localeFormat, type ResourceRecord } from '@core/sdk/shared';
import type { BizdevDayCap } from '@plugins/tracker/shared/bizdev';
import { descriptionOf, listing, openList, record, rowOf } from './tracker-web';

// The screens under test are in English.
const english = localeFormat('en');

setupPopupTests({ quiet: true });

const DAY = '2026-11-24';

function request(id: number, cap: number, status: string, date = DAY): ResourceRecord {
  return record(id, {
    cap,
    tracker: 3,
    date,
    requester: 9,
    status,
    _labels: { tracker: 'main-tracker', requester: 'anna' },
  });
}

const REQUESTS = [
  request(1, 30, 'approved'),
  request(2, 15, 'pending'),
  request(3, 5, 'pending'),
  request(4, 10, 'pending', '2026-11-25'),
];

// The 24th: a limit of 50 with 30 approved, so 20 left; the 25th has no limit.
const DAY_CAPS: readonly BizdevDayCap[] = [
  { request: 1, tracker: 3, date: DAY, limit: 50, approved: 30, remaining: 20 },
  { request: 2, tracker: 3, date: DAY, limit: 50, approved: 30, remaining: 20 },
  { request: 3, tracker: 3, date: DAY, limit: 50, approved: 30, remaining: 20 },
  { request: 4, tracker: 3, date: '2026-11-25', limit: null, approved: 0, remaining: null },
];

const capCell = (row: HTMLElement) => query(row, '[data-day-cap]');

function requestsService(rows: () => readonly ResourceRecord[], caps: () => readonly BizdevDayCap[]) {
  return listing('bizdev-requests', rows).on('GET', 'bizdev-day-caps', () => jsonResponse(200, { data: caps() }));
}

describe("each request beside its day's limit", () => {
  it('shows the limit and what is left, asking once for the whole page', async () => {
    const api = requestsService(
      () => REQUESTS,
      () => DAY_CAPS,
    );
    const { view } = await openList('/bizdev-requests', api, ['TR']);
    await waitInAct(() => expect(capCell(rowOf(view, 1)).textContent).toBe('30limit 50 · 20 left'));
    expect(capCell(rowOf(view, 3)).textContent).toBe('5limit 50 · 20 left');
    expect(capCell(rowOf(view, 4)).textContent).toBe('10no limit for the day');
    expect(api.requests('GET', 'bizdev-day-caps')).toHaveLength(1);
    expect(api.lastQuery('GET', 'bizdev-day-caps').get('ids')).toBe('1,2,3,4');

    expect(descriptionOf(capCell(rowOf(view, 2))).textContent).toBe(
      `Limit for ${english.date(DAY)}: 50. Approved: 30. Left to approve: 20.`,
    );
    expect(descriptionOf(capCell(rowOf(view, 4))).textContent).toContain('No limit is set for');
  });

  it('marks a pending request that asks for more than is left, as approving it would be refused', async () => {
    const api = requestsService(
      () => [...REQUESTS, request(5, 25, 'pending')],
      () => [...DAY_CAPS, { ...DAY_CAPS[0]!, request: 5 }],
    );
    const { view } = await openList('/bizdev-requests', api, ['TR']);
    await waitInAct(() => expect(capCell(rowOf(view, 5)).dataset.dayCap).toBe('over'));
    expect(descriptionOf(capCell(rowOf(view, 5))).textContent).toContain('would take the day over its limit');
    // Within what is left, approved already, or a day without a limit to take.
    expect(capCell(rowOf(view, 3)).dataset.dayCap).toBe('within');
    expect(capCell(rowOf(view, 1)).dataset.dayCap).toBe('within');
    expect(capCell(rowOf(view, 4)).dataset.dayCap).toBe('over');
  });

  it('reads again after an approval, so the remainder follows', async () => {
    let rows = REQUESTS;
    let caps = DAY_CAPS;
    const api = requestsService(
      () => rows,
      () => caps,
    ).on('POST', 'bizdev-requests/3/approve', () => {
      rows = rows.map((row) => (row.id === 3 ? { ...row, status: 'approved' } : row));
      caps = caps.map((cap) => (cap.date === DAY ? { ...cap, approved: 35, remaining: 15 } : cap));
      return jsonResponse(200, { data: rows[2] });
    });
    const { view } = await openList('/bizdev-requests', api, ['TR']);
    await waitInAct(() => expect(capCell(rowOf(view, 2)).textContent).toBe('15limit 50 · 20 left'));
    // Requests are labelled by their day, so the row says which one.
    await runRowAction(rowOf(view, 3), english.date(DAY), 'Approve');
    await waitInAct(() => expect(capCell(rowOf(view, 2)).textContent).toBe('15limit 50 · 15 left'));
    expect(api.requests('GET', 'bizdev-day-caps')).toHaveLength(2);
  });

  it('still lists the requests when the limits cannot be read', async () => {
    const api = listing('bizdev-requests', REQUESTS).on('GET', 'bizdev-day-caps', () =>
      jsonResponse(500, { message: 'Server error' }),
    );
    const { view } = await openList('/bizdev-requests', api, ['TR']);
    expect(capCell(rowOf(view, 2)).textContent).toBe('15limit not read');
  });

  it('reads in Russian for a Russian reader', async () => {
    const { view } = await openList(
      '/bizdev-requests',
      requestsService(
        () => REQUESTS,
        () => DAY_CAPS,
      ),
      ['TR'],
      'ru',
    );
    await waitInAct(() => expect(capCell(rowOf(view, 1)).textContent).toBe('30лимит 50 · осталось 20'));
    expect(capCell(rowOf(view, 4)).textContent).toBe('10лимит на день не задан');
  });
});
