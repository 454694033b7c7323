import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@core/shared/resource/definition';
import type { TimelinePage } from '@core/shared/resource/record-page';
import type { ResourceListApi } from '@core/web/resource/list-api';
import { listTimelineApi } from '@core/web/resource/timeline/list-timeline';

const entry: AuditEntry = {
  id: 3,
  action: 'update',
  actor_id: 1,
  actor_name: 'bob',
  at: '2026-11-21T09:00:00Z',
  before: { name: 'A' },
  after: { name: 'B' },
};
const bare = {
  list: async () => ({ data: [], current_page: 1, last_page: 1, per_page: 20, total: 0 }),
} as unknown as ResourceListApi;

describe("a list adapter's timeline in the history drawer", () => {
  it('uses the adapter’s timeline pages when it has them', async () => {
    const page: TimelinePage = { entries: [entry], labels: { wallet_id: { '1': 'Main' } }, more: true };
    const api = listTimelineApi({ ...bare, timeline: async () => page, history: async () => [] });
    expect(await api?.timeline(1)).toBe(page);
  });

  it('shows an adapter written before timelines (history only) as one page, without comments or revert', async () => {
    const api = listTimelineApi({ ...bare, history: async () => [entry] });
    expect(await api?.timeline(1)).toEqual({ entries: [entry], labels: {}, more: false });
    expect(api?.comment).toBeUndefined();
    expect(api?.revert).toBeUndefined();
  });

  it('offers no drawer for an adapter with neither', () => {
    expect(listTimelineApi(bare)).toBeNull();
  });
});
