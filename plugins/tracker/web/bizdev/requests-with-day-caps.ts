import type { DataEnvelope, ListPage, ListQuery, ResourceRecord } from '@core/sdk/shared';
import { isAbort, ResourceApi, type HttpClients, type ListParams } from '@core/sdk/web';
import { BIZDEV_DAY_CAPS_PATH, type BizdevDayCap } from '../../shared/bizdev';
import { bizdevRequestsResource } from '../../shared/resources';

/**
 * Where a listed request carries its day's limit: `BizdevDayCap`, null when the limits could not
 * be read. The underscore keeps it apart from the definition's fields, as `_labels` is.
 */
export const DAY_CAP_KEY = '_day_cap';

/** The day's limit a listed request carries; undefined when it could not be read. */
export function dayCapOf(record: ResourceRecord): BizdevDayCap | undefined {
  const cap = record[DAY_CAP_KEY];
  return typeof cap === 'object' && cap !== null ? (cap as BizdevDayCap) : undefined;
}

/**
 * The requests list with each request beside its day's limit: every page is followed by one
 * `GET bizdev-day-caps?ids=` for the page's requests (a page holds at most
 * BIZDEV_DAY_CAPS_MAX_IDS), so the limit and what remains reload with the list, after an
 * approval too. Limits that cannot be read leave the list shown without them.
 */
export class RequestsWithDayCaps extends ResourceApi {
  constructor(private readonly http: HttpClients) {
    super(bizdevRequestsResource, http);
  }

  override async list(
    query: ListQuery,
    params: ListParams = {},
    signal?: AbortSignal,
  ): Promise<ListPage<ResourceRecord>> {
    const page = await super.list(query, params, signal);
    if (page.data.length === 0) return page;
    const caps = await this.dayCaps(
      page.data.map((request) => request.id),
      signal,
    );
    return { ...page, data: page.data.map((request) => ({ ...request, [DAY_CAP_KEY]: caps.get(request.id) ?? null })) };
  }

  private async dayCaps(ids: readonly number[], signal?: AbortSignal): Promise<ReadonlyMap<number, BizdevDayCap>> {
    try {
      const answer = await this.http
        .get(bizdevRequestsResource.service)
        .get<DataEnvelope<readonly BizdevDayCap[]>>(BIZDEV_DAY_CAPS_PATH, {
          query: { ids: ids.join(',') },
          signal,
          silent: true,
        });
      return new Map(answer.data.map((cap) => [cap.request, cap]));
    } catch (error) {
      if (isAbort(error)) throw error;
      // The requests themselves were read: show them, each saying its limit is unknown.
      return new Map();
    }
  }
}
