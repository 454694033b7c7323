import { inject, injectable } from 'inversify';
import { HttpClients } from '@core/sdk/web';
import { financeCall, isRecord, type FinanceResult } from '../finance-result';

/** What `POST exchange-rates/import` reports: rates read, and how many were new, changed or the same. */
export interface ImportSummary {
  readonly total: number;
  readonly inserted: number;
  readonly updated: number;
  readonly unchanged: number;
}

/** One refused line of the CSV: its number (null when the problem is not tied to a line) and messages. */
export interface LineError {
  readonly line: number | null;
  readonly messages: readonly string[];
}

const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

export function parseSummary(body: unknown): ImportSummary {
  const data = isRecord(body) && isRecord(body.data) ? body.data : {};
  return { total: count(data.total), inserted: count(data.inserted), updated: count(data.updated), unchanged: count(data.unchanged) };
}

/** A 422's field errors (`line_<n>` → messages) as lines in order; other keys (e.g. `csv`) come first. */
export function lineErrors(fieldErrors: Readonly<Record<string, readonly string[]>>): LineError[] {
  return Object.entries(fieldErrors)
    .map(([key, messages]): LineError => {
      const match = /(\d+)/.exec(key);
      return { line: match?.[1] ? Number(match[1]) : null, messages };
    })
    .sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
}

/** Exchange-rate CSV import; hands back the server's messages instead of throwing (spec §8). */
@injectable()
export class RatesImportStore {
  constructor(@inject(HttpClients) private readonly http: HttpClients) {}

  importCsv(csv: string): Promise<FinanceResult<ImportSummary>> {
    return financeCall(() => this.http.get('finance').post<unknown>('exchange-rates/import', { csv }, { silent: true }), parseSummary);
  }
}
