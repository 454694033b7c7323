import { useMemo, useState } from 'react';
import type { ResourceRecord } from '@core/sdk/shared';
import { HttpClients, ResourcePage, saveBlob, useInjection, type ResourceScreenOptions } from '@core/sdk/web';
import { whitesResource } from '../../shared/resources';
import { downloadArchive } from './archive-api';
import { ArchiveUploadDialog } from './ArchiveUploadDialog';

interface Uploading {
  readonly white: ResourceRecord;
  readonly reload: () => Promise<void>;
}

/** `/whites` (YQ): the engine's list, with a white's site archive uploaded and downloaded from its row. */
export function WhitesPage() {
  const clients = useInjection(HttpClients);
  const [uploading, setUploading] = useState<Uploading | null>(null);
  const options = useMemo<ResourceScreenOptions>(
    () => ({
      rowActions: [
        {
          name: 'upload-archive',
          labelKey: 'system:whites.uploadAction',
          requires: 'YQ',
          run: (white, { reload }) => setUploading({ white, reload }),
        },
        {
          name: 'download-archive',
          labelKey: 'system:whites.download',
          when: (white) => typeof white.archive_name === 'string',
          run: async (white) => saveBlob(await downloadArchive(clients, white.id), String(white.archive_name)),
        },
      ],
    }),
    [clients],
  );
  return (
    <>
      <ResourcePage definition={whitesResource} options={options} />
      {uploading && (
        <ArchiveUploadDialog
          white={uploading.white}
          onUploaded={() => void uploading.reload()}
          onClose={() => setUploading(null)}
        />
      )}
    </>
  );
}
