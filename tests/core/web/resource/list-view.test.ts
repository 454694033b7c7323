import { describe, expect, it } from 'vitest';
import { defaultListQuery } from '@core/shared/resource/list-query';
import {
  apiListQuery,
  decodeListView,
  defaultListView,
  encodeListView,
  localDayBound,
  matchingParams,
  paramsOf,
  type ListView,
} from '@core/web/resource/list-view';
import { WALLETS } from './fixtures';

const WEDNESDAY = new Date(2026, 10, 18, 15, 30);

describe('list view in the URL', () => {
  it('leaves a default view out of the URL entirely', () => {
    expect(encodeListView(WALLETS, defaultListView(WALLETS))).toEqual({});
    expect(decodeListView(WALLETS, {})).toEqual({ view: defaultListView(WALLETS), dropped: [] });
  });

  it('round-trips page, size, sort, deleted scope, filters and presets', () => {
    const view: ListView = {
      query: {
        page: 3,
        perPage: 50,
        sort: { field: 'name', direction: 'asc' },
        deleted: 'with',
        filters: [
          { field: 'name', op: 'contains', value: 'main' },
          { field: 'status', op: 'in', value: ['active', 'closed'] },
          { field: 'opened_on', op: 'gte', value: '2026-01-01' },
        ],
      },
      presets: { checked_at: 'last_7_days' },
    };
    const params = encodeListView(WALLETS, view);
    expect(params).toEqual({
      page: '3',
      per_page: '50',
      sort: 'name',
      deleted: 'with',
      'filter[name][contains]': 'main',
      'filter[status][in]': 'active,closed',
      'filter[opened_on][gte]': '2026-01-01',
      'filter[checked_at][preset]': 'last_7_days',
    });
    const search = new URLSearchParams(params);
    expect(decodeListView(WALLETS, paramsOf(new URLSearchParams(search.toString())))).toEqual({ view, dropped: [] });
  });

  it('drops what it does not understand, and lets a preset supersede a typed range', () => {
    const decoded = decodeListView(WALLETS, {
      'filter[name][preset]': 'today',
      'filter[opened_on][preset]': 'next_year',
      'filter[opened_on][gte]': '2026-01-01',
      'filter[checked_at][preset]': 'this_month',
      'filter[checked_at][lte]': '2026-02-01',
      'filter[api_key][eq]': 'x',
      page: 'zero',
    });
    expect([...decoded.dropped].sort()).toEqual([
      'filter[api_key][eq]',
      'filter[name][preset]',
      'filter[opened_on][preset]',
      'page',
    ]);
    expect(decoded.view.presets).toEqual({ checked_at: 'this_month' });
    expect(decoded.view.query.filters).toEqual([{ field: 'opened_on', op: 'gte', value: '2026-01-01' }]);
    expect(decoded.view.query.page).toBe(1);
  });
});

describe('the query the API gets', () => {
  it('turns a preset on a date field into a gte/lte pair of days', () => {
    const view: ListView = { query: defaultListQuery(WALLETS), presets: { opened_on: 'this_week' } };
    expect(apiListQuery(WALLETS, view, WEDNESDAY).filters).toEqual([
      { field: 'opened_on', op: 'gte', value: '2026-11-15' },
      { field: 'opened_on', op: 'lte', value: '2026-11-21' },
    ]);
  });

  it('widens days on a datetime field to the whole local day', () => {
    const view: ListView = {
      query: { ...defaultListQuery(WALLETS), filters: [{ field: 'checked_at', op: 'lte', value: '2026-11-03' }] },
      presets: { checked_at: 'yesterday' },
    };
    expect(apiListQuery(WALLETS, view, WEDNESDAY).filters).toEqual([
      { field: 'checked_at', op: 'lte', value: localDayBound('2026-11-03', true) },
      { field: 'checked_at', op: 'gte', value: localDayBound('2026-11-17', false) },
      { field: 'checked_at', op: 'lte', value: localDayBound('2026-11-17', true) },
    ]);
    const start = localDayBound('2026-11-17', false);
    expect(start).toMatch(/^2026-11-17T00:00:00\.000[+-]\d{2}:\d{2}$/);
    expect(new Date(start).getTime()).toBe(new Date(2026, 10, 17).getTime());
    expect(new Date(localDayBound('2026-11-17', true)).getTime()).toBe(
      new Date(2026, 10, 17, 23, 59, 59, 999).getTime(),
    );
  });

  it('selects the same rows for every page when exporting or deleting all matching', () => {
    const query = {
      ...defaultListQuery(WALLETS),
      page: 4,
      perPage: 50,
      filters: [{ field: 'name', op: 'eq' as const, value: 'a' }],
    };
    expect(matchingParams(WALLETS, query)).toEqual({ 'filter[name][eq]': 'a' });
  });
});
