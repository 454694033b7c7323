import { useTranslation } from 'react-i18next';
import { useLocaleFormat, type ResourceCellProps } from '@core/sdk/web';
import { ruleSummary } from './rule-summary';

/** The rules list's rule column: what the rule pays, in words, instead of its bare kind. */
export function RuleSummaryCell({ record }: ResourceCellProps) {
  const { t } = useTranslation('finance');
  const summary = ruleSummary(t, useLocaleFormat(), record);
  return <span title={summary}>{summary}</span>;
}
