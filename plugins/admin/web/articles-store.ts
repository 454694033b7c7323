import { inject, injectable } from 'inversify';
import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { DataEnvelope, ListEnvelope, ListPage } from '@core/shared/envelopes';
import { HttpClients } from '@core/web/http/http-clients';
import { HttpError } from '@core/web/http/http-error';
import type { StoreContribution } from '@core/web/kernel/contributions';
import type { Article, ArticleInput } from '../shared/article';

/** The articles list of the signed-in user's session. */
@injectable()
export class ArticlesStore implements StoreContribution {
  page: ListPage<Article> | null = null;
  loading = false;
  fieldErrors: Readonly<Record<string, readonly string[]>> = {};

  constructor(@inject(HttpClients) private readonly http: HttpClients) {
    makeObservable(this, { page: observableRef, loading: observable, fieldErrors: observableRef, reset: action });
  }

  async load(page = 1): Promise<void> {
    runInAction(() => {
      this.loading = true;
    });
    try {
      const answer = await this.http.get('auth').get<ListEnvelope<Article>>('articles', { query: { page }, silent: true });
      runInAction(() => {
        this.page = answer.data;
      });
    } finally {
      runInAction(() => {
        this.loading = false;
      });
    }
  }

  /** Returns true when created; field errors from the server's 422 are kept for the form. */
  async create(input: ArticleInput): Promise<boolean> {
    try {
      await this.http.get('auth').post<DataEnvelope<Article>>('articles', input);
      runInAction(() => {
        this.fieldErrors = {};
      });
      await this.load(1);
      return true;
    } catch (error) {
      if (error instanceof HttpError && error.status === 422) {
        runInAction(() => {
          this.fieldErrors = error.fieldErrors;
        });
        return false;
      }
      throw error;
    }
  }

  reset(): void {
    this.page = null;
    this.fieldErrors = {};
  }
}
