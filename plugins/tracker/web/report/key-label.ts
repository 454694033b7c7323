import { formatDay } from '@core/sdk/web';
import type { ReportGrouping, ReportKey } from '../../shared/report';
import { countryName } from '../offers/country-names';

/** A grouping's value as the table and the chart name it: a day as a date, a country by its name; null when not known. */
export function keyLabel(grouping: ReportGrouping | undefined, key: ReportKey | undefined, language: string): string | null {
  const value = key?.value ?? null;
  if (value === null) return null;
  if (grouping === 'day') return formatDay(value);
  if (grouping === 'country') return countryName(value, language);
  return key?.label ?? value;
}
