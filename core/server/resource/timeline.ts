import type { AuditEntry, ResourceDefinition } from '@core/shared/resource/definition';
import { labelColumnIn, type ReferenceField } from '@core/shared/resource/field';
import { issueMessages } from '@core/shared/resource/messages';
import {
  COMMENT_MAX_LENGTH,
  TIMELINE_MAX_PAGE_SIZE,
  TIMELINE_PAGE_SIZE,
  type TimelineEntry,
  type TimelineLabels,
  type TimelinePage,
} from '@core/shared/resource/record-page';
import type { InputIssues } from '@core/shared/resource/validation';
import type { Language } from '@core/shared/runtime-config';
import type { Database, Queryable } from '../database/database';
import { asKernel } from '../database/plugin-handle';
import { quoteIdentifier, quoteTable, SqlParams } from '../database/sql';
import { validationError } from '../http/api-error';
import { ROW_ID } from '../http/ids';
import { insertAudit } from './audit';
import { isoInstant } from './record-sql';

/*
 * A record's timeline: its audit rows in pages, newest first, with the labels of the records its
 * references named, and comments added to it. The engine's routes read it with the resource's
 * definition; the history of SDK 1.0 reads it without one, and so without labels.
 */

/** `?limit=&before=` of a timeline page; integers are canonical digit strings (schema-validation.ts). */
export const TIMELINE_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: TIMELINE_MAX_PAGE_SIZE },
    before: ROW_ID,
  },
} as const;

export interface TimelineQuery {
  readonly limit?: number;
  readonly before?: number;
}

const ENTRY_JSON = `jsonb_build_object('id', a.id, 'action', a.action, 'actor_id', a.actor_id, 'actor_name', u.username,
  'at', ${isoInstant('a.at')}, 'before', a.before, 'after', a.after, 'detail', a.detail)`;

/** One page of the audit rows of `resource`'s record `recordId`; `definition` names its references' records. */
export async function timelinePage(
  db: Queryable,
  resource: string,
  recordId: number,
  definition: ResourceDefinition | null,
  query: TimelineQuery = {},
  language: Language = 'en',
): Promise<TimelinePage> {
  const limit = query.limit ?? TIMELINE_PAGE_SIZE;
  const params = new SqlParams();
  const conditions = [`a.resource = ${params.bind(resource)}::text`, `a.record_id = ${params.bind(recordId)}::bigint`];
  if (query.before !== undefined) conditions.push(`a.id < ${params.bind(query.before)}::bigint`);
  // One row more than asked tells whether older entries exist.
  const { rows } = await db.query<{ entry: TimelineEntry }>(
    `SELECT ${ENTRY_JSON} AS entry FROM core.audit_log a LEFT JOIN core.users u ON u.id = a.actor_id
      WHERE ${conditions.join(' AND ')} ORDER BY a.id DESC LIMIT ${params.bind(limit + 1)}::integer`,
    params.values,
  );
  const entries = rows.slice(0, limit).map((row) => row.entry);
  return {
    entries,
    labels: definition ? await timelineLabels(db, definition, entries, language) : {},
    more: rows.length > limit,
  };
}

// Newest first; a record edited more often than this shows its latest changes.
export const HISTORY_LIMIT = 500;

/**
 * A record's audit trail as one list, newest first, with each actor's user name (`GET <path>/{id}/history`
 * and `context.audit.history`, the contract since SDK 1.0); `timelinePage` serves it in pages with labels.
 */
export async function recordHistory(
  db: Queryable,
  definition: ResourceDefinition,
  recordId: number,
): Promise<AuditEntry[]> {
  db = asKernel(db);
  return [...(await timelinePage(db, definition.id, recordId, null, { limit: HISTORY_LIMIT })).entries];
}

/** Whether a record ever had an audit row: a hard-deleted record keeps its timeline. */
export async function hasTimeline(db: Queryable, resource: string, recordId: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM core.audit_log WHERE resource = $1 AND record_id = $2 LIMIT 1', [
    resource,
    recordId,
  ]);
  return rows.length > 0;
}

const ID_TEXT = /^[1-9][0-9]{0,17}$/;

/** The ids a snapshot value of a reference holds (one, or a list for `many`), as text. */
function referencedIds(value: unknown): string[] {
  const values = Array.isArray(value) ? value : [value];
  return values
    .map((item) => (typeof item === 'number' ? String(item) : item))
    .filter((item): item is string => typeof item === 'string' && ID_TEXT.test(item));
}

/**
 * Field → id → label (in the reader's language) for every record the entries' references point at,
 * one statement per target table; a record gone for good maps to null (soft-deleted ones keep their name).
 */
export async function timelineLabels(
  db: Queryable,
  definition: ResourceDefinition,
  entries: readonly TimelineEntry[],
  language: Language,
): Promise<TimelineLabels> {
  const fields = definition.fields.filter((field): field is ReferenceField => field.kind === 'reference');
  const wanted = new Map<string, { field: ReferenceField; ids: Set<string> }[]>();
  for (const field of fields) {
    const ids = new Set(
      entries.flatMap((entry) => [
        ...referencedIds(entry.before?.[field.name]),
        ...referencedIds(entry.after?.[field.name]),
      ]),
    );
    if (ids.size === 0) continue;
    const key = `${field.target.table} ${labelColumnIn(field.target, language)}`;
    wanted.set(key, [...(wanted.get(key) ?? []), { field, ids }]);
  }
  const labels: Record<string, Record<string, string | null>> = {};
  for (const group of wanted.values()) {
    const target = group[0]?.field.target;
    if (!target) continue;
    const ids = [...new Set(group.flatMap(({ ids }) => [...ids]))];
    const { rows } = await db.query<{ id: string; label: string | null }>(
      `SELECT id::text AS id, ${quoteIdentifier(labelColumnIn(target, language))}::text AS label FROM ${quoteTable(target.table)} WHERE id = ANY($1::bigint[])`,
      [ids],
    );
    const found = new Map(rows.map((row) => [row.id, row.label]));
    for (const { field, ids: own } of group)
      labels[field.name] = Object.fromEntries([...own].map((id) => [id, found.get(id) ?? null]));
  }
  return labels;
}

/**
 * The text of a `POST …/comments` body, or a 422 in the caller's language: an object with only
 * `text`, a string (never converted) that is not blank, at most COMMENT_MAX_LENGTH characters.
 */
export function readComment(body: unknown, language: Language): string {
  const issues: InputIssues = {};
  if (body === undefined || body === null) {
    issues.text = [{ code: 'required' }];
  } else if (typeof body !== 'object' || Array.isArray(body)) {
    issues.text = [{ code: 'type' }];
  } else {
    const { text, ...rest } = body as Record<string, unknown>;
    for (const name of Object.keys(rest)) issues[name] = [{ code: 'unknown' }];
    if (text === undefined || text === null) issues.text = [{ code: 'required' }];
    else if (typeof text !== 'string') issues.text = [{ code: 'type' }];
    else if (text.trim() === '') issues.text = [{ code: 'required' }];
    else if (text.trim().length > COMMENT_MAX_LENGTH)
      issues.text = [{ code: 'maxLength', params: { max: COMMENT_MAX_LENGTH } }];
  }
  if (Object.keys(issues).length > 0) throw validationError(issueMessages(issues, language));
  return (body as { text: string }).text.trim();
}

/** Adds a comment to a record's timeline (an audit row of its own: the record itself is not changed). */
export async function addComment(
  db: Database,
  resource: string,
  recordId: number,
  text: string,
  actorId: number | null,
): Promise<TimelineEntry> {
  return db.transaction(async (tx) => {
    const id = await insertAudit(tx, {
      resource,
      recordId,
      action: 'comment',
      actorId,
      before: null,
      after: null,
      detail: { comment: text },
    });
    const { rows } = await tx.query<{ entry: TimelineEntry }>(
      `SELECT ${ENTRY_JSON} AS entry FROM core.audit_log a LEFT JOIN core.users u ON u.id = a.actor_id WHERE a.id = $1`,
      [id],
    );
    const entry = rows[0]?.entry;
    if (!entry) throw new Error('the comment was not stored');
    return entry;
  });
}
