import { inject, injectable } from 'inversify';
import type { ResourceRecord } from '@core/sdk/shared';
import { HttpClients } from '@core/sdk/web';
import { financeCall, isRecord, type FinanceResult } from '../finance-result';
import { parseOptions, type ReferenceOption } from '../employees/employee-types';

/** What converting a draft asks for. */
export interface ConvertInput {
  readonly article_id: number;
  /** `YYYY-MM-DD`. */
  readonly date_fact: string;
}

/** The transaction a draft became (whatever of it the server sends back). */
export interface ConvertedTransaction {
  readonly id: number | null;
  readonly record: ResourceRecord | null;
}

function convertedOf(body: unknown): ConvertedTransaction {
  const data = isRecord(body) ? body.data : undefined;
  // The answer may be the transaction itself, or `{ transaction }` beside the updated draft.
  const transaction = isRecord(data) && isRecord(data.transaction) ? data.transaction : data;
  if (!isRecord(transaction)) return { id: null, record: null };
  const id = typeof transaction.id === 'number' ? transaction.id : null;
  const looksLikeRecord = id !== null && typeof transaction.version === 'number';
  return { id, record: looksLikeRecord ? (transaction as ResourceRecord) : null };
}

/** The drafts' convert action (`POST transaction-drafts/{id}/convert`); messages come back, nothing throws. */
@injectable()
export class DraftConvertStore {
  constructor(@inject(HttpClients) private readonly http: HttpClients) {}

  private get client() {
    return this.http.get('finance');
  }

  searchArticles(text: string): Promise<FinanceResult<readonly ReferenceOption[]>> {
    return financeCall(
      () => this.client.get<unknown>('references/articles', { query: { q: text }, silent: true }),
      parseOptions,
    );
  }

  convert(draftId: number, input: ConvertInput): Promise<FinanceResult<ConvertedTransaction>> {
    return financeCall(
      () => this.client.post<unknown>(`transaction-drafts/${draftId}/convert`, input, { silent: true }),
      convertedOf,
    );
  }
}
