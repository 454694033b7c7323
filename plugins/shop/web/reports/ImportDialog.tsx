import { useTranslation } from 'react-i18next';
import { makeStyles, Text, tokens } from '@fluentui/react-components';
import {
  HttpClients,
  HttpError,
  serverMessage,
  TextImportDialog,
  useInjection,
  type ImportLineError,
  type TextImportOutcome,
} from '@core/sdk/web';
import { readLineErrorKey, REPORT_COLUMNS, REPORT_REQUIRED_COLUMNS } from '../../shared/reports';
import { reportsResource } from '../../shared/resources';
import { importReportsCsv } from './reports-api';

const useStyles = makeStyles({
  columns: { fontFamily: tokens.fontFamilyMonospace, wordBreak: 'break-word' },
});

export interface ImportDialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
  /** Called once rows were written. */
  readonly onImported: () => void;
}

/** A CSV file of asset reports: all its lines are written, or none and every line at fault is listed. */
export function ImportDialog({ open, onClose, onImported }: ImportDialogProps) {
  const { t } = useTranslation('shop');
  const styles = useStyles();
  const api = useInjection(HttpClients).get(reportsResource.service);

  const columnLabel = (column: string) => {
    const field = reportsResource.fields.find((candidate) => candidate.name === column);
    return field ? t(field.labelKey) : column;
  };

  /** A 422's errors as places of the file, in the file's order; anything not tied to a line comes first. */
  const linesOf = (error: HttpError): ImportLineError[] =>
    Object.entries(error.fieldErrors)
      .flatMap(([key, messages]) => {
        const place = readLineErrorKey(key);
        return messages.map((message) => ({
          line: place?.at ?? null,
          column: place?.column ? columnLabel(place.column) : null,
          message,
        }));
      })
      .sort((a, b) => (a.line ?? 0) - (b.line ?? 0));

  // The dialog stays open on the answer: the rows written, or the lines to correct.
  const send = async (csv: string): Promise<TextImportOutcome> => {
    try {
      const answer = await importReportsCsv(api, csv);
      onImported();
      return {
        kind: 'report',
        intent: 'success',
        message: t('reports.import.result', { created: answer.created, updated: answer.updated }),
      };
    } catch (error) {
      if (!(error instanceof HttpError) || Object.keys(error.fieldErrors).length === 0) throw error;
      return { kind: 'report', intent: 'error', message: serverMessage(error) ?? '', lines: linesOf(error) };
    }
  };

  return (
    <TextImportDialog
      open={open}
      title={t('reports.import.title')}
      hint={t('reports.import.hint')}
      input="file"
      accept=".csv,text/csv,text/plain"
      fileLabel={t('reports.import.file')}
      linesLabel={t('reports.import.errors')}
      submitLabel={t('reports.import.send')}
      onSubmit={send}
      onClose={onClose}
    >
      <Text className={styles.columns}>
        {t('reports.import.columns', { required: REPORT_REQUIRED_COLUMNS.join(', '), all: REPORT_COLUMNS.join(', ') })}
      </Text>
    </TextImportDialog>
  );
}
