import type { AuditEntry, ResourceDefinition, ResourceRecord } from './definition';
import type { FieldDefinition, ReferenceField } from './field';
import type { PluginManifest } from '../manifest';

/*
 * The wire contract of record pages, related records, the readable timeline and record search,
 * shared by the engine's server routes and its screens so both read one shape.
 */

/** Comments on a record's timeline are plain text of at most this many characters. */
export const COMMENT_MAX_LENGTH = 2000;

/** Entries of a timeline page when the caller names no `limit`. */
export const TIMELINE_PAGE_SIZE = 20;
export const TIMELINE_MAX_PAGE_SIZE = 100;

/** Ctrl+K asks the search API from this many characters on, this long after the last keystroke. */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_DEBOUNCE_MS = 250;
/** Hits per resource, and the server's time budget for one search. */
export const SEARCH_HITS_PER_RESOURCE = 5;
export const SEARCH_BUDGET_MS = 300;

/**
 * Columns every resource table has besides its fields. The timeline never shows them as changes:
 * deletion, restore and blocking are events of their own.
 */
export const INTERNAL_COLUMNS: ReadonlySet<string> = new Set([
  'id',
  'version',
  'created_at',
  'updated_at',
  'deleted_at',
  'blocked_at',
  'created_by',
  'updated_by',
]);

/**
 * What an audit row carries besides before and after: a comment's text, the entry a revert undid.
 * Absent on ordinary changes.
 */
export interface AuditDetail {
  readonly comment?: string;
  /** The id of the entry a `revert` set back. */
  readonly reverts?: number;
}

/** One entry of a record's timeline: an audit row, with its detail. */
export interface TimelineEntry extends AuditEntry {
  readonly detail?: AuditDetail | null;
}

/** Reference field name → referenced id (as text) → that record's label, or null when the record is gone. */
export type TimelineLabels = Readonly<Record<string, Readonly<Record<string, string | null>>>>;

/**
 * `GET <path>/{id}/timeline?limit=&before=`: newest first; `before` is the id of the last entry
 * already shown. `labels` names every record the page's references point at.
 */
export interface TimelinePage {
  readonly entries: readonly TimelineEntry[];
  readonly labels: TimelineLabels;
  /** More, older entries exist (ask again with `before` = the last entry's id). */
  readonly more: boolean;
}

/** Who made the record and who last changed it; null where the system did, or the user is gone. */
export interface RecordPeople {
  readonly created_by: { readonly id: number; readonly name: string } | null;
  readonly updated_by: { readonly id: number; readonly name: string } | null;
}

/**
 * `GET <path>/{id}/overview` (`?deleted=with` finds a deleted record): everything a record page
 * needs in one request, the record, who made and changed it, and its timeline's first page.
 */
export interface RecordOverview {
  readonly record: ResourceRecord;
  readonly people: RecordPeople;
  readonly timeline: TimelinePage;
}

/** `POST <path>/{id}/comments` body. */
export interface CommentInput {
  readonly text: string;
}

/** `POST <path>/{id}/history/{entryId}/revert` body: the record's version the user saw. */
export interface RevertInput {
  readonly version: number;
}

/** One record Ctrl+K found. */
export interface SearchHit {
  readonly id: number;
  readonly label: string;
  /** The searchable field the text matched in when it was not the label (`hash`), and its value. */
  readonly matched?: { readonly field: string; readonly value: string };
}

/** A resource's hits, in the order the server ranks resources. */
export interface SearchGroup {
  readonly resource: string;
  readonly hits: readonly SearchHit[];
}

/** `GET /api/auth/search?q=`: groups with hits, and the readable resources the time budget did not reach. */
export interface SearchAnswer {
  readonly groups: readonly SearchGroup[];
  readonly unreached: readonly string[];
}

/** `GET /api/auth/resources`: the definitions of every enabled resource the caller may read. */
export type ResourceCatalogue = readonly ResourceDefinition[];

/** One section of related records on a record page: the records of `resource` whose `field` points here. */
export interface RelatedSection {
  readonly resource: ResourceDefinition;
  readonly field: ReferenceField;
  /** i18n key of the section's title: the field's own `related.labelKey`, else the resource's title. */
  readonly titleKey: string;
  readonly order: number;
}

/** Whether a field is a reference to `table` (the table of the record page's resource, or `core.users`). */
export function pointsAt(field: FieldDefinition, table: string): field is ReferenceField {
  return field.kind === 'reference' && field.target.table === table;
}

/**
 * The sections of a record page of `table`: one per reference field of any resource in
 * `catalogue` that points at it, unless the field says `related: false` or the page's own
 * definition hides it (`sections[<resource id>.<field>].hidden`). Ordered by `order`, then title.
 */
export function relatedSections(
  table: string,
  catalogue: ResourceCatalogue,
  own?: ResourceDefinition,
): RelatedSection[] {
  const sections: RelatedSection[] = [];
  for (const resource of catalogue) {
    for (const field of resource.fields) {
      if (!pointsAt(field, table) || field.related === false) continue;
      const tailored = own?.sections?.[`${resource.id}.${field.name}`];
      if (tailored?.hidden) continue;
      const related = field.related ?? {};
      sections.push({
        resource,
        field,
        titleKey: tailored?.labelKey ?? related.labelKey ?? resource.titleKey,
        order: tailored?.order ?? related.order ?? 100,
      });
    }
  }
  return sections.sort(
    (a, b) =>
      a.order - b.order || a.resource.id.localeCompare(b.resource.id) || a.field.name.localeCompare(b.field.name),
  );
}

/** The plugin that owns a resource: the part of its id before the first dot. */
export function resourceOwner(resourceId: string): string {
  const dot = resourceId.indexOf('.');
  return dot > 0 ? resourceId.slice(0, dot) : resourceId;
}

/**
 * The app path of a record's page as its owner's manifest gives it: the first page naming the
 * resource in `record`, then the id (`/products/12`), as the browser routes it; null when the
 * manifest has none. What a link the server makes to a record opens (a notification, a job's).
 */
export function recordPagePath(manifest: Pick<PluginManifest, 'pages'>, resourceId: string, id: number): string | null {
  const page = manifest.pages.find((candidate) => candidate.record === resourceId);
  return page ? `${page.path}/${id}` : null;
}

/** The slot a plugin fills to add a custom section to a resource's record pages. */
export function recordSectionSlot(resourceId: string): string {
  return `record:${resourceId}`;
}

/** What a custom record section receives. */
export interface RecordSectionProps {
  readonly resource: string;
  readonly id: number;
  readonly record: ResourceRecord;
}
