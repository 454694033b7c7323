import type { TFunction } from 'i18next';
import type { LocaleFormat } from '@core/sdk/shared';
import type { UnconvertedSpent } from '../../shared/report';

/** What spent USD leaves out for want of a rate, a sentence per currency with its rows and its spent in that currency. */
export function unconvertedText(t: TFunction, format: LocaleFormat, unconverted: readonly UnconvertedSpent[]): string {
  return unconverted
    .map(({ currency, rows, spent }) =>
      t('social:report.unconverted', {
        currency,
        count: rows,
        rows: format.number(rows),
        spent: format.money(spent, currency),
      }),
    )
    .join(' ');
}
