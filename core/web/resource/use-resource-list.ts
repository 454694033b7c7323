import { useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ResourceDefinition } from '@core/shared/resource/definition';
import type { FieldDefinition } from '@core/shared/resource/field';
import type { ExportFormat } from '@core/shared/resource/export-format';
import type { DeletedScope } from '@core/shared/resource/list-query';
import { HttpClients } from '../http/http-clients';
import { BrowserStorage } from '../kernel/environment';
import { useInjection } from '../react/container-context';
import { I18nService } from '../services/i18n-service';
import { SessionStore } from '../services/session-store';
import { ToastService } from '../services/toast-service';
import { ColumnPreferences, columnStorageKey } from './columns';
import type { ResourceListApi } from './list-api';
import { decodeListView, encodeListView, paramsOf, withScope, type ListScope, type ListView } from './list-view';
import { ReferenceLabels } from './reference-labels';
import { ResourceApi } from './resource-api';
import { useReferenceLabels } from './use-reference-labels';
import { ResourceFeedback } from './resource-feedback';
import { ResourceListStore } from './resource-list-store';
import { exportFileName, saveBlob } from './save-file';
import type { ResourceScreenOptions } from './types';

/** What the list hook needs besides the definition: the list-shaping part of the screen options. */
export type ResourceListOptions = Pick<
  ResourceScreenOptions,
  'listApi' | 'scopes' | 'filters' | 'listParams' | 'columnWidths'
> & {
  /**
   * Where the view (page, sort, filters) is kept: the URL (default: the page's own list, so a link
   * shows it as it was), or the component's state, for a list inside another page (a record page's
   * related section) whose paging must not change that page's address.
   */
  readonly viewIn?: 'url' | 'state';
};

/**
 * One visit's list state for a custom screen or the engine's: the store (page, loading, selection,
 * export progress), the view kept in the URL, and the moves that change it. Call it inside an
 * `observer` component; everything it returns lives until the component unmounts.
 */
export interface ResourceList {
  /** The definition the list reads: the given one plus the contributed filter fields. */
  readonly definition: ResourceDefinition;
  readonly store: ResourceListStore;
  /** The list adapter. */
  readonly listApi: ResourceListApi;
  /** The engine's resource calls (forms, row actions run in code). */
  readonly api: ResourceApi;
  readonly feedback: ResourceFeedback;
  readonly labels: ReferenceLabels;
  readonly columns: ColumnPreferences;
  readonly scopes: readonly ListScope[];
  readonly view: ListView;
  /** Shows `view`: a new URL entry, which the list follows. */
  readonly go: (view: ListView) => void;
  readonly sortBy: (column: string) => void;
  readonly setPage: (page: number) => void;
  readonly setPerPage: (perPage: number) => void;
  readonly setScope: (scope: ListScope, value: string) => void;
  readonly setDeleted: (deleted: DeletedScope) => void;
  /**
   * Downloads every matching row as CSV (progress in `store.exporting`): for people, the columns
   * shown in their order (the default); exact, every column. Absent when the adapter cannot export.
   */
  readonly exportCsv: ((format?: ExportFormat) => void) | null;
  readonly reload: () => Promise<void>;
}

/** The definition with filter-only fields added: they filter, never show as a column. */
export function withFilterFields(
  definition: ResourceDefinition,
  filters: readonly FieldDefinition[],
): ResourceDefinition {
  if (filters.length === 0) return definition;
  return {
    ...definition,
    fields: [...definition.fields, ...filters.map((field): FieldDefinition => ({ ...field, list: false }))],
  };
}

interface Visit {
  readonly definition: ResourceDefinition;
  readonly api: ResourceApi;
  readonly listApi: ResourceListApi;
  readonly feedback: ResourceFeedback;
  readonly labels: ReferenceLabels;
  readonly store: ResourceListStore;
  readonly columns: ColumnPreferences;
  readonly scopes: readonly ListScope[];
}

/** The list of `definition`, its state in the URL. Options are read once, when the component mounts. */
export function useResourceList(definition: ResourceDefinition, options: ResourceListOptions = {}): ResourceList {
  const http = useInjection(HttpClients);
  const toasts = useInjection(ToastService);
  const i18n = useInjection(I18nService);
  const session = useInjection(SessionStore);
  const storage = useInjection(BrowserStorage);

  const labels = useReferenceLabels();
  const [visit] = useState<Visit>(() => {
    const api = new ResourceApi(definition, http);
    const listApi = options.listApi?.(http) ?? api;
    const feedback = new ResourceFeedback(toasts, i18n);
    const filters = options.filters ?? [];
    const scopes = options.scopes ?? [];
    const screen = withFilterFields(definition, filters);
    const store = new ResourceListStore(
      listApi,
      feedback,
      { scopes, paramFilters: filters.map((field) => field.name), fixedParams: options.listParams },
      screen,
    );
    return {
      definition: screen,
      api,
      listApi,
      feedback,
      labels,
      store,
      // Columns come from the definition alone: a contributed filter is not a column.
      columns: new ColumnPreferences(
        definition,
        storage,
        columnStorageKey(session.user?.id ?? 'anonymous', definition.id),
        options.columnWidths,
      ),
      scopes,
    };
  });
  const { store, scopes } = visit;
  const screen = visit.definition;
  useEffect(() => () => store.dispose(), [store]);

  // The URL (or, for a list inside another page, the component's state) is the list's state:
  // decode it, drop what it cannot mean, follow it.
  const [urlParams, setUrlParams] = useSearchParams();
  const [stateParams, setStateParams] = useState<Record<string, string>>({});
  const inState = options.viewIn === 'state';
  const search = inState ? new URLSearchParams(stateParams).toString() : urlParams.toString();
  const setSearchParams = useCallback(
    (params: Record<string, string>, navigation?: { replace: boolean }): void => {
      if (inState) setStateParams(params);
      else setUrlParams(params, navigation);
    },
    [inState, setUrlParams],
  );
  const decoded = useMemo(
    () => decodeListView(screen, paramsOf(new URLSearchParams(search)), scopes),
    [screen, search, scopes],
  );
  // Before the browser paints (a layout effect): the page's request leaves while the first frame is
  // drawn, not after it, a frame sooner to the rows of a cold start.
  useLayoutEffect(() => {
    if (decoded.dropped.length > 0) setSearchParams(encodeListView(screen, decoded.view), { replace: true });
    store.setView(decoded.view);
  }, [decoded, screen, setSearchParams, store]);
  const view = store.view;
  const query = view.query;

  // A page past the end (the last rows were deleted, a stale link) moves to the last page.
  const lastPage = store.page && !store.stale ? store.page.last_page : null;
  useEffect(() => {
    if (lastPage !== null && query.page > Math.max(1, lastPage)) {
      setSearchParams(encodeListView(screen, { ...view, query: { ...query, page: Math.max(1, lastPage) } }), {
        replace: true,
      });
    }
  }, [lastPage, query, view, screen, setSearchParams]);

  const go = (next: ListView) => setSearchParams(encodeListView(screen, next));
  const fixedSort = visit.listApi.fixedSort ?? {};
  const exportCsv = visit.listApi.exportCsv
    ? (format: ExportFormat = 'people') =>
        void store.exportCsv(exportFileName(screen.path, new Date(), format), saveBlob, {
          format,
          columns: visit.columns.visible.map((column) => column.name),
        })
    : null;
  return {
    ...visit,
    view,
    go,
    sortBy: (column) => {
      const fixed = fixedSort[column];
      const direction = fixed ?? (query.sort.field === column && query.sort.direction === 'asc' ? 'desc' : 'asc');
      go({ ...view, query: { ...query, page: 1, sort: { field: column, direction } } });
    },
    setPage: (page) => go({ ...view, query: { ...query, page } }),
    setPerPage: (perPage) => go({ ...view, query: { ...query, page: 1, perPage } }),
    setScope: (scope, value) => go(withScope(view, scope, value)),
    setDeleted: (deleted) => go({ ...view, query: { ...query, page: 1, deleted } }),
    exportCsv,
    reload: () => store.refresh(),
  };
}
