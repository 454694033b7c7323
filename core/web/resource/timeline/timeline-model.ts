import type { TOptions } from 'i18next';
import { fieldNamed, type ResourceDefinition } from '@core/shared/resource/definition';
import { hasSecretValues, type FieldDefinition, type ReferenceField } from '@core/shared/resource/field';
import {
  INTERNAL_COLUMNS,
  type TimelineEntry,
  type TimelineLabels,
  type TimelinePage,
} from '@core/shared/resource/record-page';
import type { LocaleFormat } from '@core/shared/format/locale-format';
import { formatValue } from '../format-value';
import { namespaceOf } from '../resource-strings';

/**
 * What the timeline reads with: i18next's `t` and the reader's forms of dates and numbers (the
 * I18nService, or `{ t, format: localeFormat('en') }` in a test).
 */
export interface TimelineFormatter {
  t(key: string, options?: TOptions): string;
  readonly format: LocaleFormat;
}

/** What happened, as the timeline draws it; `action` is a plugin's row action (`load-positions`, `transfer`, …). */
export type TimelineKind =
  | 'created'
  | 'changed'
  | 'deleted'
  | 'restored'
  | 'blocked'
  | 'unblocked'
  | 'comment'
  | 'revert'
  | 'action';

const KINDS: Readonly<Record<string, TimelineKind>> = {
  create: 'created',
  update: 'changed',
  delete: 'deleted',
  restore: 'restored',
  block: 'blocked',
  unblock: 'unblocked',
  comment: 'comment',
  revert: 'revert',
};

/** Kinds that are events of their own: their before and after are not listed field by field. */
const EVENTS: ReadonlySet<TimelineKind> = new Set(['deleted', 'restored', 'blocked', 'unblocked', 'comment']);

/** Kinds that set fields, so setting those fields back means something. */
const SETTERS: ReadonlySet<TimelineKind> = new Set(['changed', 'revert', 'action']);

/** One field an entry changed, both values as the reader reads them ('—' for none). */
export interface TimelineChange {
  readonly name: string;
  readonly label: string;
  readonly before: string;
  readonly after: string;
}

/** One entry of the timeline, ready to draw. */
export interface TimelineItem {
  readonly id: number;
  readonly kind: TimelineKind;
  /** Who did it: the user's name, or "System". */
  readonly actor: string;
  /** When, as the engine shows instants. */
  readonly time: string;
  /** What happened, translated: Created, a plugin's own action name, "Reverted a change of <time>", … */
  readonly action: string;
  /** A comment's text, as written. */
  readonly comment?: string;
  readonly changes: readonly TimelineChange[];
  /** Whether "Revert this change" means anything: it set a field a user may set again. */
  readonly revertable: boolean;
}

const NONE = '—';

/** Key names that hold ids: without a definition, such a value could only be shown as a bare number. */
const ID_KEY = /(^|_)ids?$/;

/**
 * An entry's action as the reader's language says it: the plugin's own name for it
 * (`<namespace>:history.actions.<action>`, the namespace of the definition's title key) for the
 * actions its server writes, else the engine's (Created, Updated, …), else the raw name.
 */
export function actionLabel(
  formatter: TimelineFormatter,
  definition: ResourceDefinition | null,
  action: string,
): string {
  const engine = formatter.t(`core:resource.history.actions.${action}`, { defaultValue: action });
  const namespace = definition ? namespaceOf(definition.titleKey) : null;
  if (namespace === null) return engine;
  return formatter.t(`${namespace}:history.actions.${action}`, { defaultValue: engine });
}

/** A referenced record by its label, or "#7 (deleted)" when the record is gone: never a bare id. */
function referenceText(
  formatter: TimelineFormatter,
  field: ReferenceField,
  labels: TimelineLabels,
  value: unknown,
): string {
  const one = (id: unknown): string => {
    const label = labels[field.name]?.[String(id)];
    return typeof label === 'string' ? label : formatter.t('core:resource.history.deletedRecord', { id: String(id) });
  };
  return Array.isArray(value) ? value.map(one).join(', ') : one(value);
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

function isPlain(value: unknown): value is string | number | boolean | null | undefined {
  return value === null || value === undefined || ['string', 'number', 'boolean'].includes(typeof value);
}

interface ChangeContext {
  readonly definition: ResourceDefinition | null;
  readonly labels: TimelineLabels;
  readonly formatter: TimelineFormatter;
}

function valueText(context: ChangeContext, field: FieldDefinition | null, value: unknown): string {
  if (isEmpty(value)) return NONE;
  if (field?.kind === 'reference') return referenceText(context.formatter, field, context.labels, value);
  if (field === null) return String(value);
  const text = formatValue(field, value, context.formatter);
  return text === '' ? NONE : text;
}

/**
 * The fields one entry changed that a reader may see: fields of the definition only (never the
 * internal columns, nor a column the definition does not name). Without a definition only plain
 * values under keys that are not ids are shown, by their key.
 */
function changesOf(context: ChangeContext, entry: TimelineEntry, kind: TimelineKind): TimelineChange[] {
  if (EVENTS.has(kind)) return [];
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const changes: TimelineChange[] = [];
  for (const name of names) {
    if (INTERNAL_COLUMNS.has(name)) continue;
    const old = before[name];
    const now = after[name];
    if (JSON.stringify(old ?? null) === JSON.stringify(now ?? null)) continue;
    // A record's first values: only those it was given.
    if (kind === 'created' && isEmpty(now)) continue;
    const { definition } = context;
    const field = definition ? fieldNamed(definition, name) : undefined;
    if (definition && !field) continue;
    if (!definition && (ID_KEY.test(name) || !isPlain(old) || !isPlain(now))) continue;
    changes.push({
      name,
      label: field ? context.formatter.t(field.labelKey) : name,
      before: valueText(context, field ?? null, old),
      after: valueText(context, field ?? null, now),
    });
  }
  return changes;
}

/** Whether setting the change's field back is something a user may do: not computed, never a secret. */
function settable(definition: ResourceDefinition | null, change: TimelineChange): boolean {
  const field = definition ? fieldNamed(definition, change.name) : undefined;
  return field !== undefined && field.readOnly !== true && field.kind !== 'secret' && !hasSecretValues(field);
}

/**
 * A page (or the pages loaded so far, merged) of a record's timeline as the reader reads it, newest
 * first: who, when, what, the fields changed with their labels and values in the reader's
 * language, references by their records' labels. An update that changed nothing a reader can see
 * has no entry. `definition` may be null (a table with no resource of its own, like the users):
 * then comments and events read in full, and changes only where their values are plain.
 */
export function timelineEntries(
  definition: ResourceDefinition | null,
  page: TimelinePage,
  formatter: TimelineFormatter,
): TimelineItem[] {
  const context: ChangeContext = { definition, labels: page.labels, formatter };
  const times = new Map(page.entries.map((entry) => [entry.id, formatter.format.dateTime(entry.at)]));
  const items: TimelineItem[] = [];
  for (const entry of page.entries) {
    const kind = KINDS[entry.action] ?? 'action';
    const changes = changesOf(context, entry, kind);
    if (kind === 'changed' && changes.length === 0) continue;
    items.push({
      id: entry.id,
      kind,
      actor: entry.actor_name ?? formatter.t('core:resource.history.system'),
      time: formatter.format.dateTime(entry.at),
      action:
        kind === 'revert' ? revertAction(formatter, entry, times) : actionLabel(formatter, definition, entry.action),
      ...(kind === 'comment' ? { comment: entry.detail?.comment ?? '' } : {}),
      changes,
      revertable: SETTERS.has(kind) && changes.some((change) => settable(definition, change)),
    });
  }
  return items;
}

/** "Reverted a change of <its time>" when the reverted entry is among those loaded, else "Reverted a change". */
function revertAction(formatter: TimelineFormatter, entry: TimelineEntry, times: ReadonlyMap<number, string>): string {
  const reverted = entry.detail?.reverts;
  const time = reverted === undefined ? undefined : times.get(reverted);
  return time === undefined
    ? formatter.t('core:resource.history.revertedChange')
    : formatter.t('core:resource.history.revertedChangeOf', { time });
}
