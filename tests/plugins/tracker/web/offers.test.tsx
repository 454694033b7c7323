import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, query, runRowAction, setupPopupTests, waitInAct } from '@core/sdk/testing-web';
import { localeFormat } from '@core/sdk/shared';
import { countryName } from '@plugins/tracker/shared/country-names';
import { descriptionOf, listing, openList, record, rowOf } from './tracker-web';

// The screens under test are in English.
const english = localeFormat('en');

setupPopupTests({ quiet: true });

const SYNCED_AT = '2026-11-24T15:30:00.000Z';
const KEITARO_REFUSAL = 'Keitaro: Offer name already taken (422)';

/** An offer as `GET offers` lists it. */
function offer(id: number, values: Readonly<Record<string, unknown>> = {}) {
  return record(id, {
    name: `Offer ${id}`,
    advertiser: 7,
    group: null,
    payout: { amount: '12.50', currency: 'USD' },
    countries: [],
    landing_url: null,
    tracker: null,
    tracker_offer_id: null,
    sync_enabled: false,
    sync_state: 'off',
    sync_error: null,
    synced_at: null,
    keitaro_offer_id: null,
    _labels: { advertiser: 'Acme', countries: [], tracker: null },
    ...values,
  });
}

describe('country names of the report', () => {
  it('shows a code the browser has no name for as the code', () => {
    expect(countryName('DE', 'en')).toBe('Germany');
    expect(countryName('not a code', 'en')).toBe('not a code');
  });
});

describe('the Keitaro sync badge', () => {
  const OFFERS = [
    offer(1),
    offer(2, { sync_enabled: true, sync_state: 'pending' }),
    offer(3, { sync_enabled: true, sync_state: 'synced', synced_at: SYNCED_AT, keitaro_offer_id: 41 }),
    offer(4, { sync_enabled: true, sync_state: 'failed', sync_error: KEITARO_REFUSAL }),
  ];
  const badgeIn = (row: HTMLElement) => query(row, '[data-sync-state]');

  it('names each state and carries what it means, with the error of a failed sync', async () => {
    const { view } = await openList('/offers', listing('offers', OFFERS), ['TO']);
    expect(OFFERS.map((row) => badgeIn(rowOf(view, row.id)).textContent)).toEqual([
      'Off',
      'Pending',
      'Synced',
      'Failed',
    ]);
    const failed = descriptionOf(badgeIn(rowOf(view, 4))).textContent;
    expect(failed).toContain('Keitaro did not take the last change.');
    expect(failed).toContain(`Keitaro said: ${KEITARO_REFUSAL}`);
    expect(descriptionOf(badgeIn(rowOf(view, 3))).textContent).toContain(`Last synced ${english.dateTime(SYNCED_AT)}`);
    expect(descriptionOf(badgeIn(rowOf(view, 1))).textContent).not.toContain('Keitaro said');
  });

  it('shows the error on hover', async () => {
    const { view } = await openList('/offers', listing('offers', OFFERS), ['TO']);
    const badge = badgeIn(rowOf(view, 4));
    const details = descriptionOf(badge);
    expect(getComputedStyle(details).display).toBe('none');
    await act(async () => {
      badge.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    });
    await waitInAct(() => expect(getComputedStyle(details).display).not.toBe('none'));
    expect(details.textContent).toContain(KEITARO_REFUSAL);
  });

  it('reads in Russian for a Russian reader', async () => {
    const { view } = await openList('/offers', listing('offers', OFFERS), ['TO'], 'ru');
    expect(OFFERS.map((row) => badgeIn(rowOf(view, row.id)).textContent)).toEqual([
      'Выключена',
      'Ожидает',
      'Синхронизировано',
      'Ошибка',
    ]);
    expect(descriptionOf(badgeIn(rowOf(view, 4))).textContent).toContain(`Ответ Keitaro: ${KEITARO_REFUSAL}`);
  });
});

describe('the landing URL preview', () => {
  const LANDING = 'https://land.example.com/page?sub1={subid}&aff=old';
  const WITH_LANDING = offer(5, { name: 'Casino EU', landing_url: LANDING });
  const ADVERTISER = record(7, {
    name: 'Acme',
    alias: 'acme',
    trackers: [],
    offer_params: { aff: 'acme', source: 'fb' },
  });

  it("shows the landing URL with the advertiser's offer params merged in, Keitaro's macros kept", async () => {
    const api = listing('offers', [WITH_LANDING, offer(6)]).on('GET', 'advertisers/7', { data: ADVERTISER });
    const { view } = await openList('/offers', api, ['TO', 'TA']);
    await runRowAction(view.element, 'Casino EU', 'Preview landing URL');
    const dialog = query(document, '[role="dialog"]');
    await waitInAct(() =>
      expect(query(dialog, '[data-url="preview"]').textContent).toBe(
        'https://land.example.com/page?sub1={subid}&aff=acme&source=fb',
      ),
    );
    expect(query(dialog, '[data-url="landing"]').textContent).toBe(LANDING);
    expect(dialog.textContent).toContain('Landing URL of “Casino EU”');
    expect(dialog.textContent).toContain('Offer params of Acme');
    expect(dialog.textContent).toContain('sourcefb');
  });

  it('is offered only for offers with a landing URL', async () => {
    const { view } = await openList('/offers', listing('offers', [WITH_LANDING, offer(6)]), ['TO']);
    await expect(runRowAction(view.element, 'Offer 6', 'Preview landing URL')).rejects.toThrow('no menu item');
  });

  it('shows the landing URL as entered, and why, to a reader who may not read advertisers', async () => {
    const api = listing('offers', [WITH_LANDING]).on('GET', 'advertisers/7', () =>
      jsonResponse(403, { message: 'Forbidden' }),
    );
    const { view } = await openList('/offers', api, ['TO']);
    await runRowAction(view.element, 'Casino EU', 'Preview landing URL');
    const dialog = query(document, '[role="dialog"]');
    await waitInAct(() => expect(dialog.textContent).toContain('needs the Advertisers permission (TA)'));
    expect(query(dialog, '[data-url="landing"]').textContent).toBe(LANDING);
    expect(dialog.querySelector('[data-url="preview"]')).toBeNull();
  });
});
