import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@fluentui/react-components';
import type { ResourceRecord } from '@core/sdk/shared';
import { FormDialog, HttpClients, useInjection } from '@core/sdk/web';
import { isArchiveName, MAX_ARCHIVE_BYTES, uploadArchive } from './archive-api';

export interface ArchiveUploadDialogProps {
  readonly white: ResourceRecord;
  readonly onUploaded: () => void;
  readonly onClose: () => void;
}

/** Chooses a .zip of the white's site and uploads it; a wrong type or size is said before anything is sent. */
export function ArchiveUploadDialog({ white, onUploaded, onClose }: ArchiveUploadDialogProps) {
  const { t } = useTranslation('system');
  const clients = useInjection(HttpClients);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const problem = !file
    ? null
    : !isArchiveName(file.name)
      ? t('whites.notZip')
      : file.size > MAX_ARCHIVE_BYTES
        ? t('whites.tooLarge')
        : file.size === 0
          ? t('whites.empty')
          : null;

  const submit = async () => {
    if (!file || problem) return;
    setBusy(true);
    try {
      await uploadArchive(clients, white.id, file);
      onUploaded();
      onClose();
    } catch {
      // The client's toast says what the server refused; the dialog stays for another file.
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={t('whites.uploadTitle', { name: String(white.name) })}
      onSubmit={submit}
      onClose={onClose}
      busy={busy}
      submitLabel={t('whites.upload')}
      submitDisabled={!file || problem !== null}
    >
      <Field label={t('whites.file')} hint={t('whites.fileHint')} validationMessage={problem ?? undefined} required>
        <input
          type="file"
          accept=".zip,application/zip"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
      </Field>
    </FormDialog>
  );
}
