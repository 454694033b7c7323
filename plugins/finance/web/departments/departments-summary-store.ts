import { inject, injectable } from 'inversify';
import { action, makeObservable, observableRef, runInAction } from 'mobx';
import { HttpClients, type StoreContribution } from '@core/sdk/web';
import type { DepartmentSummary } from '../../shared/departments';
import { financeCall, type FinanceResult } from '../finance-result';
import { fetchDepartmentSummary } from './departments-api';

/**
 * The three department widgets' one `GET departments/summary`: widgets drawn together share the
 * request in flight, so the dashboard asks once however many of them it shows.
 */
@injectable()
export class DepartmentsSummaryStore implements StoreContribution {
  summary: FinanceResult<DepartmentSummary> | null = null;
  private pending: Promise<void> | null = null;

  constructor(@inject(HttpClients) private readonly http: HttpClients) {
    makeObservable(this, { summary: observableRef, reset: action });
  }

  load(): Promise<void> {
    this.pending ??= financeCall(
      () => fetchDepartmentSummary(this.http),
      (summary) => summary,
    ).then((result) => {
      runInAction(() => {
        this.summary = result;
      });
      this.pending = null;
    });
    return this.pending;
  }

  reset(): void {
    this.summary = null;
    this.pending = null;
  }
}
