import { useTranslation } from 'react-i18next';
import { BarChart, useLocaleFormat } from '@core/sdk/web';
import type { CashFlowReport } from '../../shared/cash-flow';
import { usdExact } from './cash-flow-format';

/** Income and expense per month, plan beside fact, as grouped bars (the SDK's lazily loaded chart). */
export function CashFlowChart({ report }: { readonly report: CashFlowReport }) {
  const { t } = useTranslation('finance');
  const format = useLocaleFormat();
  const series = (['income', 'expense'] as const).flatMap((direction) =>
    (['plan', 'fact'] as const).map((basis) => ({
      key: `${direction}-${basis}`,
      label: t('cashFlow.chartSeries', {
        direction: t(`cashFlow.directions.${direction}`),
        basis: t(`cashFlow.${basis}`),
      }),
      values: report.month_totals.map((month) => month[direction][basis]),
    })),
  );
  return (
    <BarChart
      title={t('cashFlow.chartTitle')}
      categories={report.months.map((month) => format.month(month.month))}
      series={series}
      formatValue={(value) => usdExact(format, value)}
      currency="USD"
    />
  );
}
