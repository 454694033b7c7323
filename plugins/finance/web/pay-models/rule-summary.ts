import type { TFunction } from 'i18next';
import { compareDecimals, type ResourceRecord } from '@core/sdk/shared';
import { formatMoney, type LocaleFormat } from '@core/sdk/web';
import { SCOPE_FIELDS } from '../../shared/pay-models';

/*
 * A calculation model's rule in one readable line for its list ("10% of profit up to $5,000.00,
 * 15% above; project Keto; cap $2,000.00"), from the record as the list answers it, with the
 * figures in the reader's forms.
 */

const usd = (amount: string, format: LocaleFormat): string => formatMoney({ amount, currency: 'USD' }, format);
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function tiersText(
  t: TFunction,
  format: LocaleFormat,
  measure: string,
  tiers: Readonly<Record<string, unknown>>,
): string {
  const thresholds = Object.keys(tiers).sort(compareDecimals);
  return thresholds
    .map((threshold, index) => {
      const percent = format.percent(String(tiers[threshold]));
      const upper = thresholds[index + 1];
      if (thresholds.length === 1) return t('payModels.summary.onlyTier', { percent, measure });
      if (upper === undefined) return t('payModels.summary.lastTier', { percent });
      return t(index === 0 ? 'payModels.summary.firstTier' : 'payModels.summary.middleTier', {
        percent,
        measure,
        upper: usd(upper, format),
      });
    })
    .join(', ');
}

function ruleText(t: TFunction, format: LocaleFormat, record: ResourceRecord): string {
  const measureName = text(record.measure);
  const measure = measureName === null ? '' : t(`payModels.summary.measures.${measureName}`);
  const rate = text(record.rate) ?? '0';
  switch (record.kind) {
    case 'fixed_salary':
      return t('payModels.summary.fixedSalary');
    case 'per_unit':
      return t('payModels.summary.perUnit', {
        rate: usd(rate, format),
        unit: measureName === null ? '' : t(`payModels.summary.units.${measureName}`),
      });
    case 'tiered':
      return tiersText(
        t,
        format,
        measure,
        typeof record.tiers === 'object' && record.tiers !== null ? (record.tiers as Record<string, unknown>) : {},
      );
    default:
      return t('payModels.summary.percent', { rate: format.percent(rate), measure });
  }
}

function scopeText(t: TFunction, record: ResourceRecord): string | null {
  if (record.source === 'tracker') return t('payModels.summary.tracker');
  const scope = text(record.scope);
  if (scope === null || !(scope in SCOPE_FIELDS)) return null;
  const field = SCOPE_FIELDS[scope as keyof typeof SCOPE_FIELDS];
  const label = record._labels?.[field];
  return t(`payModels.summary.${scope}`, { name: typeof label === 'string' ? label : String(record[field] ?? '') });
}

export function ruleSummary(t: TFunction, format: LocaleFormat, record: ResourceRecord): string {
  const cap = text(record.cap_usd);
  return [
    ruleText(t, format, record),
    scopeText(t, record),
    cap === null ? null : t('payModels.summary.cap', { cap: usd(cap, format) }),
  ]
    .filter((part) => part !== null)
    .join('; ');
}
