import { lazy, Suspense } from 'react';
import { Spinner } from '@fluentui/react-components';
import type { BarChartProps } from './bar-chart-props';

const BarChartView = lazy(() => import(/* webpackChunkName: "bar-chart" */ './BarChartView'));

/**
 * Bars of one or several series over categories (grouped when several), for a report's figures.
 * The charting library loads on first use in a chunk of its own, so pages without a chart never
 * download it; a small spinner holds the place meanwhile.
 */
export function BarChart(props: BarChartProps) {
  return (
    <Suspense fallback={<Spinner size="small" />}>
      <BarChartView {...props} />
    </Suspense>
  );
}
