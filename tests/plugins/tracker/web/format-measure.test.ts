import { describe, expect, it } from 'vitest';
import { formatMeasure } from '@plugins/tracker/web/report/format-measure';

describe('a report measure as the table shows it', () => {
  it('gives EPC and EPL in cents, rounded half away from zero, like the other money', () => {
    expect(formatMeasure('epc', '1.5296')).toBe('1.53');
    expect(formatMeasure('epc', '0.4850')).toBe('0.49');
    expect(formatMeasure('epl', '57.1294')).toBe('57.13');
    expect(formatMeasure('epl', '-0.0050')).toBe('-0.01');
    expect(formatMeasure('epl', '1234.5000')).toBe('1,234.50');
    expect(formatMeasure('revenue', '8169.5')).toBe('8,169.50');
  });

  it('keeps percents to their two places and an undefined ratio as a dash', () => {
    expect(formatMeasure('roi', '1769.66')).toBe('1,769.66 %');
    expect(formatMeasure('epc', null)).toBe('—');
  });
});
