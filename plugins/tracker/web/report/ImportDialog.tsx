import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Dropdown, Field, Option, ProgressBar } from '@fluentui/react-components';
import { TextImportDialog, useInjection, useListboxClass, type TextImportOutcome } from '@core/sdk/web';
import type { ReportTracker } from '../../shared/report';
import { StatisticsImportStore } from './import-store';

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
  const listbox = useListboxClass();
  const store = useInjection(StatisticsImportStore);
  const [tracker, setTracker] = useState<ReportTracker | null>(null);

  const close = () => {
    store.reset();
    onClose();
  };

  // The dialog stays open on the result: what was stored, and the lines refused (the rest went in).
  const send = async (csv: string): Promise<TextImportOutcome> => {
    // `ready` holds the send until a tracker is picked.
    if (!tracker) throw new Error('No tracker is picked');
    const report = await store.importCsv(tracker.id, csv);
    if (report.imported + report.updated > 0) onImported();
    return {
      kind: 'report',
      intent: report.errors.length > 0 ? 'warning' : 'success',
      message: t('report.import.result', {
        lines: report.lines,
        imported: report.imported,
        updated: report.updated,
        duplicates: report.duplicates,
      }),
      lines: report.errors,
    };
  };

  const { sent, total } = store.progress;
  return (
    <TextImportDialog
      open={open}
      title={t('report.import.title')}
      hint={t('report.import.hint')}
      input="file"
      accept=".csv,text/csv,text/plain"
      fileLabel={t('report.import.file')}
      submitLabel={t('report.import.send')}
      ready={tracker !== null}
      progress={
        <Field validationMessage={t('report.import.progress', { sent, total })} validationState="none">
          <ProgressBar value={total > 0 ? sent / total : undefined} />
        </Field>
      }
      onSubmit={send}
      onClose={close}
    >
      <Field label={t('report.tracker')} required>
        <Dropdown
          listbox={{ className: listbox }}
          value={tracker?.slug ?? ''}
          selectedOptions={tracker ? [String(tracker.id)] : []}
          onOptionSelect={(_, data) =>
            setTracker(trackers.find((candidate) => String(candidate.id) === data.optionValue) ?? null)
          }
        >
          {trackers.map((candidate) => (
            <Option key={candidate.id} value={String(candidate.id)}>
              {candidate.slug}
            </Option>
          ))}
        </Dropdown>
      </Field>
    </TextImportDialog>
  );
});
