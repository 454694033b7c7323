import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { ListPage } from '@core/shared/envelopes';
import type { ResourceDefinition, ResourceRecord, RowAction, ToolbarAction } from '@core/shared/resource/definition';
import type { ListQuery } from '@core/shared/resource/list-query';
import { countHeader, CsvRecordCounter, exportProgress, type ExportProgress } from './csv-progress';
import { apiListQuery, defaultListView, encodeListView, hasFilters, matchingParams, type ListView } from './list-view';
import type { ResourceApi } from './resource-api';
import { isAbort, type ResourceFeedback, type ResourceSuccess } from './resource-feedback';

/** What the table area shows instead of rows. */
export type EmptyState = 'none' | 'nothingFound' | 'empty';

export interface ResourceListStoreOptions {
  /** Today, for date presets; the clock by default. */
  readonly now?: () => Date;
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

  constructor(
    private readonly api: ResourceApi,
    private readonly feedback: ResourceFeedback,
    options: ResourceListStoreOptions = {},
  ) {
    this.definition = api.definition;
    this.view = defaultListView(api.definition);
    this.now = options.now ?? (() => new Date());
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
    // A filter (or the deleted scope) that matches nothing is not an empty section.
    const narrowed = hasFilters(this.view) || this.view.query.deleted === 'only';
    return narrowed || this.page.total > 0 ? 'nothingFound' : 'empty';
  }

  /** The query sent to the API now (presets resolved against today). */
  apiQuery(): ListQuery {
    return apiListQuery(this.definition, this.view, this.now());
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
      const page = await this.api.list(this.apiQuery(), controller.signal);
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
  private async change(run: () => Promise<void>, success: ResourceSuccess, failure: 'update' | 'delete'): Promise<boolean> {
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
    const selection = this.allMatching ? { query: matchingParams(this.definition, this.apiQuery()) } : { ids: [...this.selected] };
    const done = await this.change(() => this.api.bulkDelete(selection), 'deleted', 'delete');
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
    return this.change(() => this.api.rowAction(record.id, rowAction.endpoint), 'done', 'update');
  }

  runToolbarAction(toolbarAction: ToolbarAction): Promise<boolean> {
    return this.change(() => this.api.toolbarAction(toolbarAction.endpoint), 'done', 'update');
  }

  // ---- export --------------------------------------------------------------------------------

  /**
   * Downloads every matching row as CSV (the server streams it), counting rows as they arrive
   * against the `X-Total-Count` it announces, then hands the file to `save`.
   */
  async exportCsv(fileName: string, save: (blob: Blob, name: string) => void): Promise<void> {
    if (this.exportController) return;
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
      const blob = await this.api.exportCsv(matchingParams(this.definition, this.apiQuery()), {
        signal: controller.signal,
        onHeaders: (headers) => {
          totalRows = countHeader(headers, 'X-Total-Count');
          totalBytes = countHeader(headers, 'Content-Length');
        },
        onChunk: (chunk) => counter.feed(chunk),
        onProgress: (received) => report(received),
      });
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
