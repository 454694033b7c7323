import { inject, injectable } from 'inversify';
import { HttpClients, type StoreContribution } from '@core/sdk/web';
import type { DepartmentSummary } from '../../shared/departments';
import { financeCall, type FinanceResult } from '../finance-result';
import { fetchDepartmentSummary } from './departments-api';

/**
 * The three department widgets' one `GET departments/summary`: widgets drawn together share the
 * request in flight, so the dashboard asks once however many of them it shows. Each widget keeps
 * its own answer (`useData`); this only shares the asking.
 */
@injectable()
export class DepartmentsSummaryStore implements StoreContribution {
  private pending: Promise<FinanceResult<DepartmentSummary>> | null = null;

  constructor(@inject(HttpClients) private readonly http: HttpClients) {}

  load(): Promise<FinanceResult<DepartmentSummary>> {
    if (this.pending) return this.pending;
    const pending = financeCall(
      () => fetchDepartmentSummary(this.http),
      (summary) => summary,
    );
    this.pending = pending;
    void pending.then(() => {
      if (this.pending === pending) this.pending = null;
    });
    return pending;
  }

  reset(): void {
    this.pending = null;
  }
}
