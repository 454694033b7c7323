import { inject, injectable } from 'inversify';
import { maxPerPage, type ListQuery, type ResourceRecord } from '@core/sdk/shared';
import { HttpClients, ResourceApi } from '@core/sdk/web';
import { motivationLinesResource, motivationSheetsResource } from '../../shared/motivation';
import { financeCall, isRecord, type FinanceResult } from '../finance-result';

/** A month as the page shows it: its sheet (null until first computed) and the sheet's lines. */
export interface MotivationMonth {
  readonly sheet: ResourceRecord | null;
  readonly lines: readonly ResourceRecord[];
}

const byField = (field: string, value: string, perPage: number, sortField: string): ListQuery => ({
  page: 1,
  perPage,
  sort: { field: sortField, direction: 'asc' },
  filters: [{ field, op: 'eq', value }],
  deleted: 'without',
});

function recordOf(body: unknown): ResourceRecord {
  const data = isRecord(body) ? body.data : undefined;
  if (!isRecord(data) || typeof data.id !== 'number') throw new Error('The server answered without the record.');
  return data as ResourceRecord;
}

/**
 * The motivation page's calls: the month's sheet and lines (read through the engine's lists), and
 * the writes (compute the month, approve with the payroll wallet, correct a line) handed
 * back as results with the server's message, never thrown. Holds nothing between calls.
 */
@injectable()
export class MotivationStore {
  private readonly sheets: ResourceApi;
  private readonly lines: ResourceApi;

  constructor(@inject(HttpClients) private readonly http: HttpClients) {
    this.sheets = new ResourceApi(motivationSheetsResource, http);
    this.lines = new ResourceApi(motivationLinesResource, http);
  }

  private get client() {
    return this.http.get('finance');
  }

  /** Reads the month; a failure rejects, for the page's DataView to show. */
  async month(month: string, signal?: AbortSignal): Promise<MotivationMonth> {
    const found = await this.sheets.list(byField('month', month, 1, 'month'), {}, signal);
    const sheet = found.data[0] ?? null;
    if (!sheet) return { sheet: null, lines: [] };
    const lines = await this.lines.list(
      byField('sheet_id', String(sheet.id), maxPerPage(motivationLinesResource), 'employee_id'),
      {},
      signal,
    );
    return { sheet, lines: lines.data };
  }

  /** Computes the month, making its sheet first when it has none: one step for the user. */
  computeMonth(month: string): Promise<FinanceResult<ResourceRecord>> {
    return financeCall(
      () => this.client.post<unknown>(`${motivationSheetsResource.path}/compute-month`, { month }, { silent: true }),
      recordOf,
    );
  }

  approve(sheet: ResourceRecord, walletId: number): Promise<FinanceResult<ResourceRecord>> {
    const body = { wallet_id: walletId, version: sheet.version };
    return financeCall(
      () => this.client.post<unknown>(`${motivationSheetsResource.path}/${sheet.id}/approve`, body, { silent: true }),
      recordOf,
    );
  }

  correct(line: ResourceRecord, correction: string, comment: string): Promise<FinanceResult<ResourceRecord>> {
    const body = { correction_usd: correction, correction_comment: comment, version: line.version };
    return financeCall(
      () => this.client.patch<unknown>(`${motivationLinesResource.path}/${line.id}`, body, { silent: true }),
      recordOf,
    );
  }
}
