import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Spinner } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { serverMessage } from '../resource/resource-feedback';
import { saveBlob } from '../resource/save-file';
import { ToastService } from '../services/toast-service';
import { useInjection } from './container-context';

/** A file a download gives: its bytes and the name it is saved under. */
export interface DownloadedFile {
  readonly blob: Blob;
  readonly name: string;
}

export interface DownloadButtonProps {
  /** Fetches the file (e.g. a report's CSV of the query shown). */
  readonly download: () => Promise<DownloadedFile>;
  readonly disabled?: boolean;
  /** The button's text; "Export CSV" by default. */
  readonly label?: string;
  /** Said when the download fails and the server gave no message. */
  readonly failedText: string;
}

/**
 * A toolbar button that downloads a file and hands it to the browser: a spinner while it runs (so it
 * cannot be pressed twice), the server's message or `failedText` in a toast when it fails.
 */
export function DownloadButton({ download, disabled = false, label, failedText }: DownloadButtonProps) {
  const { t } = useTranslation('core');
  const toasts = useInjection(ToastService);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const file = await download();
      saveBlob(file.blob, file.name);
    } catch (error) {
      toasts.error(serverMessage(error) ?? failedText);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      icon={busy ? <Spinner size="tiny" /> : <ArrowDownloadRegular />}
      disabled={disabled || busy}
      onClick={() => void run()}
    >
      {label ?? t('resource.toolbar.export')}
    </Button>
  );
}
