import { describe, expect, it } from 'vitest';
import type { ReportFigures, SocialReport } from '@plugins/social/shared/report';
import { chartedMeasure, reportColumns } from '@plugins/social/web/report/report-columns';

const EUR: ReportFigures = {
  clicks: 10,
  views: 400,
  leads: 1,
  spent: '5.00',
  currency: 'EUR',
  spent_usd: '5.40',
  unconverted: [],
  rates_currency: 'EUR',
  cpc: '0.50',
  cpm: '12.50',
  cpl: '5.00',
  ctr: '2.50',
};
const MIXED: ReportFigures = {
  ...EUR,
  spent: null,
  currency: null,
  spent_usd: null,
  rates_currency: null,
  cpc: null,
  cpm: null,
  cpl: null,
};

const report = (rows: readonly ReportFigures[], totals: ReportFigures): SocialReport => ({
  rows: rows.map((figures, at) => ({ key: String(at + 1), label: `Group ${at + 1}`, ...figures })),
  totals,
  usd_available: true,
});

describe('the insights report’s columns and chart', () => {
  it('shows every column that has a figure somewhere, a row or the totals', () => {
    expect(reportColumns(report([EUR, { ...EUR, cpl: null }], EUR)).hidden).toEqual([]);
    // One group with a figure keeps the column.
    expect(reportColumns(report([MIXED, { ...EUR, currency: 'USD' }], MIXED)).hidden).toEqual([]);
  });

  it('leaves out spent, its currency, dollars and rates when no group has them, and CTR when nothing was viewed', () => {
    const columns = reportColumns(report([MIXED, MIXED], { ...MIXED, views: 0, ctr: null }));
    expect(columns.hidden).toEqual(['spent', 'currency', 'spentUsd', 'cpc', 'cpm', 'cpl']);
    expect(columns.shown).toEqual(['clicks', 'views', 'leads', 'ctr']);
    expect(reportColumns(report([{ ...MIXED, ctr: null }], { ...MIXED, ctr: null })).shown).toEqual([
      'clicks',
      'views',
      'leads',
    ]);
  });

  it('charts spent in one currency or in USD, else the clicks; the clicks as asked', () => {
    expect(chartedMeasure(report([EUR, EUR], EUR), 'spent')).toBe('spent');
    expect(chartedMeasure(report([EUR, { ...EUR, currency: 'USD', spent_usd: null }], MIXED), 'spent')).toBe('spent');
    expect(
      chartedMeasure(
        report(
          [EUR, { ...EUR, currency: 'JPY' }].map((row) => ({ ...row, spent_usd: null })),
          MIXED,
        ),
        'spent',
      ),
    ).toBe('clicks');
    expect(chartedMeasure(report([MIXED, MIXED], MIXED), 'spent')).toBe('clicks');
    expect(chartedMeasure(report([MIXED], MIXED), 'clicks')).toBe('clicks');
  });
});
