import type { ListPage } from '@core/shared/envelopes';
import type { AuditEntry, ResourceDefinition, ResourceRecord } from '@core/shared/resource/definition';
import type { ListQuery } from '@core/shared/resource/list-query';
import type { TimelineEntry, TimelinePage } from '@core/shared/resource/record-page';
import type { BulkSelection, ExportOptions } from './resource-api';

/** Query parameters outside the filter codec: scopes, contributed filters, the screen's fixed ones. */
export type ListParams = Readonly<Record<string, string>>;

/**
 * How a list screen talks to its API: the list adapter. `ResourceApi` is the engine's own (a
 * mounted resource's routes); a screen over another API (the auth service's users, say) gives one
 * of its own to `ResourceScreenOptions.listApi`. A call it leaves out is a feature the screen does
 * not offer: no `exportCsv`, no Export button; no `bulkDelete`, no selection; no `history`, no
 * History entry in the row menu.
 */
export interface ResourceListApi {
  /** The screen's description: fields, labels, lifecycle flags (soft delete, block). */
  readonly definition: ResourceDefinition;
  /** One page of the query, with `params` beside it; the page carries its total (the count). */
  list(query: ListQuery, params: ListParams, signal?: AbortSignal): Promise<ListPage<ResourceRecord>>;
  remove(id: number): Promise<void>;
  restore(id: number): Promise<void>;
  block(id: number): Promise<void>;
  unblock(id: number): Promise<void>;
  /**
   * `POST <path>/{id}/<endpoint>`: one of the definition's row actions (needed when it declares
   * some); resolves with the answer's `data`, which a RowActionRunner may show.
   */
  rowAction?(id: number, endpoint: string): Promise<unknown>;
  /** `POST <path>/<endpoint>`: one of the definition's toolbar actions (needed when it declares some). */
  toolbarAction?(endpoint: string): Promise<void>;
  /** Every record the parameters match (paging left out), as CSV; `X-Total-Count` says how many rows to expect. */
  exportCsv?(params: ListParams, options?: ExportOptions): Promise<Blob>;
  bulkDelete?(selection: BulkSelection): Promise<void>;
  /** The record's whole audit trail, newest first (`GET <path>/{id}/history`); the drawer shows it when there is no `timeline`. */
  history?(id: number): Promise<readonly AuditEntry[]>;
  /** A page of the record's timeline, newest first, older than the entry `before` when given, with its references' labels. */
  timeline?(id: number, before?: number): Promise<TimelinePage>;
  /** Adds a comment to the record's timeline; without it the history drawer offers no comment box. */
  comment?(id: number, text: string): Promise<TimelineEntry>;
  /** Sets back what one timeline entry changed; without it the history drawer offers no revert. */
  revert?(id: number, entryId: number, version: number): Promise<ResourceRecord>;
  /**
   * Columns the API sorts one way only (the users API: newest first, usernames A to Z): the
   * header sorts them that way instead of toggling.
   */
  readonly fixedSort?: Readonly<Record<string, 'asc' | 'desc'>>;
}
