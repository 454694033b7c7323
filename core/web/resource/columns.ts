import { action, computed, makeObservable, observableRef } from 'mobx';
import { isSortable, type ResourceDefinition } from '@core/shared/resource/definition';
import { isListedByDefault, type FieldDefinition, type FieldKind } from '@core/shared/resource/field';

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
}

export const MIN_COLUMN_WIDTH = 60;
export const MAX_COLUMN_WIDTH = 800;

const WIDTH_BY_KIND: Readonly<Record<FieldKind, number>> = {
  text: 200,
  longText: 260,
  email: 220,
  url: 220,
  number: 120,
  money: 150,
  decimal: 130,
  percent: 110,
  boolean: 110,
  date: 120,
  datetime: 170,
  enum: 150,
  reference: 180,
  keyValue: 220,
  secret: 140,
};

const META: Readonly<Record<MetaColumn, { width: number; visible: boolean }>> = {
  id: { width: 80, visible: false },
  created_at: { width: 170, visible: true },
  updated_at: { width: 170, visible: false },
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
      defaultWidth: widths[field.name] ?? WIDTH_BY_KIND[field.kind],
    }),
  );
  return [meta('id'), ...fields, meta('created_at'), meta('updated_at')];
}

export function defaultColumnSettings(defs: readonly ColumnDef[]): ColumnSetting[] {
  return defs.map((def) => ({ name: def.name, visible: def.defaultVisible, width: def.defaultWidth }));
}

function isSetting(value: unknown): value is ColumnSetting {
  if (typeof value !== 'object' || value === null) return false;
  const { name, visible, width } = value as Record<string, unknown>;
  return typeof name === 'string' && typeof visible === 'boolean' && typeof width === 'number' && Number.isFinite(width);
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
    merged.push({ name: entry.name, visible: entry.visible, width: clampWidth(entry.width) });
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
    });
  }

  /** The shown columns, in order; never empty (the label column stands in when all are hidden). */
  get visible(): readonly VisibleColumn[] {
    const shown = this.settings.filter((setting) => setting.visible);
    const chosen = shown.length > 0 ? shown : this.settings.slice(0, 1);
    return chosen.flatMap((setting) => {
      const def = this.byName.get(setting.name);
      return def ? [{ ...def, width: setting.width }] : [];
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
    const next = this.settings.map((setting) => (setting.name === name ? { ...setting, width: clampWidth(width) } : setting));
    this.settings = next;
    if (persist) this.write();
  }

  reset(): void {
    this.update(defaultColumnSettings(this.defs));
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
