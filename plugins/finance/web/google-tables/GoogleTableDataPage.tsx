import { useEffect, useState } from 'react';
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
import { DataView, I18nService, useData, useInjection } from '@core/sdk/web';
import { dataOf, failed, failureOf, type FinanceFailure } from '../finance-result';
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
  const [table, setTable] = useState<GoogleTable | null>(null);
  const [sheet, setSheet] = useState<string | null>(null);

  const data = useData(
    async (signal): Promise<SheetData | null> => {
      if (id === null) return null;
      const found = await dataOf(store.fetchData(id, sheet === null ? undefined : sheetRange(sheet)));
      if (found.table && !signal.aborted) setTable(found.table);
      return found;
    },
    [id, sheet, store],
  );

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
    if (data.data) setSheets(data.data.sheets);
  }, [data.data]);
  const shownSheet = sheet ?? sheetOfRange(data.data?.range ?? null) ?? sheets[0] ?? null;

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
            <Button icon={<ArrowClockwiseRegular />} onClick={data.retry} disabled={data.state.status === 'loading'}>
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
          {/* The page's own bar for a failure: what is at fault (the service, the sheet) decides its title. */}
          {data.state.status === 'failed' ? (
            <FailureMessage failure={failureOf(data.state.error)} />
          ) : (
            <DataView
              data={data}
              isEmpty={(found) => found?.rows.length === 0}
              empty={<Text>{t('common.nothingFound')}</Text>}
            >
              {(found) =>
                found && (
                  <div className={styles.scroller}>
                    <Table aria-label={title} size="small">
                      <TableHeader>
                        <TableRow>
                          {found.headers.map((header, index) => (
                            <TableHeaderCell key={index}>{header}</TableHeaderCell>
                          ))}
                        </TableRow>
                      </TableHeader>
                      <TableBody>
                        {found.rows.map((row, rowIndex) => (
                          <TableRow key={rowIndex}>
                            {Array.from({ length: Math.max(found.headers.length, row.length) }, (_, index) => (
                              <TableCell key={index}>{row[index] ?? ''}</TableCell>
                            ))}
                          </TableRow>
                        ))}
                      </TableBody>
                    </Table>
                  </div>
                )
              }
            </DataView>
          )}
        </>
      )}
    </div>
  );
});
