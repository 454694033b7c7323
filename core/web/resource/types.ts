import type { ComponentType, ReactElement, ReactNode } from 'react';
import type { PermissionRequirement } from '@core/shared/permissions';
import type { ResourceDefinition, ResourceRecord } from '@core/shared/resource/definition';
import type { FieldDefinition } from '@core/shared/resource/field';
import type { DeletedScope } from '@core/shared/resource/list-query';
import type { HttpClients } from '../http/http-clients';
import type { ListParams, ResourceListApi } from './list-api';
import type { ListScope } from './list-view';
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
  /**
   * Values a new record starts with besides the definition's defaults (field → value as the API
   * sends it): a related section's Add fills in the record it belongs to.
   */
  readonly initialValues?: Readonly<Record<string, unknown>>;
  readonly api: ResourceApi;
  readonly feedback: ResourceFeedback;
  readonly onSaved: (record: ResourceRecord) => void;
  readonly onCancel: () => void;
}

/** Draws a dialog of the screen's; `close` takes it away (its Close, Escape, a finished flow). */
export type ScreenDialog = (close: () => void) => ReactNode;

/** What an extra row action may use while it runs. */
export interface RowActionContext {
  readonly api: ResourceApi;
  readonly feedback: ResourceFeedback;
  /** Reloads the current page of the list. */
  readonly reload: () => Promise<void>;
  /**
   * Shows a dialog over the screen until it calls `close` (one at a time: a second replaces the
   * first): what the action brought back, the job it started. Runs outside React may open one.
   */
  readonly showDialog: (dialog: ScreenDialog) => void;
  /**
   * Asks the spec's 'Are you sure?' about the record the action runs on, its label under the
   * question and then `detailKey`'s text (what saying yes does); true on yes.
   */
  readonly confirm: (detailKey?: string) => Promise<boolean>;
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

/**
 * Runs one of the definition's declarative row actions in code instead of posting to its
 * endpoint (to ask for more first: a dialog). The entry keeps the definition's label, codes and
 * condition; its `confirmKey` is not asked for it: the runner asks in its own dialog, or with
 * `context.confirm(confirmKey)` before it runs (then shows what came back).
 */
export type RowActionRunner = (record: ResourceRecord, context: RowActionContext) => void | Promise<void>;

/** What extra toolbar content receives. */
export interface ResourceToolbarProps {
  readonly definition: ResourceDefinition;
  readonly api: ResourceApi;
  readonly feedback: ResourceFeedback;
  /** Reloads the current page of the list. */
  readonly reload: () => Promise<void>;
}

/**
 * A row the list draws in a colour of warning or danger (a domain expiring soon, one expired),
 * with `labelKey` (i18n, `namespace:key`: "Expires soon") read out before the row's first cell,
 * since a colour alone says nothing to a screen reader.
 */
export interface RowTone {
  readonly tone: 'warning' | 'danger';
  readonly labelKey: string;
}

/** How a plugin tailors a generated screen; every part is optional. */
export interface ResourceScreenOptions {
  /** The route path; default `/<definition.path>`. It must be one of the plugin manifest's pages. */
  readonly path?: string;
  /** Cell renderers by column name. */
  readonly cells?: Readonly<Record<string, ResourceCellRenderer>>;
  /** Default widths in pixels by column name, for columns whose cell says more than their kind (a user's own widths still win). */
  readonly columnWidths?: Readonly<Record<string, number>>;
  /** Replaces the generated add/edit dialog. */
  readonly form?: ComponentType<ResourceFormProps>;
  /** Further entries of each row's menu. */
  readonly rowActions?: readonly ExtraRowAction[];
  /** Drawn in the toolbar after the definition's toolbar actions (e.g. an import button). */
  readonly toolbar?: ComponentType<ResourceToolbarProps>;
  /**
   * Drawn across the page between the heading and the list: a message about the screen as a whole (a
   * warning bar), which the toolbar's row has no room for. It draws nothing when it has nothing to say.
   */
  readonly notice?: ComponentType;
  /** Runs a definition's row action (by name) in code; see RowActionRunner. */
  readonly rowActionRunners?: Readonly<Record<string, RowActionRunner>>;
  /**
   * Query parameters outside the filter codec (e.g. `{ status: 'fired' }`), sent with the list, the
   * export and "delete all matching". Read when the screen opens: give the page a new `key` to
   * change them; a choice the user makes is a `scopes` entry instead.
   */
  readonly listParams?: ListParams;
  /**
   * The list adapter, made once per visit from the kernel's HTTP clients: for a list served by an
   * API of its own rather than a mounted resource (default: the engine's `ResourceApi`). Give it
   * a `form` too unless the API takes the engine's create and update.
   */
  readonly listApi?: (clients: HttpClients) => ResourceListApi;
  /** Choices narrowing the whole list (active / fired / all), as tabs or a dropdown; see ListScope. */
  readonly scopes?: readonly ListScope[];
  /**
   * The soft-delete scopes offered: `['without', 'with']` is the "Show deleted" switch (the
   * default); `['without', 'with', 'only']` a dropdown.
   */
  readonly deletedScopes?: readonly DeletedScope[];
  /**
   * Filter contributions: fields only for filtering (never a column), drawn in the filter panel and
   * chips, kept in the URL as filters, and sent as a plain parameter `<name>=<value>` (a role of
   * the users list: `role_id=3`).
   */
  readonly filters?: readonly FieldDefinition[];
  /** i18n key of the Add button (default "Add"). */
  readonly addLabelKey?: string;
  /** Highlights the rows it gives a tone (undefined: a plain row); see RowTone. Deleted rows keep their own look. */
  readonly rowTone?: (record: ResourceRecord) => RowTone | undefined;
  /**
   * Whether a row's menu offers Edit and Delete (default: every row). For records the server keeps
   * final (an approved correction): the menu then never offers a change the server would refuse.
   */
  readonly changeable?: (record: ResourceRecord) => boolean;
  /**
   * Where a row opens, for a list whose records have a page of their own elsewhere (the users' `/user/:id`);
   * by default the record page the manifest's `record` entry gives, if any.
   */
  readonly recordPath?: (record: ResourceRecord) => string;
}
