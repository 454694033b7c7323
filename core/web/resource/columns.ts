import { action, computed, makeObservable, observableRef } from 'mobx';
import { isSortable, type ResourceDefinition } from '@core/shared/resource/definition';
import { isIdentifier, isListedByDefault, type FieldDefinition, type FieldKind } from '@core/shared/resource/field';

/** Columns every record has besides its fields, offered in the column chooser. */
export const META_COLUMNS = ['id', 'created_at', 'updated_at'] as const;
export type MetaColumn = (typeof META_COLUMNS)[number];

/** A column the table can show: a field, or one of the meta columns. */
export interface ColumnDef {
  readonly name: string;
  /** i18n key of the header. */
  readonly labelKey: string;
  readonly field: FieldDefinition | null;
  readonly sortable: boolean;
  readonly defaultVisible: boolean;
  readonly defaultWidth: number;
}

/** One column as the user arranged it. */
export interface ColumnSetting {
  readonly name: string;
  readonly visible: boolean;
  /** Pixels. */
  readonly width: number;
  /**
   * The user set the width (dragged or typed it). Otherwise `width` is the least the column gets:
   * the table widens it to its header and content, up to MAX_FIT_WIDTH.
   */
  readonly custom?: boolean;
}

export const MIN_COLUMN_WIDTH = 60;
export const MAX_COLUMN_WIDTH = 800;
/** The widest a column grows to fit its header and values; longer text is cut with "…" and whole on hover. */
export const MAX_FIT_WIDTH = 360;

/** The least width of each kind: what its usual value needs. The table widens a column to fit its header and values. */
const WIDTH_BY_KIND: Readonly<Record<FieldKind, number>> = {
  text: 140,
  longText: 220,
  email: 180,
  url: 180,
  number: 90,
  money: 120,
  decimal: 100,
  percent: 90,
  boolean: 80,
  date: 100,
  datetime: 150,
  enum: 110,
  reference: 140,
  keyValue: 200,
  secret: 110,
};
const IDENTIFIER_WIDTH = 80;

const META: Readonly<Record<MetaColumn, { width: number; visible: boolean }>> = {
  id: { width: IDENTIFIER_WIDTH, visible: false },
  created_at: { width: WIDTH_BY_KIND.datetime, visible: true },
  updated_at: { width: WIDTH_BY_KIND.datetime, visible: false },
};

export function clampWidth(width: number): number {
  return Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, width)));
}

/** Every column of a resource in its natural order: id, the fields, then the timestamps. */
/**
 * The columns a definition gives. `widths` overrides the default width of some (a cell renderer
 * that writes a sentence needs more than its field's kind).
 */
export function columnDefs(definition: ResourceDefinition, widths: Readonly<Record<string, number>> = {}): ColumnDef[] {
  const meta = (name: MetaColumn): ColumnDef => ({
    name,
    labelKey: `core:resource.meta.${name}`,
    field: null,
    sortable: isSortable(definition, name),
    defaultVisible: META[name].visible,
    defaultWidth: META[name].width,
  });
  const fields = definition.fields.map(
    (field): ColumnDef => ({
      name: field.name,
      labelKey: field.labelKey,
      field,
      sortable: isSortable(definition, field.name),
      defaultVisible: isListedByDefault(field),
      defaultWidth:
        widths[field.name] ?? (isIdentifier(field, field.name) ? IDENTIFIER_WIDTH : WIDTH_BY_KIND[field.kind]),
    }),
  );
  return [meta('id'), ...fields, meta('created_at'), meta('updated_at')];
}

export function defaultColumnSettings(defs: readonly ColumnDef[]): ColumnSetting[] {
  return defs.map((def) => ({ name: def.name, visible: def.defaultVisible, width: def.defaultWidth }));
}

function isSetting(value: unknown): value is ColumnSetting {
  if (typeof value !== 'object' || value === null) return false;
  const { name, visible, width, custom } = value as Record<string, unknown>;
  return (
    typeof name === 'string' &&
    typeof visible === 'boolean' &&
    typeof width === 'number' &&
    Number.isFinite(width) &&
    (custom === undefined || typeof custom === 'boolean')
  );
}

/**
 * The stored arrangement laid over the definition's columns: stored columns keep their order,
 * visibility and width; columns the definition gained since are appended with their defaults;
 * columns it lost are forgotten. Anything malformed is ignored.
 */
export function mergeColumnSettings(defs: readonly ColumnDef[], stored: unknown): ColumnSetting[] {
  const known = new Map(defs.map((def) => [def.name, def]));
  const seen = new Set<string>();
  const merged: ColumnSetting[] = [];
  for (const entry of Array.isArray(stored) ? stored : []) {
    if (!isSetting(entry) || !known.has(entry.name) || seen.has(entry.name)) continue;
    seen.add(entry.name);
    // A width the user never set follows the definition's default, which may have changed since.
    const width =
      entry.custom === true
        ? clampWidth(entry.width)
        : (known.get(entry.name)?.defaultWidth ?? clampWidth(entry.width));
    merged.push({
      name: entry.name,
      visible: entry.visible,
      width,
      ...(entry.custom === true ? { custom: true } : {}),
    });
  }
  for (const setting of defaultColumnSettings(defs)) if (!seen.has(setting.name)) merged.push(setting);
  return merged;
}

/** Per user and per resource, so two people on one browser keep their own tables. */
export function columnStorageKey(userId: number | string, resourceId: string): string {
  return `resource-columns:${userId}:${resourceId}`;
}

export interface VisibleColumn extends ColumnDef {
  readonly width: number;
  /** The user set the width: the table keeps it instead of fitting the column. */
  readonly custom: boolean;
}

/**
 * The table's columns as this user arranged them: shown or hidden, in their order, at their
 * widths, persisted in local storage on every change.
 */
export class ColumnPreferences {
  settings: readonly ColumnSetting[];
  private readonly defs: readonly ColumnDef[];
  private readonly byName: ReadonlyMap<string, ColumnDef>;

  constructor(
    definition: ResourceDefinition,
    private readonly storage: Storage,
    private readonly key: string,
    widths: Readonly<Record<string, number>> = {},
  ) {
    this.defs = columnDefs(definition, widths);
    this.byName = new Map(this.defs.map((def) => [def.name, def]));
    this.settings = mergeColumnSettings(this.defs, this.read());
    makeObservable(this, {
      settings: observableRef,
      visible: computed,
      all: computed,
      toggle: action,
      move: action,
      setWidth: action,
      reset: action,
      arrange: action,
    });
  }

  /** The shown columns, in order; never empty (the label column stands in when all are hidden). */
  get visible(): readonly VisibleColumn[] {
    const shown = this.settings.filter((setting) => setting.visible);
    const chosen = shown.length > 0 ? shown : this.settings.slice(0, 1);
    return chosen.flatMap((setting) => {
      const def = this.byName.get(setting.name);
      return def ? [{ ...def, width: setting.width, custom: setting.custom === true }] : [];
    });
  }

  /** Every column in the user's order, for the chooser. */
  get all(): readonly (ColumnDef & ColumnSetting)[] {
    return this.settings.flatMap((setting) => {
      const def = this.byName.get(setting.name);
      return def ? [{ ...def, ...setting }] : [];
    });
  }

  toggle(name: string, visible: boolean): void {
    this.update(this.settings.map((setting) => (setting.name === name ? { ...setting, visible } : setting)));
  }

  /** Moves a column one place earlier (-1) or later (+1). */
  move(name: string, delta: -1 | 1): void {
    const from = this.settings.findIndex((setting) => setting.name === name);
    const to = from + delta;
    if (from < 0 || to < 0 || to >= this.settings.length) return;
    const next = [...this.settings];
    const [moved] = next.splice(from, 1);
    if (moved) next.splice(to, 0, moved);
    this.update(next);
  }

  /** `persist: false` while a drag is under way; the last call of the drag persists. */
  setWidth(name: string, width: number, persist = true): void {
    const next = this.settings.map((setting) =>
      setting.name === name ? { ...setting, width: clampWidth(width), custom: true } : setting,
    );
    this.settings = next;
    if (persist) this.write();
  }

  reset(): void {
    this.update(defaultColumnSettings(this.defs));
  }

  /**
   * A saved view's columns: `names` shown in that order, every other column hidden after them,
   * widths kept; names the resource no longer has are skipped. Null: the default columns.
   */
  arrange(names: readonly string[] | null): void {
    if (names === null) {
      this.reset();
      return;
    }
    const shown = names
      .flatMap((name) => this.settings.find((setting) => setting.name === name) ?? [])
      .map((setting) => ({ ...setting, visible: true }));
    const hidden = this.settings
      .filter((setting) => !names.includes(setting.name))
      .map((setting) => ({ ...setting, visible: false }));
    this.update([...shown, ...hidden]);
  }

  private update(next: readonly ColumnSetting[]): void {
    this.settings = next;
    this.write();
  }

  private read(): unknown {
    const raw = this.storage.getItem(this.key);
    if (raw === null) return null;
    try {
      return JSON.parse(raw);
    } catch {
      return null;
    }
  }

  private write(): void {
    try {
      this.storage.setItem(this.key, JSON.stringify(this.settings));
    } catch {
      // A full or disabled storage costs the user their arrangement, never the page.
    }
  }
}
