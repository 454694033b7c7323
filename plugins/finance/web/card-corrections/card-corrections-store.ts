import { inject, injectable } from 'inversify';
import type { ResourceRecord } from '@core/sdk/shared';
import { HttpClients } from '@core/sdk/web';
import { cardCorrectionsResource, type CardWalletSummary } from '../../shared/card-corrections';
import { financeCall, isRecord, type FinanceResult } from '../finance-result';

const path = cardCorrectionsResource.path;

function recordOf(body: unknown): ResourceRecord {
  const data = isRecord(body) ? body.data : undefined;
  if (!isRecord(data) || typeof data.id !== 'number') throw new Error('The server answered without the correction.');
  return data as ResourceRecord;
}

function summaryOf(body: unknown): readonly CardWalletSummary[] {
  const data = isRecord(body) ? body.data : undefined;
  if (!Array.isArray(data)) throw new Error('The server answered without the wallets.');
  return data as CardWalletSummary[];
}

/**
 * The card corrections' own calls beside the engine's list: the per-wallet summary, approving
 * (no input) and reversing (with a reason). Messages come back as results; nothing throws. Holds
 * nothing between calls.
 */
@injectable()
export class CardCorrectionsStore {
  constructor(@inject(HttpClients) private readonly http: HttpClients) {}

  private get client() {
    return this.http.get('finance');
  }

  summary(signal?: AbortSignal): Promise<FinanceResult<readonly CardWalletSummary[]>> {
    return financeCall(
      () => this.client.get<unknown>(`${path}/summary`, { silent: true, ...(signal ? { signal } : {}) }),
      summaryOf,
    );
  }

  /** The approved correction, with `transaction_id` when a transaction was booked. */
  approve(id: number): Promise<FinanceResult<ResourceRecord>> {
    return financeCall(() => this.client.post<unknown>(`${path}/${id}/approve`, undefined, { silent: true }), recordOf);
  }

  /** The reversed original (its `reversal` beside its fields). */
  reverse(id: number, reason: string): Promise<FinanceResult<ResourceRecord>> {
    return financeCall(
      () => this.client.post<unknown>(`${path}/${id}/reverse`, { reason }, { silent: true }),
      recordOf,
    );
  }
}
