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
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Text,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ToastService, useInjection } from '@core/sdk/web';
import { lineErrors, RatesImportStore, type LineError } from './rates-import-store';

const useStyles = makeStyles({
  surface: { maxWidth: 'min(720px, calc(100vw - 32px))', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  csv: { fontFamily: tokens.fontFamilyMonospace },
  errors: { margin: 0, paddingLeft: tokens.spacingHorizontalXL, maxHeight: '240px', overflowY: 'auto' },
});

export interface RatesImportDialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
  /** Called after rates were stored, so the list can reload. */
  readonly onImported: () => void;
}

/** Exchange rates from CSV text (pasted or read from a file); every refused line is listed with its number. */
export function RatesImportDialog({ open, onClose, onImported }: RatesImportDialogProps) {
  const { t } = useTranslation('finance');
  const styles = useStyles();
  const store = useInjection(RatesImportStore);
  const toasts = useInjection(ToastService);
  const [csv, setCsv] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ message: string; lines: readonly LineError[] } | null>(null);
  const [missing, setMissing] = useState(false);

  const close = () => {
    setCsv('');
    setProblem(null);
    setMissing(false);
    onClose();
  };

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) setCsv(await file.text());
  };

  const send = async () => {
    if (csv.trim() === '') {
      setMissing(true);
      return;
    }
    setMissing(false);
    setBusy(true);
    const result = await store.importCsv(csv);
    setBusy(false);
    if (result.ok) {
      toasts.success(t('rates.imported', { ...result.data, count: result.data.total }));
      onImported();
      close();
      return;
    }
    const lines = result.status === 422 ? lineErrors(result.fieldErrors) : [];
    setProblem({ message: lines.length > 0 ? (result.summary ?? '') : result.message, lines });
  };

  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && close()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{t('rates.importTitle')}</DialogTitle>
          <DialogContent className={styles.content}>
            <Text>{t('rates.importHint')}</Text>
            <Field label={t('rates.file')}>
              <input type="file" accept=".csv,text/csv,text/plain" onChange={(event) => void readFile(event)} />
            </Field>
            <Field label={t('rates.text')} required validationMessage={missing ? t('rates.empty') : undefined}>
              <Textarea className={styles.csv} name="csv" rows={10} resize="vertical" value={csv} onChange={(_, data) => setCsv(data.value)} />
            </Field>
            {problem && (
              <MessageBar intent="error" layout="multiline">
                <MessageBarBody>
                  <MessageBarTitle>{problem.lines.length > 0 ? t('rates.lineErrors') : problem.message}</MessageBarTitle>
                  {problem.lines.length > 0 && (
                    <>
                      {problem.message && <Text block>{problem.message}</Text>}
                      <ul className={styles.errors} aria-label={t('rates.lineErrors')}>
                        {problem.lines.flatMap((line) =>
                          line.messages.map((message, index) => <li key={`${line.line ?? 'file'}-${index}`}>{message}</li>),
                        )}
                      </ul>
                    </>
                  )}
                </MessageBarBody>
              </MessageBar>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{t('common.cancel')}</Button>
            <Button appearance="primary" disabled={busy} onClick={() => void send()}>
              {t('rates.send')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
