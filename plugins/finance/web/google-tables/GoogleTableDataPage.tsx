import { useCallback, useEffect, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import {
  Button,
  Field,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Select,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Title2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowClockwiseRegular, ArrowLeftRegular } from '@fluentui/react-icons';
import { I18nService, useInjection } from '@core/sdk/web';
import { failed, type FinanceFailure } from '../finance-result';
import { GoogleTablesStore } from './google-tables-store';
import { sheetOfRange, sheetRange, type SheetData } from './sheet-data';
import { tableName } from './table-name';
import type { GoogleTable } from './tree';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  toolbar: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  back: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    color: tokens.colorBrandForegroundLink,
  },
  scroller: { overflowX: 'auto' },
  message: { whiteSpace: 'pre-line' },
});

/** Statuses of `GET google-tables/{id}/data` that mean the spreadsheet service, not the table, is at fault. */
const UNCONFIGURED = 503;
const BAD_GATEWAY = 502;

type Load = { state: 'loading' } | { state: 'ready'; data: SheetData } | { state: 'failed'; failure: FinanceFailure };

function FailureMessage({ failure }: { failure: FinanceFailure }) {
  const { t } = useTranslation('finance');
  const styles = useStyles();
  if (failure.status === UNCONFIGURED) {
    return (
      <MessageBar intent="warning" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>{t('googleTableData.unconfigured')}</MessageBarTitle>
          <span className={styles.message}>{failure.message}</span>
        </MessageBarBody>
      </MessageBar>
    );
  }
  const title =
    failure.status === BAD_GATEWAY
      ? t('googleTableData.badGateway')
      : failure.status === 404
        ? t('googleTableData.notFound')
        : t('googleTableData.failed');
  return (
    <MessageBar intent="error" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>{title}</MessageBarTitle>
        <span className={styles.message}>{failure.message}</span>
      </MessageBarBody>
    </MessageBar>
  );
}

/** `/google-table-data/:id`: the rows of one spreadsheet, as the server reads them from the sheet. */
export const GoogleTableDataPage = observer(function GoogleTableDataPage() {
  const { t } = useTranslation('finance');
  const styles = useStyles();
  const store = useInjection(GoogleTablesStore);
  const i18n = useInjection(I18nService);
  const params = useParams();
  const id = /^[1-9]\d*$/.test(params.id ?? '') ? Number(params.id) : null;
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [table, setTable] = useState<GoogleTable | null>(null);
  const [sheet, setSheet] = useState<string | null>(null);
  const request = useRef(0);

  const fetchData = useCallback(async () => {
    if (id === null) return;
    const ticket = ++request.current;
    setLoad({ state: 'loading' });
    const result = await store.fetchData(id, sheet === null ? undefined : sheetRange(sheet));
    // An answer to an earlier request (another sheet, another table) is dropped.
    if (ticket !== request.current) return;
    setLoad(result.ok ? { state: 'ready', data: result.data } : { state: 'failed', failure: result });
    if (result.ok && result.data.table) setTable(result.data.table);
  }, [id, sheet, store]);

  useEffect(() => {
    void fetchData();
  }, [fetchData]);

  useEffect(() => {
    setSheet(null);
    if (id === null) return;
    let live = true;
    const known = store.table(id);
    if (known) setTable(known);
    else
      void store.fetchTable(id).then((result) => {
        if (live && result.ok) setTable(result.data);
      });
    return () => {
      live = false;
    };
  }, [id, store]);

  // The sheets the spreadsheet has, kept while another one loads.
  const [sheets, setSheets] = useState<readonly string[]>([]);
  useEffect(() => {
    if (load.state === 'ready') setSheets(load.data.sheets);
  }, [load]);
  const shownSheet = sheet ?? (load.state === 'ready' ? sheetOfRange(load.data.range) : null) ?? sheets[0] ?? null;

  const title = table ? tableName(table, i18n.language) : t('nav.googleTableData');

  return (
    <div className={styles.page}>
      <Link className={styles.back} to="/google-table">
        <ArrowLeftRegular aria-hidden="true" />
        {t('nav.googleTables')}
      </Link>
      <Title2 as="h1">{title}</Title2>
      {id === null ? (
        <FailureMessage failure={failed(t('googleTableData.badId'), 404)} />
      ) : (
        <>
          <div className={styles.toolbar}>
            <Button
              icon={<ArrowClockwiseRegular />}
              onClick={() => void fetchData()}
              disabled={load.state === 'loading'}
            >
              {t('common.refresh')}
            </Button>
            {sheets.length > 1 && (
              <Field label={t('googleTableData.sheetPicker')} orientation="horizontal">
                <Select value={shownSheet ?? ''} onChange={(_, data) => setSheet(data.value)}>
                  {sheets.map((title) => (
                    <option key={title} value={title}>
                      {title}
                    </option>
                  ))}
                </Select>
              </Field>
            )}
            {table && <Text size={200}>{t('googleTableData.spreadsheet', { id: table.spreadsheet_id })}</Text>}
          </div>
          {load.state === 'loading' && <Spinner label={t('common.loading')} />}
          {load.state === 'failed' && <FailureMessage failure={load.failure} />}
          {load.state === 'ready' &&
            (load.data.rows.length === 0 ? (
              <Text>{t('common.nothingFound')}</Text>
            ) : (
              <div className={styles.scroller}>
                <Table aria-label={title} size="small">
                  <TableHeader>
                    <TableRow>
                      {load.data.headers.map((header, index) => (
                        <TableHeaderCell key={index}>{header}</TableHeaderCell>
                      ))}
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {load.data.rows.map((row, rowIndex) => (
                      <TableRow key={rowIndex}>
                        {Array.from({ length: Math.max(load.data.headers.length, row.length) }, (_, index) => (
                          <TableCell key={index}>{row[index] ?? ''}</TableCell>
                        ))}
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
            ))}
        </>
      )}
    </div>
  );
});
