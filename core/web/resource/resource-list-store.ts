import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { ListPage } from '@core/shared/envelopes';
import type { ResourceDefinition, ResourceRecord, RowAction, ToolbarAction } from '@core/shared/resource/definition';
import { exportParams, type ExportFile } from '@core/shared/resource/export-format';
import type { ListQuery } from '@core/shared/resource/list-query';
import { countHeader, CsvRecordCounter, exportProgress, type ExportProgress } from './csv-progress';
import type { ListParams, ResourceListApi } from './list-api';
import {
  apiListQuery,
  defaultListView,
  encodeListView,
  hasFilters,
  matchingParams,
  scopeValue,
  type ListScope,
  type ListView,
} from './list-view';
import { isAbort, type ResourceFeedback, type ResourceSuccess } from './resource-feedback';

/** What the table area shows instead of rows. */
export type EmptyState = 'none' | 'nothingFound' | 'empty';

export interface ResourceListStoreOptions {
  /** Today, for date presets; the clock by default. */
  readonly now?: () => Date;
  /** Scopes of the list: their values are sent as parameters (see ListScope). */
  readonly scopes?: readonly ListScope[];
  /**
   * Filter fields sent as a plain parameter (`<name>=<value>`, several values joined by commas)
   * instead of the engine's `filter[…]`: the screen's filter contributions.
   */
  readonly paramFilters?: readonly string[];
  /** Sent with every list, export and delete-all-matching call. */
  readonly fixedParams?: ListParams;
}

/**
 * One list screen's state, created by the screen and dropped with it (page-scoped: nothing
 * leaks to the next visit or the next user). The view comes from the URL (`setView`); the store
 * loads the page it describes, cancelling a load that a newer view overtook.
 */
export class ResourceListStore {
  view: ListView;
  page: ListPage<ResourceRecord> | null = null;
  /** The view `page` answers (compared with `view` to tell a fresh page from a stale one). */
  pageKey: string | null = null;
  loading = false;
  failed = false;
  selected: ReadonlySet<number> = new Set();
  /** "Select all N matching": every record the filters match, not just this page's. */
  allMatching = false;
  exporting: ExportProgress | null = null;
  busy = false;

  readonly definition: ResourceDefinition;
  private loadController: AbortController | null = null;
  private exportController: AbortController | null = null;
  private readonly now: () => Date;
  private readonly scopes: readonly ListScope[];
  private readonly paramFilters: ReadonlySet<string>;
  private readonly fixedParams: ListParams;

  /** `definition`: the screen's, when it adds filter fields to the adapter's. */
  constructor(
    private readonly api: ResourceListApi,
    private readonly feedback: ResourceFeedback,
    options: ResourceListStoreOptions = {},
    definition: ResourceDefinition = api.definition,
  ) {
    this.definition = definition;
    this.view = defaultListView(definition);
    this.now = options.now ?? (() => new Date());
    this.scopes = options.scopes ?? [];
    this.paramFilters = new Set(options.paramFilters ?? []);
    this.fixedParams = options.fixedParams ?? {};
    makeObservable<ResourceListStore, 'startLoad'>(this, {
      view: observableRef,
      page: observableRef,
      pageKey: observable,
      loading: observable,
      failed: observable,
      selected: observableRef,
      allMatching: observable,
      exporting: observableRef,
      busy: observable,
      viewKey: computed,
      rows: computed,
      stale: computed,
      emptyState: computed,
      selectedCount: computed,
      pageSelected: computed,
      setView: action,
      startLoad: action,
      toggle: action,
      togglePage: action,
      selectAllMatching: action,
      clearSelection: action,
    });
  }

  get viewKey(): string {
    return JSON.stringify(encodeListView(this.definition, this.view));
  }

  get rows(): readonly ResourceRecord[] {
    return this.page?.data ?? [];
  }

  /** Loading a different view than the rows on screen answer (a skeleton, not the old rows). */
  get stale(): boolean {
    return this.pageKey !== this.viewKey;
  }

  get emptyState(): EmptyState {
    if (!this.page || this.stale || this.page.data.length > 0) return 'none';
    // A filter (or a scope) that matches nothing is not an empty section.
    const narrowed =
      hasFilters(this.view) || this.view.query.deleted === 'only' || Object.keys(this.view.scopes ?? {}).length > 0;
    return narrowed || this.page.total > 0 ? 'nothingFound' : 'empty';
  }

  /** The query sent to the API now (presets resolved against today; parameter filters left to `apiParams`). */
  apiQuery(): ListQuery {
    const query = apiListQuery(this.definition, this.view, this.now());
    return { ...query, filters: query.filters.filter((clause) => !this.paramFilters.has(clause.field)) };
  }

  /** The parameters sent beside the query: fixed ones, every scope's value, the parameter filters. */
  apiParams(): ListParams {
    const params: Record<string, string> = { ...this.fixedParams };
    for (const scope of this.scopes) params[scope.param] = scopeValue(this.view, scope);
    for (const clause of this.view.query.filters) {
      if (!this.paramFilters.has(clause.field)) continue;
      const value = Array.isArray(clause.value) ? clause.value.join(',') : String(clause.value);
      if (value !== '') params[clause.field] = value;
    }
    return params;
  }

  /** The parameters that pick every matching record (no page): export and delete-all-matching. */
  private matching(): ListParams {
    return { ...this.apiParams(), ...matchingParams(this.definition, this.apiQuery()) };
  }

  /** Follows the URL: a new view loads, the same one does nothing. */
  setView(view: ListView): void {
    const key = JSON.stringify(encodeListView(this.definition, view));
    if (key === this.viewKey && (this.page || this.loading)) return;
    this.view = view;
    this.clearSelection();
    void this.load();
  }

  refresh(): Promise<void> {
    return this.load();
  }

  private startLoad(): AbortController {
    this.loadController?.abort();
    const controller = new AbortController();
    this.loadController = controller;
    this.loading = true;
    this.failed = false;
    return controller;
  }

  async load(): Promise<void> {
    const controller = this.startLoad();
    const key = this.viewKey;
    try {
      const page = await this.api.list(this.apiQuery(), this.apiParams(), controller.signal);
      if (controller.signal.aborted) return;
      runInAction(() => {
        this.page = page;
        this.pageKey = key;
        // Rows that left the page (deleted, filtered away) leave the selection too.
        const ids = new Set(page.data.map((row) => row.id));
        this.selected = new Set([...this.selected].filter((id) => ids.has(id)));
      });
    } catch (error) {
      if (controller.signal.aborted || isAbort(error)) return;
      runInAction(() => {
        this.failed = true;
      });
      this.feedback.failed('load', error);
    } finally {
      if (this.loadController === controller) {
        runInAction(() => {
          this.loading = false;
        });
        this.loadController = null;
      }
    }
  }

  // ---- selection -------------------------------------------------------------------------

  toggle(id: number, on: boolean): void {
    const next = new Set(this.selected);
    if (on) next.add(id);
    else next.delete(id);
    this.selected = next;
    this.allMatching = false;
  }

  togglePage(on: boolean): void {
    this.selected = on ? new Set(this.rows.map((row) => row.id)) : new Set();
    this.allMatching = false;
  }

  /** Offered once the whole page is selected and more records match than the page shows. */
  selectAllMatching(): void {
    this.togglePage(true);
    this.allMatching = true;
  }

  clearSelection(): void {
    this.selected = new Set();
    this.allMatching = false;
  }

  get pageSelected(): boolean {
    return this.rows.length > 0 && this.rows.every((row) => this.selected.has(row.id));
  }

  get selectedCount(): number {
    return this.allMatching ? (this.page?.total ?? 0) : this.selected.size;
  }

  // ---- changes -----------------------------------------------------------------------------

  /** Runs a change, announces it, reloads; false when it failed (already reported). */
  private async change(
    run: () => Promise<void>,
    success: ResourceSuccess,
    failure: 'update' | 'delete' | 'action',
  ): Promise<boolean> {
    runInAction(() => {
      this.busy = true;
    });
    try {
      await run();
      this.feedback.succeeded(success);
      return true;
    } catch (error) {
      this.feedback.failed(failure, error);
      return false;
    } finally {
      runInAction(() => {
        this.busy = false;
      });
      await this.load();
    }
  }

  remove(record: ResourceRecord): Promise<boolean> {
    return this.change(() => this.api.remove(record.id), 'deleted', 'delete');
  }

  /** Deletes the selection: by ids, or by the list's query when all matching are selected. */
  async removeSelected(): Promise<boolean> {
    const bulkDelete = this.api.bulkDelete?.bind(this.api);
    if (!bulkDelete) return false;
    const selection = this.allMatching ? { query: this.matching() } : { ids: [...this.selected] };
    const done = await this.change(() => bulkDelete(selection), 'deleted', 'delete');
    if (done) runInAction(() => this.clearSelection());
    return done;
  }

  restore(record: ResourceRecord): Promise<boolean> {
    return this.change(() => this.api.restore(record.id), 'restored', 'update');
  }

  block(record: ResourceRecord): Promise<boolean> {
    return this.change(() => this.api.block(record.id), 'blocked', 'update');
  }

  unblock(record: ResourceRecord): Promise<boolean> {
    return this.change(() => this.api.unblock(record.id), 'unblocked', 'update');
  }

  runRowAction(rowAction: RowAction, record: ResourceRecord): Promise<boolean> {
    return this.change(
      async () => {
        await this.adapterCall('rowAction')(record.id, rowAction.endpoint);
      },
      'done',
      'action',
    );
  }

  runToolbarAction(toolbarAction: ToolbarAction): Promise<boolean> {
    return this.change(() => this.adapterCall('toolbarAction')(toolbarAction.endpoint), 'done', 'action');
  }

  /** An optional adapter call the definition needs; an adapter that lacks it is a programming error, reported as a failure. */
  private adapterCall<Name extends 'rowAction' | 'toolbarAction'>(name: Name): NonNullable<ResourceListApi[Name]> {
    const call = this.api[name];
    if (!call) throw new Error(`the list adapter of ${this.definition.id} has no ${name}`);
    return call.bind(this.api) as NonNullable<ResourceListApi[Name]>;
  }

  // ---- export --------------------------------------------------------------------------------

  /**
   * Downloads every matching row as CSV (the server streams it) in `file`'s format and columns,
   * counting rows as they arrive against the `X-Total-Count` it announces, then hands it to `save`.
   */
  async exportCsv(fileName: string, save: (blob: Blob, name: string) => void, file: ExportFile): Promise<void> {
    const exportCsv = this.api.exportCsv?.bind(this.api);
    if (this.exportController || !exportCsv) return;
    const controller = new AbortController();
    this.exportController = controller;
    const counter = new CsvRecordCounter();
    let totalRows: number | null = null;
    let totalBytes: number | null = null;
    const report = (bytes: number) =>
      runInAction(() => {
        this.exporting = exportProgress(counter.rows, totalRows, bytes, totalBytes);
      });
    report(0);
    try {
      const blob = await exportCsv(
        { ...this.matching(), ...exportParams(file) },
        {
          signal: controller.signal,
          onHeaders: (headers) => {
            totalRows = countHeader(headers, 'X-Total-Count');
            totalBytes = countHeader(headers, 'Content-Length');
          },
          onChunk: (chunk) => counter.feed(chunk),
          onProgress: (received) => report(received),
        },
      );
      if (!controller.signal.aborted) save(blob, fileName);
    } catch (error) {
      if (!controller.signal.aborted) this.feedback.failed('export', error);
    } finally {
      this.exportController = null;
      runInAction(() => {
        this.exporting = null;
      });
    }
  }

  cancelExport(): void {
    this.exportController?.abort();
  }

  dispose(): void {
    this.loadController?.abort();
    this.exportController?.abort();
  }
}
