import { inject, injectable } from 'inversify';
import { action, makeObservable, observableRef } from 'mobx';
import type { DataEnvelope } from '@core/shared/envelopes';
import type { ResourceDefinition } from '@core/shared/resource/definition';
import type { ResourceCatalogue } from '@core/shared/resource/record-page';
import { HttpClients } from '../../http/http-clients';
import type { StoreContribution } from '../../kernel/contributions';

/**
 * The definitions of every enabled resource the signed-in user may read (`GET auth/resources`),
 * asked once per session: record pages take their definition from it, and related sections are
 * derived from it, so a resource the user may not read has no section and is never requested.
 * Reset on sign-out, like every store of the user's data.
 */
@injectable()
export class ResourceCatalogueService implements StoreContribution {
  /** Null until the first answer. */
  catalogue: ResourceCatalogue | null = null;
  private pending: Promise<ResourceCatalogue> | null = null;

  constructor(@inject(HttpClients) private readonly http: Pick<HttpClients, 'get'>) {
    makeObservable<ResourceCatalogueService, 'settle'>(this, {
      catalogue: observableRef,
      settle: action,
      reset: action,
    });
  }

  /** The catalogue: the one already read, else one request shared by every caller (a failed one is asked again next time). */
  load(): Promise<ResourceCatalogue> {
    if (this.catalogue) return Promise.resolve(this.catalogue);
    if (this.pending) return this.pending;
    const request: Promise<ResourceCatalogue> = this.http
      .get('auth')
      .get<DataEnvelope<ResourceCatalogue>>('resources', { silent: true })
      .then((answer) => this.settle(request, answer.data))
      .finally(() => {
        if (this.pending === request) this.pending = null;
      });
    this.pending = request;
    return request;
  }

  /** Keeps the answer unless a sign-out came in between: that session's answer is not the next one's. */
  private settle(request: Promise<ResourceCatalogue>, catalogue: ResourceCatalogue): ResourceCatalogue {
    if (this.pending === request) this.catalogue = catalogue;
    return catalogue;
  }

  all(): ResourceCatalogue {
    return this.catalogue ?? [];
  }

  /** A readable resource's definition; undefined for one the user may not read (or before `load`). */
  definition(id: string): ResourceDefinition | undefined {
    return this.catalogue?.find((definition) => definition.id === id);
  }

  /** The readable resource kept in `table` (a reference target's table). */
  byTable(table: string): ResourceDefinition | undefined {
    return this.catalogue?.find((definition) => definition.table === table);
  }

  reset(): void {
    this.catalogue = null;
    this.pending = null;
  }
}
