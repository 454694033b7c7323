import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { localeFormat } from '@core/shared/format/locale-format';
import { defineResource } from '@core/shared/resource/definition';
import type { TimelineEntry, TimelinePage } from '@core/shared/resource/record-page';
import { RESOURCE_BUNDLES } from '@core/web/resource/resource-strings';
import { timelineEntries, type TimelineFormatter } from '@core/web/resource/timeline/timeline-model';
import { WALLET_STRINGS, WALLETS } from './fixtures';

/** A resource with references (one and many) and a read-only field, beside the wallets' kinds. */
const OFFERS = defineResource({
  id: 'test.offers',
  service: 'finance',
  path: 'offers',
  table: 'test.offers',
  titleKey: 'test:offers.title',
  recordKey: 'test:offers.record',
  access: { read: 'FW', write: 'FW' },
  labelField: 'name',
  fields: [
    { kind: 'text', name: 'name', labelKey: 'test:offers.name' },
    {
      kind: 'reference',
      name: 'tracker_id',
      labelKey: 'test:offers.tracker',
      target: { service: 'tracker', path: 'trackers', table: 'tracker.trackers', labelColumn: 'slug' },
    },
    {
      kind: 'reference',
      name: 'country_ids',
      labelKey: 'test:offers.countries',
      many: true,
      target: { service: 'auth', path: 'countries', table: 'core.countries', labelColumn: 'name' },
    },
    { kind: 'money', name: 'payout', labelKey: 'test:offers.payout' },
    { kind: 'text', name: 'computed', labelKey: 'test:offers.computed', readOnly: true },
    { kind: 'keyValue', name: 'credentials', labelKey: 'test:offers.credentials', secretValues: true },
  ],
});

async function english(language: 'en' | 'ru' = 'en') {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: language,
    fallbackLng: 'en',
    defaultNS: 'core',
    interpolation: { escapeValue: false },
    resources: {
      en: {
        core: RESOURCE_BUNDLES.en,
        test: {
          ...WALLET_STRINGS,
          offers: {
            title: 'Offers',
            name: 'Name',
            tracker: 'Tracker',
            countries: 'Countries',
            payout: 'Payout',
            computed: 'Computed',
            credentials: 'Credentials',
          },
          history: { actions: { 'load-positions': 'Positions loaded' } },
        },
      },
      ru: { core: RESOURCE_BUNDLES.ru, test: { offers: { tracker: 'Трекер' } } },
    },
  });
  return { t: i18n.t.bind(i18n), format: localeFormat(language) };
}

const at = (instant: string): string => localeFormat('en').dateTime(instant);

let nextId = 100;
function entry(
  action: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  extra: Partial<TimelineEntry> = {},
): TimelineEntry {
  return { id: nextId--, action, actor_id: 1, actor_name: 'bob', at: '2026-11-21T09:00:00Z', before, after, ...extra };
}

const page = (entries: TimelineEntry[], labels: TimelinePage['labels'] = {}): TimelinePage => ({
  entries,
  labels,
  more: false,
});

describe('timelineEntries', () => {
  it("takes i18next's t and the language's forms as its formatter, as a node test would", async () => {
    const i18n: TimelineFormatter = await english();
    const [created] = timelineEntries(
      WALLETS,
      page([entry('create', null, { name: 'Main', status: 'active', limit: null })]),
      i18n,
    );
    expect(created).toMatchObject({
      kind: 'created',
      actor: 'bob',
      action: 'Created',
      time: at('2026-11-21T09:00:00Z'),
      revertable: false,
    });
    // A record's first values: only those it was given.
    expect(created?.changes).toEqual([
      { name: 'name', label: 'Name', before: '—', after: 'Main' },
      { name: 'status', label: 'Status', before: '—', after: 'Active' },
    ]);
  });

  it('names every kind of entry, a plugin’s own action first, "System" for no actor', async () => {
    const i18n = await english();
    const items = timelineEntries(
      WALLETS,
      page([
        entry('load-positions', null, null, { actor_name: null }),
        entry('delete', { name: 'A', deleted_at: null }, { name: 'A', deleted_at: '2026-11-21T09:00:00Z' }),
        entry('restore', { deleted_at: 'x' }, { deleted_at: null }),
        entry('block', null, null),
        entry('unblock', null, null),
        entry('comment', null, null, { detail: { comment: 'Called the owner.\nAll good.' } }),
        entry('never-named', null, null),
      ]),
      i18n,
    );
    expect(items.map((item) => [item.kind, item.action, item.actor])).toEqual([
      ['action', 'Positions loaded', 'System'],
      ['deleted', 'Deleted', 'bob'],
      ['restored', 'Restored', 'bob'],
      ['blocked', 'Blocked', 'bob'],
      ['unblocked', 'Unblocked', 'bob'],
      ['comment', 'Commented', 'bob'],
      ['action', 'never-named', 'bob'],
    ]);
    // Deletion and restore are events: no deleted_at row.
    expect(items.flatMap((item) => item.changes)).toEqual([]);
    expect(items[5]?.comment).toBe('Called the owner.\nAll good.');
  });

  it('says which change a revert set back when that entry is loaded, and only that it did when not', async () => {
    const i18n = await english();
    const change = entry('update', { name: 'A' }, { name: 'B' }, { at: '2026-11-20T08:30:00Z' });
    const revert = entry('revert', { name: 'B' }, { name: 'A' }, { detail: { reverts: change.id } });
    const [known] = timelineEntries(WALLETS, page([revert, change]), i18n);
    expect(known).toMatchObject({
      kind: 'revert',
      action: `Reverted a change of ${at('2026-11-20T08:30:00Z')}`,
      revertable: true,
    });
    const [unknown] = timelineEntries(
      WALLETS,
      page([entry('revert', { name: 'B' }, { name: 'A' }, { detail: { reverts: 1 } })]),
      i18n,
    );
    expect(unknown?.action).toBe('Reverted a change');
  });

  it('shows references by their labels, many each, and a gone record as "#id (deleted)", never a bare id', async () => {
    const i18n = await english();
    const labels = { tracker_id: { '1': 'keitaro-main', '2': null }, country_ids: { '724': 'Spain', '250': 'France' } };
    const [item] = timelineEntries(
      OFFERS,
      page(
        [entry('update', { tracker_id: 1, country_ids: [724] }, { tracker_id: 2, country_ids: [724, 250, 9] })],
        labels,
      ),
      i18n,
    );
    expect(item?.changes).toEqual([
      { name: 'tracker_id', label: 'Tracker', before: 'keitaro-main', after: '#2 (deleted)' },
      { name: 'country_ids', label: 'Countries', before: 'Spain', after: 'Spain, France, #9 (deleted)' },
    ]);
  });

  it('shows money with its currency and every digit, enums by label, booleans in words', async () => {
    const i18n = await english();
    const [offer] = timelineEntries(
      OFFERS,
      page([
        entry(
          'update',
          { payout: { amount: '12.30', currency: 'USD' } },
          { payout: { amount: '12.34567', currency: 'USD' } },
        ),
      ]),
      i18n,
    );
    expect(offer?.changes[0]).toMatchObject({ before: '$12.30', after: '$12.34567' });
    const [wallet] = timelineEntries(
      WALLETS,
      page([entry('update', { status: 'active', is_default: false }, { status: 'closed', is_default: true })]),
      i18n,
    );
    expect(wallet?.changes.map((change) => [change.label, change.before, change.after])).toEqual([
      ['Status', 'Active', 'Closed'],
      ['Default', 'No', 'Yes'],
    ]);
  });

  it('never shows internal columns or columns the definition does not name, and drops an update that changed nothing visible', async () => {
    const i18n = await english();
    const items = timelineEntries(
      WALLETS,
      page([
        entry(
          'update',
          { version: 1, updated_at: 'a', sync_hash: 'x', name: 'A' },
          { version: 2, updated_at: 'b', sync_hash: 'y', name: 'A' },
        ),
        entry('update', { name: 'A', version: 2 }, { name: 'B', version: 3 }),
        entry('update', null, null),
      ]),
      i18n,
    );
    expect(items).toHaveLength(1);
    expect(items[0]?.changes.map((change) => change.name)).toEqual(['name']);
  });

  it('offers a revert only where a change touched a field a user may set again', async () => {
    const i18n = await english();
    const items = timelineEntries(
      OFFERS,
      page([
        entry('update', { computed: 'a' }, { computed: 'b' }),
        entry('update', { credentials: { key: '••' } }, { credentials: { key: '•••' } }),
        entry('update', { computed: 'a', name: 'A' }, { computed: 'b', name: 'B' }),
        entry('create', null, { name: 'A' }),
        entry('load-positions', { name: 'A' }, { name: 'B' }),
      ]),
      i18n,
    );
    expect(items.map((item) => item.revertable)).toEqual([false, false, true, false, true]);
  });

  it('without a definition, shows comments and events, and only plain values that are not ids', async () => {
    const i18n = await english();
    const items = timelineEntries(
      null,
      page([
        entry('comment', null, null, { detail: { comment: 'Hello' } }),
        entry(
          'update',
          { username: 'ann', role_id: 1, meta: { a: 1 }, version: 1 },
          { username: 'anna', role_id: 2, meta: { a: 2 }, version: 2 },
        ),
      ]),
      i18n,
    );
    expect(items.map((item) => item.action)).toEqual(['Commented', 'Updated']);
    expect(items[1]?.changes).toEqual([{ name: 'username', label: 'username', before: 'ann', after: 'anna' }]);
    expect(items[1]?.revertable).toBe(false);
  });

  it('reads in Russian, with a plain t function and the Russian forms as its formatter', async () => {
    const i18n = await english('ru');
    const t: TimelineFormatter['t'] = (key, options) => i18n.t(key, options);
    const changes = { tracker_id: 1, payout: { amount: '12803.04', currency: 'USD' } };
    const [item] = timelineEntries(
      OFFERS,
      page([entry('update', { tracker_id: 1 }, { tracker_id: 3, payout: changes.payout })], {
        tracker_id: { '1': 'old' },
      }),
      { t, format: localeFormat('ru') },
    );
    expect(item).toMatchObject({
      action: 'Изменено',
      time: localeFormat('ru').dateTime('2026-11-21T09:00:00Z'),
      changes: [
        { label: 'Трекер', before: 'old', after: '#3 (удалено)' },
        { name: 'payout', before: '—', after: '12\u00a0803,04\u00a0$' },
      ],
    });
  });
});
