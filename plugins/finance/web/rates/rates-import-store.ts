import { inject, injectable } from 'inversify';
import { HttpClients, type ImportLineError } from '@core/sdk/web';
import { financeCall, isRecord, type FinanceResult } from '../finance-result';

/** What `POST exchange-rates/import` reports: rates read, and how many were new, changed or the same. */
export interface ImportSummary {
  readonly total: number;
  readonly inserted: number;
  readonly updated: number;
  readonly unchanged: number;
}

const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

export function parseSummary(body: unknown): ImportSummary {
  const data = isRecord(body) && isRecord(body.data) ? body.data : {};
  return {
    total: count(data.total),
    inserted: count(data.inserted),
    updated: count(data.updated),
    unchanged: count(data.unchanged),
  };
}

/**
 * A 422's field errors (`line_<n>` → messages) as the dialog lists them, in line order; other keys
 * (e.g. `csv`) come first. The server's messages name their line ("Line 3: …"), so each is shown
 * as it is (`line: null`).
 */
export function lineErrors(fieldErrors: Readonly<Record<string, readonly string[]>>): ImportLineError[] {
  const lineOf = (key: string): number => Number(/(\d+)/.exec(key)?.[1] ?? 0);
  return Object.entries(fieldErrors)
    .sort(([a], [b]) => lineOf(a) - lineOf(b))
    .flatMap(([, messages]) => messages.map((message): ImportLineError => ({ line: null, message })));
}

/** Exchange-rate CSV import; hands back the server's messages instead of throwing, for the dialog to show. */
@injectable()
export class RatesImportStore {
  constructor(@inject(HttpClients) private readonly http: HttpClients) {}

  importCsv(csv: string): Promise<FinanceResult<ImportSummary>> {
    return financeCall(
      () => this.http.get('finance').post<unknown>('exchange-rates/import', { csv }, { silent: true }),
      parseSummary,
    );
  }
}
