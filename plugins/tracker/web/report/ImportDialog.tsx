import { useState, type ChangeEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Field,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Option,
  ProgressBar,
  Text,
  tokens,
} from '@fluentui/react-components';
import { serverMessage, useInjection, useListboxClass } from '@core/sdk/web';
import type { ReportTracker } from '../../shared/report';
import { StatisticsImportStore } from './import-store';

const useStyles = makeStyles({
  surface: { maxWidth: 'min(720px, calc(100vw - 32px))', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  errors: { margin: 0, paddingLeft: tokens.spacingHorizontalXL, maxHeight: '240px', overflowY: 'auto' },
});

export interface ImportDialogProps {
  readonly open: boolean;
  readonly trackers: readonly ReportTracker[];
  readonly onClose: () => void;
  /** Called once lines were stored, so the report reads them. */
  readonly onImported: () => void;
}

/** A tracker's CSV export into the statistics, with progress for a long file and every refused line listed. */
export const ImportDialog = observer(function ImportDialog({ open, trackers, onClose, onImported }: ImportDialogProps) {
  const { t } = useTranslation('tracker');
  const styles = useStyles();
  const listbox = useListboxClass();
  const store = useInjection(StatisticsImportStore);
  const [tracker, setTracker] = useState<ReportTracker | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    if (store.running) return;
    store.reset();
    setFile(null);
    setFailure(null);
    onClose();
  };

  const send = async () => {
    if (!tracker || !file) return;
    setFailure(null);
    try {
      const report = await store.importCsv(tracker.id, await file.text());
      if (report.imported + report.updated > 0) onImported();
    } catch (error) {
      setFailure(serverMessage(error) ?? t('report.import.failed'));
    }
  };

  const { sent, total } = store.progress;
  const report = store.report;
  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && close()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{t('report.import.title')}</DialogTitle>
          <DialogContent className={styles.content}>
            <Text>{t('report.import.hint')}</Text>
            <Field label={t('report.tracker')} required>
              <Dropdown
                listbox={{ className: listbox }}
                value={tracker?.slug ?? ''}
                selectedOptions={tracker ? [String(tracker.id)] : []}
                onOptionSelect={(_, data) => setTracker(trackers.find((candidate) => String(candidate.id) === data.optionValue) ?? null)}
              >
                {trackers.map((candidate) => (
                  <Option key={candidate.id} value={String(candidate.id)}>
                    {candidate.slug}
                  </Option>
                ))}
              </Dropdown>
            </Field>
            <Field label={t('report.import.file')} required>
              <input type="file" accept=".csv,text/csv,text/plain" onChange={(event: ChangeEvent<HTMLInputElement>) => setFile(event.target.files?.[0] ?? null)} />
            </Field>
            {store.running && (
              <Field validationMessage={t('report.import.progress', { sent, total })} validationState="none">
                <ProgressBar value={total > 0 ? sent / total : undefined} />
              </Field>
            )}
            {failure && (
              <MessageBar intent="error">
                <MessageBarBody>{failure}</MessageBarBody>
              </MessageBar>
            )}
            {report && !store.running && (
              <MessageBar intent={report.errors.length > 0 ? 'warning' : 'success'} layout="multiline">
                <MessageBarBody>
                  <Text block>{t('report.import.result', { lines: report.lines, imported: report.imported, updated: report.updated, duplicates: report.duplicates })}</Text>
                  {report.errors.length > 0 && (
                    <ul className={styles.errors} aria-label={t('report.import.errors')}>
                      {report.errors.map((error, index) => (
                        <li key={index}>
                          {error.column === null
                            ? t('report.import.lineError', { line: error.line, message: error.message })
                            : t('report.import.cellError', { line: error.line, column: error.column, message: error.message })}
                        </li>
                      ))}
                    </ul>
                  )}
                </MessageBarBody>
              </MessageBar>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={store.running}>
              {t('report.import.close')}
            </Button>
            <Button appearance="primary" disabled={store.running || !tracker || !file} onClick={() => void send()}>
              {t('report.import.send')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
});
