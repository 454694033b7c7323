/**
 * The browser half of the resource engine: one `ResourceDefinition` (core/shared/resource) gives
 * a list screen with filters, sorting, paging, selection, export, history and an add/edit dialog.
 *
 * For plugin authors: `resourceRoute(definition, options?)` and the option types; the rest is
 * exported for screens that compose the pieces themselves.
 */
export { resourceRoute } from './resource-route';
export { ResourcePage, type ResourcePageProps } from './ResourcePage';
export type {
  ExtraRowAction,
  ResourceCellProps,
  ResourceCellRenderer,
  ResourceFormProps,
  ResourceScreenOptions,
  ResourceToolbarProps,
  RowActionContext,
} from './types';
export { ResourceApi, ReferenceApi, type BulkSelection, type ReferenceOption } from './resource-api';
export { ResourceFeedback, type ResourceFailure, type ResourceSuccess } from './resource-feedback';
export { ResourceFormDialog } from './ResourceFormDialog';
export { FieldInput } from './FieldInput';
export { ReferencePicker } from './ReferencePicker';
export { CellValue } from './CellValue';
export { formatValue } from './format-value';
