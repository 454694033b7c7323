import type { LocaleFormat } from '@core/sdk/shared';
import type { ReportGrouping, ReportKey } from '../../shared/report';
import { countryName } from '../../shared/country-names';

/** A grouping's value as the table and the chart name it, in the reader's language: a day as a date, a country by its name; null when not known. */
export function keyLabel(
  grouping: ReportGrouping | undefined,
  key: ReportKey | undefined,
  format: LocaleFormat,
): string | null {
  const value = key?.value ?? null;
  if (value === null) return null;
  if (grouping === 'day') return format.date(value);
  if (grouping === 'country') return countryName(value, format.language);
  return key?.label ?? value;
}
