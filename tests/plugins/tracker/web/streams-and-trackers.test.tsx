import { describe, expect, it, vi } from 'vitest';
import { click, query, recordToasts, setupPopupTests, waitInAct } from '@core/sdk/testing-web';
import { descriptionOf, listing, openList, record, rowOf } from './tracker-web';

setupPopupTests({ quiet: true });

const LINK = 'https://tracker.example.com/main-tracker/1001?stream=77';

/** A stream as `GET streams` lists it. */
function stream(id: number, values: Readonly<Record<string, unknown>> = {}) {
  return record(id, {
    campaign_id: 1001,
    campaign_name: `Campaign ${id}`,
    ad_account: null,
    offer: 5,
    pixel: null,
    link: null,
    user: null,
    site: null,
    is_default: false,
    sync_enabled: false,
    sync_state: 'off',
    sync_error: null,
    synced_at: null,
    keitaro_campaign_id: null,
    keitaro_stream_id: null,
    _labels: { offer: 'Casino EU', user: null },
    ...values,
  });
}

describe('the streams list', () => {
  const STREAMS = [
    stream(1, { link: LINK, is_default: true, sync_enabled: true, sync_state: 'synced', keitaro_stream_id: 77 }),
    stream(2, { sync_enabled: true, sync_state: 'failed', sync_error: 'Keitaro could not be reached' }),
  ];

  it('shows the Keitaro sync as the offers do, with the failure on the badge', async () => {
    const { view } = await openList('/streams', listing('streams', STREAMS), ['TS']);
    expect(query(rowOf(view, 1), '[data-sync-state]').textContent).toBe('Synced');
    const failed = query(rowOf(view, 2), '[data-sync-state]');
    expect(failed.textContent).toBe('Failed');
    expect(descriptionOf(failed).textContent).toContain('Keitaro said: Keitaro could not be reached');
  });

  it('links the tracking link and copies it in one click', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const { view, kernel } = await openList('/streams', listing('streams', STREAMS), ['TS']);
    const toasts = recordToasts(kernel);
    const link = query<HTMLAnchorElement>(rowOf(view, 1), `a[href="${LINK}"]`);
    expect(link.target).toBe('_blank');
    expect(rowOf(view, 2).querySelector('[data-copy]')).toBeNull();

    await click(query(rowOf(view, 1), '[data-copy]'));
    expect(writeText).toHaveBeenCalledWith(LINK);
    await waitInAct(() =>
      expect(toasts.map((toast) => [toast.intent, toast.message])).toEqual([['success', 'Link copied.']]),
    );
  });

  it('marks the default stream of its campaign and leaves the others blank', async () => {
    const { view } = await openList('/streams', listing('streams', STREAMS), ['TS'], 'ru');
    expect(query(rowOf(view, 1), '[data-default-stream]').textContent).toBe('По умолчанию');
    expect(rowOf(view, 2).querySelector('[data-default-stream]')).toBeNull();
  });
});

describe('the trackers list', () => {
  it('shows the active Keitaro server apart from those on hold', async () => {
    const tracker = record(1, {
      slug: 'main-tracker',
      credits: 3,
      active_server: 2,
      hold_servers: [3, 4],
      service: null,
      _labels: { active_server: 'kt-frankfurt', hold_servers: ['kt-amsterdam', 'kt-warsaw'] },
    });
    const { view } = await openList('/trackers', listing('trackers', [tracker]), ['TT']);
    const row = rowOf(view, 1);
    expect([...row.querySelectorAll('[data-server="active"]')].map((badge) => badge.textContent)).toEqual([
      'kt-frankfurt',
    ]);
    expect([...row.querySelectorAll('[data-server="on-hold"]')].map((badge) => badge.textContent)).toEqual([
      'kt-amsterdam',
      'kt-warsaw',
    ]);
  });
});
