import type { DataEnvelope, ListEnvelope, ListPage } from '@core/shared/envelopes';
import type { AuditEntry, ResourceDefinition, ResourceRecord } from '@core/shared/resource/definition';
import type { ReferenceTarget } from '@core/shared/resource/field';
import { encodeListQuery, type ListQuery } from '@core/shared/resource/list-query';
import type {
  CommentInput,
  RecordOverview,
  RevertInput,
  TimelineEntry,
  TimelinePage,
} from '@core/shared/resource/record-page';
import type { HttpClient } from '../http/http-client';
import type { HttpClients } from '../http/http-clients';
import type { ChunkListener, ProgressListener } from '../http/read-blob';
import type { ListParams, ResourceListApi } from './list-api';

/** One row of `GET references/<path>`: what a picker offers. */
export interface ReferenceOption {
  readonly id: number;
  readonly label: string;
}

/** Which records a bulk delete removes: these ids, or every record the list parameters match. */
export type BulkSelection = { readonly ids: readonly number[] } | { readonly query: Readonly<Record<string, string>> };

export interface ExportOptions {
  readonly signal?: AbortSignal;
  readonly onHeaders?: (headers: Headers) => void;
  readonly onChunk?: ChunkListener;
  readonly onProgress?: ProgressListener;
}

/**
 * The resource's HTTP contract, one method per call, and the list screen's adapter for a mounted
 * resource. Every call is silent: the screen says what happened in the spec's own words
 * ('Successfully deleted', 'Error during deletion', …) instead of the kernel's generic toasts.
 */
export class ResourceApi implements Required<Omit<ResourceListApi, 'fixedSort'>> {
  constructor(
    readonly definition: ResourceDefinition,
    private readonly clients: Pick<HttpClients, 'get'>,
  ) {}

  private get client(): HttpClient {
    return this.clients.get(this.definition.service);
  }

  private at(id: number, suffix = ''): string {
    return `${this.definition.path}/${id}${suffix ? `/${suffix}` : ''}`;
  }

  /** Page, size and order are always sent, so the request names exactly what it asks for. */
  async list(query: ListQuery, extra: ListParams = {}, signal?: AbortSignal): Promise<ListPage<ResourceRecord>> {
    const params = {
      ...extra,
      ...encodeListQuery(this.definition, query),
      page: String(query.page),
      per_page: String(query.perPage),
      sort: `${query.sort.direction === 'desc' ? '-' : ''}${query.sort.field}`,
    };
    const answer = await this.client.get<ListEnvelope<ResourceRecord>>(this.definition.path, {
      query: params,
      signal,
      silent: true,
    });
    return answer.data;
  }

  async get(id: number): Promise<ResourceRecord> {
    return (await this.client.get<DataEnvelope<ResourceRecord>>(this.at(id), { silent: true })).data;
  }

  /** The record's whole audit trail, newest first. */
  async history(id: number): Promise<readonly AuditEntry[]> {
    return (await this.client.get<DataEnvelope<readonly AuditEntry[]>>(this.at(id, 'history'), { silent: true })).data;
  }

  /** One page of the record's timeline, newest first; `before` is the id of the last entry already shown. */
  async timeline(id: number, before?: number): Promise<TimelinePage> {
    const query = before === undefined ? undefined : { before: String(before) };
    return (await this.client.get<DataEnvelope<TimelinePage>>(this.at(id, 'timeline'), { query, silent: true })).data;
  }

  /** What a record page needs in one request: the record, who made and changed it, its timeline's first page. */
  async overview(
    id: number,
    { withDeleted = false }: { readonly withDeleted?: boolean } = {},
  ): Promise<RecordOverview> {
    const query = withDeleted ? { deleted: 'with' } : undefined;
    return (await this.client.get<DataEnvelope<RecordOverview>>(this.at(id, 'overview'), { query, silent: true })).data;
  }

  /** Adds a plain-text comment to the record's timeline; resolves with the new entry. */
  async comment(id: number, text: string): Promise<TimelineEntry> {
    const body: CommentInput = { text };
    return (await this.client.post<DataEnvelope<TimelineEntry>>(this.at(id, 'comments'), body, { silent: true })).data;
  }

  /**
   * Sets the fields one timeline entry changed back to their values before it, on the record's
   * `version` the user saw (409 when someone else was first, 422 with the field's message when a
   * value can no longer be set). Resolves with the record as it now is.
   */
  async revert(id: number, entryId: number, version: number): Promise<ResourceRecord> {
    const body: RevertInput = { version };
    return (
      await this.client.post<DataEnvelope<ResourceRecord>>(this.at(id, `history/${entryId}/revert`), body, {
        silent: true,
      })
    ).data;
  }

  async create(values: Readonly<Record<string, unknown>>): Promise<ResourceRecord> {
    return (await this.client.post<DataEnvelope<ResourceRecord>>(this.definition.path, values, { silent: true })).data;
  }

  /** Sends only `changes`, with the version they were made on (409 when someone else was first). */
  async update(id: number, changes: Readonly<Record<string, unknown>>, version: number): Promise<ResourceRecord> {
    return (
      await this.client.patch<DataEnvelope<ResourceRecord>>(this.at(id), { ...changes, version }, { silent: true })
    ).data;
  }

  async remove(id: number): Promise<void> {
    await this.client.delete(this.at(id), { silent: true });
  }

  async restore(id: number): Promise<void> {
    await this.client.post(this.at(id, 'restore'), undefined, { silent: true });
  }

  async block(id: number): Promise<void> {
    await this.client.post(this.at(id, 'block'), undefined, { silent: true });
  }

  async unblock(id: number): Promise<void> {
    await this.client.post(this.at(id, 'unblock'), undefined, { silent: true });
  }

  async bulkDelete(selection: BulkSelection): Promise<void> {
    await this.client.post(`${this.definition.path}/bulk-delete`, selection, { silent: true });
  }

  /**
   * `POST <path>/{id}/<endpoint>`: one of the definition's row actions. Resolves with the answer's
   * `data` (undefined when it has none), so a runner can show it: the job a sync started, what a
   * test event brought back. Unknown: the runner checks the shape its route promises.
   */
  async rowAction(id: number, endpoint: string): Promise<unknown> {
    const answer = await this.client.post<{ readonly data?: unknown } | null | undefined>(
      this.at(id, endpoint),
      undefined,
      { silent: true },
    );
    return typeof answer === 'object' && answer !== null ? answer.data : undefined;
  }

  /** `POST <path>/<endpoint>`: one of the definition's toolbar actions. */
  async toolbarAction(endpoint: string): Promise<void> {
    await this.client.post(`${this.definition.path}/${endpoint}`, undefined, { silent: true });
  }

  /** Every matching row as CSV, streamed; the header `X-Total-Count` says how many rows to expect. */
  exportCsv(params: ListParams, options: ExportOptions = {}): Promise<Blob> {
    return this.client.download(`${this.definition.path}/export.csv`, { query: params, silent: true, ...options });
  }
}

/**
 * `GET references/<path>` of any service: search by text (`q`) or resolve ids to labels (`ids`).
 * Kept apart from `ResourceApi` because a reference points into another resource, often another
 * service.
 */
export class ReferenceApi {
  constructor(private readonly clients: Pick<HttpClients, 'get'>) {}

  async search(target: ReferenceTarget, text: string, signal?: AbortSignal): Promise<readonly ReferenceOption[]> {
    const answer = await this.clients
      .get(target.service)
      .get<DataEnvelope<readonly ReferenceOption[]>>(`references/${target.path}`, {
        query: { q: text },
        signal,
        silent: true,
      });
    return answer.data;
  }

  async labels(target: ReferenceTarget, ids: readonly number[]): Promise<readonly ReferenceOption[]> {
    if (ids.length === 0) return [];
    const answer = await this.clients
      .get(target.service)
      .get<DataEnvelope<readonly ReferenceOption[]>>(`references/${target.path}`, {
        query: { ids: ids.join(',') },
        silent: true,
      });
    return answer.data;
  }
}
