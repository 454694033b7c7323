import { useTranslation } from 'react-i18next';
import { BarChart } from '@core/sdk/web';
import { BASE_CURRENCY } from '../../shared/currencies';
import type { DepartmentFigures } from '../../shared/departments';
import { monthParts } from './department-month';
import { useDepartmentFormat } from './format';

const SERIES = [
  { key: 'income_usd', label: 'income' },
  { key: 'spend_usd', label: 'spend' },
  { key: 'payroll_usd', label: 'payroll' },
  { key: 'result_usd', label: 'result' },
] as const;

/** The trend's months as bars of income, spend, payroll and result, in US dollars. */
export function DepartmentTrend({ trend }: { trend: readonly DepartmentFigures[] }) {
  const { t } = useTranslation('finance');
  const formats = useDepartmentFormat();
  return (
    <BarChart
      title={t('departments.trendTitle', { months: trend.length })}
      categories={trend.map((figures) => {
        const { month, year } = monthParts(figures.month);
        return t('departments.monthShort', { month: t(`departments.monthShortNames.${month}`), year });
      })}
      series={SERIES.map(({ key, label }) => ({
        key,
        label: t(`departments.figures.${label}`),
        values: trend.map((figures) => figures[key]),
      }))}
      formatValue={formats.usd}
      currency={BASE_CURRENCY}
      height={280}
    />
  );
}
