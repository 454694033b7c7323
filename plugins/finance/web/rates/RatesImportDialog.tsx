import { useTranslation } from 'react-i18next';
import { TextImportDialog, ToastService, useInjection, type TextImportOutcome } from '@core/sdk/web';
import { lineErrors, RatesImportStore } from './rates-import-store';

export interface RatesImportDialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
  /** Called after rates were stored, so the list can reload. */
  readonly onImported: () => void;
}

/** Exchange rates from CSV text (pasted or read from a file); every refused line is listed with its number. */
export function RatesImportDialog({ open, onClose, onImported }: RatesImportDialogProps) {
  const { t } = useTranslation('finance');
  const store = useInjection(RatesImportStore);
  const toasts = useInjection(ToastService);

  const send = async (csv: string): Promise<TextImportOutcome> => {
    const result = await store.importCsv(csv);
    if (result.ok) {
      toasts.success(t('rates.imported', { ...result.data, count: result.data.total }));
      onImported();
      return { kind: 'done' };
    }
    const lines = result.status === 422 ? lineErrors(result.fieldErrors) : [];
    return {
      kind: 'report',
      intent: 'error',
      message: lines.length > 0 ? (result.summary ?? '') : result.message,
      lines,
    };
  };

  return (
    <TextImportDialog
      open={open}
      title={t('rates.importTitle')}
      hint={t('rates.importHint')}
      input="paste"
      accept=".csv,text/csv,text/plain"
      fileLabel={t('rates.file')}
      textLabel={t('rates.text')}
      emptyText={t('rates.empty')}
      linesLabel={t('rates.lineErrors')}
      submitLabel={t('rates.send')}
      onSubmit={send}
      onClose={onClose}
    />
  );
}
