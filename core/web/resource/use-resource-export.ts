import { useEffect, useState } from 'react';
import type { ResourceDefinition } from '@core/shared/resource/definition';
import type { ExportFormat } from '@core/shared/resource/export-format';
import { HttpClients } from '../http/http-clients';
import { useInjection } from '../react/container-context';
import { I18nService } from '../services/i18n-service';
import { ToastService } from '../services/toast-service';
import type { ListParams } from './list-api';
import { ResourceApi } from './resource-api';
import { ResourceFeedback } from './resource-feedback';
import { ResourceListStore } from './resource-list-store';
import { exportFileName, saveBlob } from './save-file';

export interface ResourceExportOptions {
  /** Sent with the export: the engine's filters (`filter[name][eq]`), `deleted`, `sort`. Read when the screen opens. */
  readonly params?: ListParams;
  /** The file's columns for people, in order; by default the server's (the definition's list columns). */
  readonly columns?: readonly string[];
}

/** The export of a screen of its own: `exportCsv` for ExportMenu's `onExport`, `progress` for ExportProgress. */
export interface ResourceExport {
  /** Downloads every record the parameters match as CSV, in the format chosen; nothing while one is under way. */
  readonly exportCsv: (format: ExportFormat) => void;
  /** The export under way (`exporting`) and its cancel. */
  readonly progress: Pick<ResourceListStore, 'exporting' | 'cancelExport'>;
}

/**
 * An engine resource's CSV export (`GET <path>/export.csv`) for a page that is not the engine's
 * list screen (a two-pane page whose list comes from another call): the same file, rows counted
 * as they arrive, cancel, and the same failure toast as every list's Export. Call it in an
 * `observer` component; the export is cancelled when the component unmounts.
 */
export function useResourceExport(definition: ResourceDefinition, options: ResourceExportOptions = {}): ResourceExport {
  const http = useInjection(HttpClients);
  const toasts = useInjection(ToastService);
  const i18n = useInjection(I18nService);
  const [store] = useState(
    () =>
      new ResourceListStore(new ResourceApi(definition, http), new ResourceFeedback(toasts, i18n), {
        fixedParams: options.params,
      }),
  );
  useEffect(() => () => store.dispose(), [store]);
  return {
    exportCsv: (format) =>
      void store.exportCsv(exportFileName(definition.path, new Date(), format), saveBlob, {
        format,
        columns: options.columns ?? [],
      }),
    progress: store,
  };
}
