import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import {
  Button,
  makeStyles,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import {
  DataView,
  FigureCell,
  FigureHeaderCell,
  filteredListPath,
  InfoDialog,
  serverMessage,
  useData,
  useLocaleFormat,
} from '@core/sdk/web';
import { transactionsResource } from '../../shared/resources';
import type { CashFlowApi } from './cash-flow-api';
import { currencyForms, usdExact } from './cash-flow-format';
import type { FigureRequest } from './figure-request';

const PER_PAGE = 20;

const useStyles = makeStyles({
  surface: { maxWidth: 'min(960px, 95vw)', width: '960px' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  summary: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
  scroller: { overflowX: 'auto' },
  pager: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

export interface CellDialogProps {
  readonly api: CashFlowApi;
  /** The report's query the figure belongs to. */
  readonly query: Readonly<Record<string, string>>;
  readonly request: FigureRequest;
  readonly onClose: () => void;
}

/**
 * The transactions behind one figure of the grid, a page at a time, with how many there are and
 * their sum (which is the figure), and a link to the transactions list filtered to the same ones
 * when its filters can say it.
 */
export function CellDialog({ api, query, request, onClose }: CellDialogProps) {
  const { t } = useTranslation('finance');
  const format = useLocaleFormat();
  const styles = useStyles();
  const [page, setPage] = useState(1);
  const params: Record<string, string> = {
    ...query,
    basis: request.basis,
    direction: request.direction,
    ...(request.month ? { month: request.month } : {}),
    ...(request.key === undefined ? {} : { key: request.key }),
    page: String(page),
    per_page: String(PER_PAGE),
  };
  const paramsKey = new URLSearchParams(params).toString();
  const answer = useData((signal) => api.cell(params, signal), [api, paramsKey]);
  return (
    <InfoDialog
      title={request.title}
      onClose={onClose}
      surfaceClassName={styles.surface}
      contentClassName={styles.content}
    >
      <DataView
        data={answer}
        errorText={serverMessage}
        isEmpty={(found) => found.total === 0}
        empty={t('cashFlow.cellEmpty')}
      >
        {(found) => {
          // The page's amounts of one currency read alike (the dollars keep every digit: they add up to the figure).
          const inCurrency = currencyForms(format, found.data);
          return (
            <>
              <div className={styles.summary}>
                <Text data-testid="cash-flow-cell-summary">
                  {t('cashFlow.cellSummary', { count: found.total, sum: usdExact(format, found.sum) })}
                </Text>
                {found.list_filters && (
                  <RouterLink to={filteredListPath('/transactions', transactionsResource, found.list_filters)}>
                    {t('cashFlow.openInList')}
                  </RouterLink>
                )}
              </div>
              <div className={styles.scroller}>
                <Table size="small" aria-label={request.title}>
                  <TableHeader>
                    <TableRow>
                      <TableHeaderCell>{t('fields.dateFact')}</TableHeaderCell>
                      <TableHeaderCell>{t('fields.datePlan')}</TableHeaderCell>
                      <TableHeaderCell>{t('fields.wallet')}</TableHeaderCell>
                      <TableHeaderCell>{t('fields.article')}</TableHeaderCell>
                      <FigureHeaderCell>{t('fields.amount')}</FigureHeaderCell>
                      <FigureHeaderCell>
                        {t(request.direction === 'commission' ? 'fields.commissionUsd' : 'fields.amountUsd')}
                      </FigureHeaderCell>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {found.data.map((transaction) => (
                      <TableRow key={transaction.id}>
                        <TableCell>{format.date(transaction.date_fact)}</TableCell>
                        <TableCell>{transaction.date_plan ? format.date(transaction.date_plan) : '—'}</TableCell>
                        <TableCell>{transaction.wallet}</TableCell>
                        <TableCell>{transaction.article}</TableCell>
                        <FigureCell>{inCurrency(transaction)}</FigureCell>
                        <FigureCell>{usdExact(format, transaction.usd)}</FigureCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
              {found.last_page > 1 && (
                <div className={styles.pager}>
                  <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                    {t('cashFlow.previousPage')}
                  </Button>
                  <Text>{t('cashFlow.pageOf', { page: found.current_page, pages: found.last_page })}</Text>
                  <Button size="small" disabled={page >= found.last_page} onClick={() => setPage(page + 1)}>
                    {t('cashFlow.nextPage')}
                  </Button>
                </div>
              )}
            </>
          );
        }}
      </DataView>
    </InfoDialog>
  );
}
