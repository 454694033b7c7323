import { describe, expect, it } from 'vitest';
import { defaultExportColumns, exactLayout, peopleLayout, type ExportLayout } from '@core/server/resource/export';
import { readExportRequest } from '@core/server/resource/export-request';
import { ServerTranslations } from '@core/server/i18n/translations';
import { ApiError } from '@core/server/http/api-error';
import type { ResourceRecord } from '@core/shared/resource/definition';
import { items, LAB_TRANSLATIONS } from './support-resource';

const translations = new ServerTranslations({ lab: LAB_TRANSLATIONS });

const hammer: ResourceRecord = {
  id: 7,
  version: 1,
  title: 'Hammer, "big"',
  notes: '=cmd',
  contact: null,
  site: null,
  quantity: 12345,
  price: { amount: '1234.56789012', currency: 'USD' },
  weight: '0.750',
  discount: '12.5',
  active: true,
  released: '2026-11-29',
  checked_at: '2026-11-29T12:44:00.000000Z',
  status: 'live',
  category_id: 3,
  tag_ids: [3, 4],
  parent_id: null,
  attributes: null,
  api_key: '********',
  stage: 'new',
  created_at: '2026-11-29T21:30:00.000000Z',
  updated_at: '2026-11-29T21:30:00.000000Z',
  _labels: { category_id: 'Tools', tag_ids: ['Tools', 'Garden'], parent_id: null },
};

/** The header and one record as the file writes them (the route adds the BOM and CRLFs). */
function rows(layout: ExportLayout, record: ResourceRecord): [string, string] {
  return [
    layout.columns.map((column) => column.header).join(layout.separator),
    layout.columns.map((column) => column.cell(record)).join(layout.separator),
  ];
}

const COLUMNS = [
  'title',
  'quantity',
  'price',
  'weight',
  'active',
  'released',
  'checked_at',
  'status',
  'tag_ids',
  'id',
  'created_at',
];

describe('the export for people', () => {
  it('writes Russian: titles, `;`, decimal commas with every digit and no groups, Да, labels, dates and times in the zone named in the title', () => {
    const layout = peopleLayout(items, COLUMNS, { language: 'ru', timeZone: 'Europe/Moscow', translations });
    expect(layout.separator).toBe(';');
    const [header, row] = rows(layout, hammer);
    expect(header).toBe(
      'Название;Количество;Цена;Цена, валюта;Вес;Активен;Выпущен;Проверен (Europe/Moscow);Статус;Метки;ID;Создано (Europe/Moscow)',
    );
    expect(row).toBe(
      '"Hammer, ""big""";12345;1234,56789012;USD;0,750;Да;29.11.2026;29.11.2026, 15:44;Опубликован;Tools, Garden;7;30.11.2026, 00:30',
    );
    expect(rows(layout, { ...hammer, active: false })[1]).toContain(';Нет;');
  });

  it('writes English: titles, commas between fields, points, Yes, labels, times in the zone', () => {
    const layout = peopleLayout(items, ['status', 'active', 'price', 'checked_at'], {
      language: 'en',
      timeZone: 'America/New_York',
      translations,
    });
    const [header, row] = rows(layout, hammer);
    expect(header).toBe('Status,Active,Price,Price currency,Checked (America/New_York)');
    expect(row).toMatch(/^Live,Yes,1234\.56789012,USD,"11\/29\/26, 7:44\s?AM"$/);
  });

  it('falls back to the field name and the raw value where no string is known, and defuses formulas', () => {
    const layout = peopleLayout(items, ['notes', 'status'], { language: 'ru', timeZone: 'UTC', translations });
    expect(rows(layout, { ...hammer, status: 'retired' })).toEqual(['notes;Статус', "'=cmd;retired"]);
  });

  it('has the columns a list shows by default when none are asked', () => {
    expect(defaultExportColumns(items)).toEqual([
      'title',
      'contact',
      'site',
      'quantity',
      'price',
      'weight',
      'discount',
      'active',
      'released',
      'checked_at',
      'status',
      'category_id',
      'tag_ids',
      'parent_id',
      'stage',
      'created_at',
    ]);
  });
});

describe('the exact export', () => {
  it('has every column under its field name (when it was deleted and blocked too), ids, ISO times in UTC, points and text as stored', () => {
    const layout = exactLayout(items);
    expect(layout.separator).toBe(',');
    const [header, row] = rows(layout, hammer);
    expect(header).toBe(
      'id,title,notes,contact,site,quantity,price,price_currency,weight,discount,active,released,checked_at,status,category_id,tag_ids,parent_id,attributes,stage,created_at,updated_at,deleted_at,blocked_at',
    );
    expect(row).toBe(
      '7,"Hammer, ""big""",=cmd,,,12345,1234.56789012,USD,0.750,12.5,true,2026-11-29,2026-11-29T12:44:00.000000Z,live,3,"3,4",,,new,2026-11-29T21:30:00.000000Z,2026-11-29T21:30:00.000000Z,,',
    );
  });
});

describe('readExportRequest', () => {
  it('takes the format and the columns out of the list parameters', () => {
    expect(readExportRequest(items, { format: 'exact', columns: 'status, title,status', sort: 'title' })).toEqual({
      format: 'exact',
      columns: ['status', 'title'],
      listParams: { sort: 'title' },
    });
    expect(readExportRequest(items, {}).columns).toEqual(defaultExportColumns(items));
  });

  it('refuses an unknown format, an unknown column and a secret one', () => {
    const refusal = (raw: object) => {
      try {
        readExportRequest(items, raw);
      } catch (error) {
        return error instanceof ApiError ? { status: error.status, errors: error.errors } : error;
      }
      return null;
    };
    expect(refusal({ format: 'xml' })).toEqual({ status: 422, errors: { format: ['Choose one of: people, exact.'] } });
    expect(refusal({ columns: 'title,nope,api_key' })).toEqual({
      status: 422,
      errors: { columns: ['These columns are not known: nope, api_key.'] },
    });
  });
});
