import { inject, injectable } from 'inversify';
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { HttpClients, I18nService, type StoreContribution } from '@core/sdk/web';
import { failed, financeCall, isRecord, succeeded, type FinanceResult } from '../finance-result';
import { parseSheetData, type SheetData } from './sheet-data';
import {
  buildTree,
  moveByKey,
  parseGoogleTable,
  moveTable,
  placements,
  tablesOf,
  type DropPlace,
  type GoogleTable,
  type KeyboardMove,
  type MoveResult,
  type TableTree,
} from './tree';

/** What the add and edit dialog sends. */
export interface GoogleTableInput {
  readonly name_en: string;
  readonly name_ru: string;
  readonly spreadsheet_id: string;
  readonly parent_id: number | null;
}

interface TablesAnswer {
  readonly tables: GoogleTable[];
  readonly maxNestingLevel: number | null;
}

/** `GET google-tables`: the flat list in `data.data` and the level limit beside it. */
export function parseTablesAnswer(body: unknown): TablesAnswer {
  const data = isRecord(body) ? body.data : undefined;
  const list = isRecord(data) ? data.data : data;
  const tables = Array.isArray(list) ? list.flatMap((raw) => parseGoogleTable(raw) ?? []) : [];
  const limit = isRecord(data) ? (data.max_nesting_level ?? data.maxNestingLevel) : undefined;
  const maxNestingLevel = typeof limit === 'number' && Number.isInteger(limit) && limit > 0 ? limit : null;
  return { tables, maxNestingLevel };
}

/** The spreadsheet tables (`/google-table`) of the signed-in user's session. */
@injectable()
export class GoogleTablesStore implements StoreContribution {
  tables: readonly GoogleTable[] = [];
  /** The server's limit; null until known (then nothing is refused here, the server still checks). */
  maxNestingLevel: number | null = null;
  loading = false;
  saving = false;

  constructor(
    @inject(HttpClients) private readonly http: HttpClients,
    @inject(I18nService) private readonly i18n: I18nService,
  ) {
    makeObservable<GoogleTablesStore, 'apply'>(this, {
      tables: observableRef,
      maxNestingLevel: observable,
      loading: observable,
      saving: observable,
      tree: computed,
      apply: action,
      reset: action,
    });
  }

  get tree(): TableTree {
    return buildTree(this.tables);
  }

  private get client() {
    return this.http.get('finance');
  }

  table(id: number): GoogleTable | undefined {
    return this.tables.find((table) => table.id === id);
  }

  /** Loads the tree. Its errors are logged and handed back (the page shows them); the result says whether it worked. */
  async load(): Promise<FinanceResult<readonly GoogleTable[]>> {
    runInAction(() => {
      this.loading = true;
    });
    const result = await financeCall(
      () => this.client.get<unknown>('google-tables', { silent: true }),
      parseTablesAnswer,
    );
    runInAction(() => {
      this.loading = false;
      if (result.ok) {
        this.apply(result.data.tables);
        if (result.data.maxNestingLevel !== null) this.maxNestingLevel = result.data.maxNestingLevel;
      }
    });
    if (!result.ok) {
      console.error(`GET google-tables failed with status ${result.status}: ${result.message}`);
      return result;
    }
    return succeeded(result.data.tables, result.message);
  }

  /** A drop: moves the branch and saves the whole arrangement; refused moves send nothing. */
  move(dragId: number, targetId: number, place: DropPlace): Promise<FinanceResult<boolean>> {
    return this.save(moveTable(this.tree, dragId, targetId, place, this.maxNestingLevel));
  }

  /** A keyboard move (Alt+Arrow keys), saved the same way. */
  moveByKey(id: number, move: KeyboardMove): Promise<FinanceResult<boolean>> {
    return this.save(moveByKey(this.tree, id, move, this.maxNestingLevel));
  }

  /** The data of a move that saved: true; of one with nothing to change: false. */
  private async save(moved: MoveResult): Promise<FinanceResult<boolean>> {
    if (!moved.ok) {
      if (moved.reason === 'nesting') return failed(this.i18n.t('finance:googleTables.maxNesting'));
      if (moved.reason === 'descendant') return failed(this.i18n.t('finance:googleTables.ownBranch'));
      return succeeded(false);
    }
    const before = this.tables;
    runInAction(() => {
      this.saving = true;
      // Shown at once; put back if the server refuses.
      this.apply(tablesOf(moved.tree));
    });
    const result = await financeCall(
      () => this.client.post<unknown>('google-tables/update-tree', { items: placements(moved.tree) }, { silent: true }),
      () => true,
    );
    runInAction(() => {
      this.saving = false;
      if (!result.ok) this.apply(before);
    });
    return result;
  }

  async create(input: GoogleTableInput): Promise<FinanceResult<GoogleTable | null>> {
    const result = await financeCall(
      () => this.client.post<unknown>('google-table', input, { silent: true }),
      (body) => parseGoogleTable(isRecord(body) ? body.data : null),
    );
    if (result.ok) await this.load();
    return result;
  }

  async update(id: number, input: GoogleTableInput): Promise<FinanceResult<GoogleTable | null>> {
    const result = await financeCall(
      () => this.client.patch<unknown>(`google-tables/${id}`, input, { silent: true }),
      (body) => parseGoogleTable(isRecord(body) ? body.data : null),
    );
    if (result.ok) await this.load();
    return result;
  }

  async remove(id: number): Promise<FinanceResult<boolean>> {
    const result = await financeCall(
      () => this.client.delete<unknown>(`google-tables/${id}`, { silent: true }),
      () => true,
    );
    if (result.ok) await this.load();
    return result;
  }

  /** One table (the data page's title). */
  fetchTable(id: number): Promise<FinanceResult<GoogleTable | null>> {
    return financeCall(
      () => this.client.get<unknown>(`google-tables/${id}`, { silent: true }),
      (body) => parseGoogleTable(isRecord(body) ? body.data : null),
    );
  }

  /** The spreadsheet's rows (of the first sheet, or of `range`); a 503 (unconfigured adapter) or 502 comes back as a failure with the server's text. */
  fetchData(id: number, range?: string): Promise<FinanceResult<SheetData>> {
    return financeCall(
      () =>
        this.client.get<unknown>(`google-tables/${id}/data`, { silent: true, query: range ? { range } : undefined }),
      (body) => parseSheetData(isRecord(body) ? body.data : body),
    );
  }

  private apply(tables: readonly GoogleTable[]): void {
    this.tables = tables;
  }

  reset(): void {
    this.tables = [];
    this.maxNestingLevel = null;
    this.loading = false;
    this.saving = false;
  }
}
