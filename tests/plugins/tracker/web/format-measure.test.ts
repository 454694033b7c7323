import { describe, expect, it } from 'vitest';
import { localeFormat } from '@core/sdk/shared';
import { formatMeasure } from '@plugins/tracker/web/report/format-measure';

const en = localeFormat('en');
const ru = localeFormat('ru');
const NBSP = '\u00a0';

describe('a report measure as the table shows it', () => {
  it('gives EPC and EPL in cents of the report’s currency, rounded half away from zero, like the other money', () => {
    expect(formatMeasure(en, 'epc', '1.5296', 'USD')).toBe('$1.53');
    expect(formatMeasure(en, 'epc', '0.4850', 'USD')).toBe('$0.49');
    expect(formatMeasure(en, 'epl', '57.1294', 'USD')).toBe('$57.13');
    expect(formatMeasure(en, 'epl', '-0.0050', 'USD')).toBe('-$0.01');
    expect(formatMeasure(en, 'epl', '1234.5000', 'USD')).toBe('$1,234.50');
    expect(formatMeasure(en, 'revenue', '8169.5', 'USD')).toBe('$8,169.50');
    expect(formatMeasure(ru, 'revenue', '8169.5', 'USD')).toBe(`8${NBSP}169,50${NBSP}$`);
  });

  it('keeps percents to their two places, counts grouped, and an undefined ratio as a dash', () => {
    expect(formatMeasure(en, 'roi', '1769.66', 'USD')).toBe('1,769.66%');
    expect(formatMeasure(ru, 'roi', '1769.6', 'USD')).toBe(`1${NBSP}769,60${NBSP}%`);
    expect(formatMeasure(ru, 'clicks', '12803', 'USD')).toBe(`12${NBSP}803`);
    expect(formatMeasure(en, 'epc', null, 'USD')).toBe('—');
  });
});
