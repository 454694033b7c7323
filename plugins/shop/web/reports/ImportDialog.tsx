import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { HttpClients, HttpError, serverMessage, useInjection } from '@core/sdk/web';
import { readLineErrorKey, REPORT_COLUMNS, REPORT_REQUIRED_COLUMNS, type ReportLoadAnswer } from '../../shared/reports';
import { reportsResource } from '../../shared/resources';
import { importReportsCsv } from './reports-api';

const useStyles = makeStyles({
  surface: { maxWidth: 'min(760px, calc(100vw - 32px))', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  errors: { margin: 0, paddingLeft: tokens.spacingHorizontalXL, maxHeight: '260px', overflowY: 'auto' },
  columns: { fontFamily: tokens.fontFamilyMonospace, wordBreak: 'break-word' },
});

/** One refused place of the file, as the dialog lists it. */
interface Problem {
  readonly line: number | null;
  readonly column: string | null;
  readonly message: string;
}

/** A 422's errors as lines of the file, in the file's order; anything else the server said comes first. */
function problemsOf(error: HttpError): Problem[] {
  const problems: Problem[] = [];
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    const place = readLineErrorKey(key);
    for (const message of messages) problems.push({ line: place?.at ?? null, column: place?.column ?? null, message });
  }
  return problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
}

type Outcome = { readonly kind: 'none' } | { readonly kind: 'done'; readonly answer: ReportLoadAnswer } | { readonly kind: 'refused'; readonly message: string; readonly problems: readonly Problem[] };

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
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });

  const close = () => {
    if (sending) return;
    setFile(null);
    setOutcome({ kind: 'none' });
    onClose();
  };

  const send = async () => {
    if (!file) return;
    setSending(true);
    setOutcome({ kind: 'none' });
    try {
      const answer = await importReportsCsv(api, await file.text());
      setOutcome({ kind: 'done', answer });
      onImported();
    } catch (error) {
      const problems = error instanceof HttpError ? problemsOf(error) : [];
      setOutcome({ kind: 'refused', message: serverMessage(error) ?? t('reports.import.failed'), problems });
    } finally {
      setSending(false);
    }
  };

  const columnLabel = (column: string) => {
    const field = reportsResource.fields.find((candidate) => candidate.name === column);
    return field ? t(field.labelKey) : column;
  };
  const describe = (problem: Problem) =>
    problem.line === null
      ? problem.message
      : problem.column === null
        ? t('reports.import.lineError', { line: problem.line, message: problem.message })
        : t('reports.import.cellError', { line: problem.line, column: columnLabel(problem.column), message: problem.message });

  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && close()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{t('reports.import.title')}</DialogTitle>
          <DialogContent className={styles.content}>
            <Text>{t('reports.import.hint')}</Text>
            <Text className={styles.columns}>{t('reports.import.columns', { required: REPORT_REQUIRED_COLUMNS.join(', '), all: REPORT_COLUMNS.join(', ') })}</Text>
            <Field label={t('reports.import.file')} required>
              <input type="file" accept=".csv,text/csv,text/plain" onChange={(event: ChangeEvent<HTMLInputElement>) => setFile(event.target.files?.[0] ?? null)} />
            </Field>
            {outcome.kind === 'done' && (
              <MessageBar intent="success">
                <MessageBarBody>{t('reports.import.result', { created: outcome.answer.created, updated: outcome.answer.updated })}</MessageBarBody>
              </MessageBar>
            )}
            {outcome.kind === 'refused' && (
              <MessageBar intent="error" layout="multiline">
                <MessageBarBody>
                  <Text block>{outcome.message}</Text>
                  {outcome.problems.length > 0 && (
                    <ul className={styles.errors} aria-label={t('reports.import.errors')}>
                      {outcome.problems.map((problem, index) => (
                        <li key={index}>{describe(problem)}</li>
                      ))}
                    </ul>
                  )}
                </MessageBarBody>
              </MessageBar>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={sending}>
              {t('reports.import.close')}
            </Button>
            <Button appearance="primary" icon={sending ? <Spinner size="tiny" /> : undefined} disabled={sending || !file} onClick={() => void send()}>
              {t('reports.import.send')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
