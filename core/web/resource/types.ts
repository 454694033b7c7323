import type { ComponentType, ReactElement } from 'react';
import type { PermissionRequirement } from '@core/shared/permissions';
import type { ResourceDefinition, ResourceRecord } from '@core/shared/resource/definition';
import type { FieldDefinition } from '@core/shared/resource/field';
import type { ResourceApi } from './resource-api';
import type { ResourceFeedback } from './resource-feedback';

/** What a custom cell renderer receives: one record's value in one column. */
export interface ResourceCellProps {
  readonly definition: ResourceDefinition;
  readonly record: ResourceRecord;
  /** The column: a field name, or `id`, `created_at`, `updated_at`. */
  readonly name: string;
  /** The field, or null for a meta column. */
  readonly field: FieldDefinition | null;
  readonly value: unknown;
}

/** Draws one column's cells instead of the engine; the row height is fixed, so keep it to one line. */
export type ResourceCellRenderer = ComponentType<ResourceCellProps>;

/**
 * What a custom add/edit form receives. It is shown while open and owns everything inside (the
 * dialog included): call `onSaved` after a successful save (the list reloads), `onCancel` to close.
 * `feedback` shows the spec's toasts ('New record successfully created', …).
 */
export interface ResourceFormProps {
  readonly definition: ResourceDefinition;
  /** The record being edited, or null to create one. */
  readonly record: ResourceRecord | null;
  readonly api: ResourceApi;
  readonly feedback: ResourceFeedback;
  readonly onSaved: (record: ResourceRecord) => void;
  readonly onCancel: () => void;
}

/** What an extra row action may use while it runs. */
export interface RowActionContext {
  readonly api: ResourceApi;
  readonly feedback: ResourceFeedback;
  /** Reloads the current page of the list. */
  readonly reload: () => Promise<void>;
}

/** A row-menu entry written in code, beside the definition's declarative `rowActions`. */
export interface ExtraRowAction {
  readonly name: string;
  /** i18n key, `namespace:key`. */
  readonly labelKey: string;
  readonly icon?: ReactElement;
  /** Shown only to users whose codes satisfy it. */
  readonly requires?: PermissionRequirement;
  /** Shown only for records it returns true for. */
  readonly when?: (record: ResourceRecord) => boolean;
  /** i18n key of a question asked first. */
  readonly confirmKey?: string;
  readonly run: (record: ResourceRecord, context: RowActionContext) => void | Promise<void>;
}

/** What extra toolbar content receives. */
export interface ResourceToolbarProps {
  readonly definition: ResourceDefinition;
  readonly api: ResourceApi;
  readonly feedback: ResourceFeedback;
  /** Reloads the current page of the list. */
  readonly reload: () => Promise<void>;
}

/** How a plugin tailors a generated screen; every part is optional. */
export interface ResourceScreenOptions {
  /** The route path; default `/<definition.path>`. It must be one of the plugin manifest's routes. */
  readonly path?: string;
  /** Cell renderers by column name. */
  readonly cells?: Readonly<Record<string, ResourceCellRenderer>>;
  /** Replaces the generated add/edit dialog. */
  readonly form?: ComponentType<ResourceFormProps>;
  /** Further entries of each row's menu. */
  readonly rowActions?: readonly ExtraRowAction[];
  /** Drawn in the toolbar after the definition's toolbar actions (e.g. an import button). */
  readonly toolbar?: ComponentType<ResourceToolbarProps>;
  /**
   * Query parameters outside the filter codec (e.g. `{ status: 'fired' }`), sent with the list, the
   * export and "delete all matching". Read when the screen opens: give the page a new `key` to
   * change them.
   */
  readonly listParams?: Readonly<Record<string, string>>;
}
