import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { makeStyles, Spinner, Text, Title2, tokens } from '@fluentui/react-components';
import {
  addResourceStrings,
  DataView,
  HttpClients,
  I18nService,
  ResourcePage,
  serverMessage,
  useData,
  useInjection,
  useLocaleFormat,
  type ResourceScreenOptions,
  useReferenceLabels,
} from '@core/sdk/web';
import type { ResourceDefinition } from '@core/sdk/shared';
import { reportsResource } from '../../shared/resources';
import { ImportButton } from './ImportButton';
import { readReportFilters, summaryQuery, writeReportFilters, type ReportFilterValues } from './report-filters';
import { ReportFilters } from './ReportFilters';
import { fetchSummary, fetchVerticals } from './reports-api';
import { ReportsLoadedContext } from './reports-reload';

// Its own chunk: the charting library loads only when the report is drawn.
const ReportsCharts = lazy(() => import(/* webpackChunkName: "shop-reports-charts" */ './ReportsCharts'));

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  charts: { minHeight: '300px' },
});

/** The rows under the charts: the engine's list of the resource, titled as the delivered assets. */
const ASSETS: ResourceDefinition = { ...reportsResource, titleKey: 'shop:reports.assets' };
const LIST_OPTIONS: ResourceScreenOptions = { toolbar: ImportButton };
const NO_VERTICALS: readonly string[] = [];

/**
 * `/reports` (SR): filters, the charts of the rows they pick (spend by team and by vertical,
 * disabled assets by reason) and the engine's list of those rows, with its CSV export and an
 * "Import CSV" button. The filters are the list's own URL filters (report-filters.ts).
 */
export function ReportsPage() {
  // The engine's strings (the presets) the filters use above the engine's own screen.
  addResourceStrings(useInjection(I18nService).i18n);
  const { t } = useTranslation('shop');
  const format = useLocaleFormat();
  const styles = useStyles();
  const http = useInjection(HttpClients);
  const api = http.get(reportsResource.service);
  const labels = useReferenceLabels();
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => readReportFilters(search), [search]);
  const query = summaryQuery(filters, new Date());
  const queryKey = new URLSearchParams(query).toString();
  const [loads, setLoads] = useState(0);
  const summary = useData((signal) => fetchSummary(api, query, signal), [api, queryKey, loads]);
  // Rows loaded may name new verticals.
  const verticals = useData((signal) => fetchVerticals(api, signal), [api, loads]);

  const change = (next: ReportFilterValues) => setSearch(writeReportFilters(search, next), { replace: true });

  return (
    <ReportsLoadedContext.Provider value={() => setLoads((count) => count + 1)}>
      <div className={styles.page}>
        <Title2 as="h1">{t('nav.reports')}</Title2>
        <ReportFilters filters={filters} verticals={verticals.data ?? NO_VERTICALS} labels={labels} onChange={change} />
        <DataView data={summary} errorText={serverMessage}>
          {(found) => (
            <>
              <Text data-testid="reports-totals">
                {t('reports.totals', {
                  spent: format.money(found.totals.spent_usd, 'USD', 'currency'),
                  assets: format.number(found.totals.assets),
                  disabled: format.number(found.totals.disabled),
                })}
              </Text>
              {found.totals.assets === 0 ? (
                <Text>{t('reports.charts.nothing')}</Text>
              ) : (
                <div className={styles.charts} data-testid="reports-charts">
                  <Suspense fallback={<Spinner label={t('reports.charts.loading')} />}>
                    <ReportsCharts summary={found} />
                  </Suspense>
                </div>
              )}
            </>
          )}
        </DataView>
        <ResourcePage definition={ASSETS} options={LIST_OPTIONS} />
      </div>
    </ReportsLoadedContext.Provider>
  );
}
