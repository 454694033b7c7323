import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, makeStyles, Text, Title2, Title3, tokens } from '@fluentui/react-components';
import {
  addResourceStrings,
  DataView,
  DownloadButton,
  HttpClients,
  I18nService,
  serverMessage,
  useInjection,
  useLocaleFormat,
  useUrlReport,
  useReferenceLabels,
} from '@core/sdk/web';
import type { CashFlowReport } from '../../shared/cash-flow';
import { BalancesPanel } from './BalancesPanel';
import { CashFlowApi } from './cash-flow-api';
import { usdExact, usdRounded } from './cash-flow-format';
import { cashFlowQuery, readCashFlowParams, writeCashFlowParams } from './cash-flow-params';
import { CashFlowChart } from './CashFlowChart';
import { CashFlowControls } from './CashFlowControls';
import { CashFlowGrid } from './CashFlowGrid';
import { CellDialog } from './CellDialog';
import type { FigureRequest } from './figure-request';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  header: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
  },
  outstanding: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL },
  chart: { minHeight: '320px' },
});

/** Whether any money moved or was planned in the period: otherwise the grid would be all zeros. */
const hasMovement = (report: CashFlowReport): boolean =>
  report.rows.some((row) => row.direction !== 'commission') || report.totals.commission.fact !== '0';

/**
 * `/cash-flow` (FT): money in and out by month for a date preset or custom days, grouped by article,
 * project or division, plan beside fact with the difference; the wallets' opening and closing
 * balances, a chart, the transactions behind any figure, CSV export. Its state lives in the URL.
 */
export function CashFlowPage() {
  const { t } = useTranslation('finance');
  const format = useLocaleFormat();
  addResourceStrings(useInjection(I18nService).i18n);
  const styles = useStyles();
  const clients = useInjection(HttpClients);
  const api = useMemo(() => new CashFlowApi(clients), [clients]);
  const labels = useReferenceLabels();
  const { params, query, report, change } = useUrlReport({
    read: readCashFlowParams,
    write: writeCashFlowParams,
    query: cashFlowQuery,
    load: (next, signal): Promise<CashFlowReport> => api.report(next, signal),
  });
  const [opened, setOpened] = useState<FigureRequest | null>(null);

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <Title2 as="h1">{t('nav.cashFlow')}</Title2>
        {query && <DownloadButton download={() => api.exportCsv(query)} failedText={t('cashFlow.exportFailed')} />}
      </div>
      <CashFlowControls params={params} labels={labels} onChange={change} />
      {query === null ? (
        <Text>{t('cashFlow.chooseDays')}</Text>
      ) : (
        <DataView data={report} errorText={serverMessage}>
          {(answer) =>
            answer && (
              <>
                <Title3 as="h2">{t('cashFlow.balances')}</Title3>
                <BalancesPanel balances={answer.balances} />
                <Title3 as="h2">{t('cashFlow.movement')}</Title3>
                {hasMovement(answer) ? (
                  <>
                    <div className={styles.chart} data-testid="cash-flow-chart">
                      <CashFlowChart report={answer} />
                    </div>
                    <CashFlowGrid report={answer} onOpen={setOpened} />
                    <div className={styles.outstanding} data-testid="cash-flow-outstanding">
                      {(['income', 'expense'] as const).map((direction) => (
                        <Button
                          key={direction}
                          appearance="subtle"
                          title={usdExact(format, answer.outstanding[direction])}
                          onClick={() =>
                            setOpened({
                              basis: 'outstanding',
                              direction,
                              title: t(`cashFlow.outstanding.${direction}`, {
                                amount: usdRounded(format, answer.outstanding[direction]),
                              }),
                            })
                          }
                        >
                          {t(`cashFlow.outstanding.${direction}`, {
                            amount: usdRounded(format, answer.outstanding[direction]),
                          })}
                        </Button>
                      ))}
                    </div>
                  </>
                ) : (
                  <Text>{t('cashFlow.empty')}</Text>
                )}
              </>
            )
          }
        </DataView>
      )}
      {opened && query && <CellDialog api={api} query={query} request={opened} onClose={() => setOpened(null)} />}
    </div>
  );
}
