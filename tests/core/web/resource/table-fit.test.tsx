import { describe, expect, it } from 'vitest';
import { localeFormat } from '@core/shared/format/locale-format';
import { definitionProblems, defineResource, type ResourceDefinition } from '@core/shared/resource/definition';
import { statusToneOf, type FieldDefinition } from '@core/shared/resource/field';
import { fitWidth } from '@core/web/resource/column-fit';
import { MAX_FIT_WIDTH } from '@core/web/resource/columns';
import { cellText, emptyLabel, formatValue } from '@core/web/resource/format-value';
import { jsonResponse } from '../../../support/web/fetch';
import { waitInAct } from '../../../support/web/test-kernel';
import { listAnswer, wallet, WALLETS } from './fixtures';
import { FakeApi, renderWallets, patchAnimations, waitForRows } from './support';

patchAnimations();

const i18n = { t: (key: string) => `«${key}»`, format: localeFormat('en') };

/** The wallets with a status of declared tones, an identifier, and a limit whose empty value reads "No limit". */
const FITTED: ResourceDefinition = defineResource({
  ...WALLETS,
  fields: [
    ...WALLETS.fields.map((field): FieldDefinition => {
      if (field.kind === 'enum') return { ...field, tones: { active: 'success' } };
      if (field.name === 'limit') return { ...field, emptyLabelKey: 'test:wallets.noLimit' };
      return field;
    }),
    { kind: 'number', name: 'port', labelKey: 'test:wallets.port', integer: true, format: 'identifier' },
  ],
});
const field = (name: string): FieldDefinition =>
  FITTED.fields.find((candidate) => candidate.name === name) as FieldDefinition;

describe('value formats', () => {
  it('never groups an identifier, as it groups an amount', () => {
    expect(formatValue(field('port'), 2222, i18n)).toBe('2222');
    expect(formatValue(field('limit'), 2222, i18n)).toBe('2,222');
    // The meta id is always an identifier.
    expect(formatValue(null, 1420, i18n)).toBe('1420');
  });

  it('gives a status value its declared tone, subtle when left out, none for a plain enum', () => {
    expect(statusToneOf(field('status'), 'active')).toBe('success');
    expect(statusToneOf(field('status'), 'closed')).toBe('subtle');
    expect(statusToneOf(WALLETS.fields[1] as FieldDefinition, 'active')).toBeNull();
    expect(statusToneOf(field('name'), 'active')).toBeNull();
  });

  it('names an empty value by the field’s empty label, and only an empty one', () => {
    expect(emptyLabel(field('limit'), i18n)).toBe('«test:wallets.noLimit»');
    expect(emptyLabel(field('name'), i18n)).toBe('');
    expect(cellText(field('limit'), wallet(1, { limit: null }), 'limit', i18n)).toBe('«test:wallets.noLimit»');
    expect(cellText(field('limit'), wallet(1, { limit: 5 }), 'limit', i18n)).toBe('5');
  });

  it('are checked where definitions are validated', () => {
    expect(definitionProblems(FITTED)).toEqual([]);
    const bad = defineResource({
      ...WALLETS,
      fields: WALLETS.fields.map((candidate): FieldDefinition => {
        if (candidate.kind === 'enum') return { ...candidate, tones: { gone: 'success' } };
        if (candidate.name === 'name') return { ...candidate, emptyLabelKey: 'test:wallets.none' };
        // As a plugin in JavaScript could write it.
        if (candidate.kind === 'money') return { ...candidate, format: 'identifier' } as FieldDefinition;
        return candidate;
      }),
    });
    expect(definitionProblems(bad)).toEqual([
      'test.wallets: field "name": emptyLabelKey must be a namespace:key on a field that may be empty',
      'test.wallets: enum field "status" gives a tone to "gone", which is not one of its values',
      'test.wallets: field "balance" (money) cannot have format "identifier": only number and text fields take \'identifier\'',
    ]);
  });
});

describe('column widths', () => {
  it('fit the header whole and the longest value, within the kind’s least and the cap', () => {
    expect(fitWidth({ least: 90, header: 'Id', values: ['1'] })).toBe(90);
    const header = fitWidth({ least: 60, header: 'Offer ID in the tracker', values: [] });
    expect(header).toBeGreaterThan(fitWidth({ least: 60, header: 'Offer', values: [] }));
    expect(fitWidth({ least: 60, header: 'Country', values: ['Switzerland'] })).toBeGreaterThan(
      fitWidth({ least: 60, header: 'Country', values: ['Peru'] }),
    );
    expect(fitWidth({ least: 60, header: 'Note', values: ['x'.repeat(500)] })).toBe(MAX_FIT_WIDTH);
    // A screen's own wider default stands.
    expect(fitWidth({ least: 460, header: 'Rule', values: [] })).toBe(460);
  });
});

describe('the list table', () => {
  it('keeps the label and actions columns in place, right-aligns quantities and draws statuses, identifiers and empty limits', async () => {
    const api = new FakeApi();
    api.rows = () =>
      jsonResponse(
        200,
        listAnswer([wallet(1, { port: 2222, limit: 12345 }), wallet(2, { status: 'closed', limit: null, port: 8080 })]),
      );
    const { view } = await renderWallets({ definition: FITTED });
    await waitForRows(view, 2);
    const root = view.element;
    const header = (name: string) => root.querySelector(`th[data-column="${name}"]`) as HTMLElement;
    const cells = (row: number) => [...root.querySelectorAll(`tbody tr[data-row-id="${row}"] td`)] as HTMLElement[];

    // The selection column, then the label column stick to the left; the row menu to the right.
    expect(header('name').getAttribute('data-sticky')).toBe('start');
    expect(header('name').style.left).toBe('44px');
    const first = cells(1);
    expect(first[1]?.getAttribute('data-sticky')).toBe('start');
    expect(first[1]?.textContent).toContain('Wallet 1');
    expect(first.at(-1)?.getAttribute('data-sticky')).toBe('end');
    expect(root.querySelector('thead th[data-sticky="end"]')).not.toBeNull();

    // Quantities and their headers line up at the end; text and identifiers do not.
    expect(header('balance').getAttribute('data-align')).toBe('end');
    expect(header('limit').getAttribute('data-align')).toBe('end');
    expect(header('name').getAttribute('data-align')).toBeNull();
    expect(header('port').getAttribute('data-align')).toBeNull();
    const cellOf = (row: number, name: string) => {
      const index = [...(root.querySelector('thead tr') as HTMLElement).children].findIndex(
        (cell) => cell.getAttribute('data-column') === name,
      );
      return cells(row)[index] as HTMLElement;
    };
    expect(cellOf(1, 'limit').getAttribute('data-align')).toBe('end');
    expect(cellOf(1, 'limit').textContent).toBe('12,345');
    expect(cellOf(1, 'port').textContent).toBe('2222');
    expect(cellOf(1, 'port').querySelector('[data-identifier]')).not.toBeNull();
    expect(cellOf(2, 'limit').querySelector('[data-empty-label]')?.textContent).not.toBe('');

    // A header never wraps: its words are one cut line, whole in the title.
    expect(header('opened_on').querySelector('span[title="Opened on"]')).not.toBeNull();

    // Statuses are badges of their declared tone.
    expect(cellOf(1, 'status').querySelector('[data-tone]')?.getAttribute('data-tone')).toBe('success');
    expect(cellOf(2, 'status').querySelector('[data-tone]')?.getAttribute('data-tone')).toBe('subtle');
  });

  it('names the tints of the rows shown in a legend', async () => {
    const api = new FakeApi();
    api.rows = () => jsonResponse(200, listAnswer([wallet(1), wallet(2, { status: 'closed' })]));
    const { view } = await renderWallets({
      options: {
        rowTone: (record) =>
          record.status === 'closed' ? { tone: 'danger', labelKey: 'test:wallets.close' } : undefined,
      },
    });
    await waitForRows(view, 2);
    const legend = view.element.querySelector('[data-tone-legend]') as HTMLElement;
    expect(
      [...legend.querySelectorAll('li')].map((item) => [item.getAttribute('data-tone'), item.textContent]),
    ).toEqual([['danger', 'Close wallet']]);
    expect(view.element.querySelector('tr[data-row-id="2"]')?.getAttribute('data-tone')).toBe('danger');
  });

  it('keeps the sticky columns on the rows of a windowed page', async () => {
    const api = new FakeApi();
    api.rows = () =>
      jsonResponse(
        200,
        listAnswer(
          Array.from({ length: 1000 }, (_, index) => wallet(index + 1)),
          1,
          1000,
          1000,
        ),
      );
    const { view } = await renderWallets({ path: '/wallets?per_page=1000' });
    await waitInAct(() => expect(view.element.querySelectorAll('tbody tr[data-row-id]').length).toBeGreaterThan(0));
    const rows = [...view.element.querySelectorAll('tbody tr[data-row-id]')];
    expect(view.element.querySelector('[data-virtualized]')).not.toBeNull();
    expect(rows.length).toBeLessThan(60);
    for (const row of rows) {
      expect(row.querySelectorAll('td[data-sticky="start"]').length).toBe(1);
      expect(row.querySelectorAll('td[data-sticky="end"]').length).toBe(1);
    }
  });
});
