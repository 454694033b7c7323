/**
 * The browser half of the resource engine: one `ResourceDefinition` (core/shared/resource) gives
 * a list screen with filters, sorting, paging, selection, export, history and an add/edit dialog.
 *
 * For plugin authors: `resourceRoute(definition, options?)` and the option types (a list adapter,
 * scopes, filter, row-menu and toolbar contributions); `useResourceList` with the table and pager
 * for a screen of its own; `useResourceExport` with ExportMenu and ExportProgress for a page that
 * exports a resource without the engine's list.
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
  RowActionRunner,
  RowTone,
  ScreenDialog,
} from './types';
export type { ListParams, ResourceListApi } from './list-api';
export type { ListScope, ListScopeOption, ListView } from './list-view';
export { useResourceList, type ResourceList, type ResourceListOptions } from './use-resource-list';
export { ResourceListStore } from './resource-list-store';
export { ResourceTable } from './ResourceTable';
export { Pager } from './Pager';
export {
  ResourceApi,
  ReferenceApi,
  type BulkSelection,
  type ExportOptions,
  type ReferenceOption,
} from './resource-api';
export { ExportMenu, type ExportMenuProps } from './ExportMenu';
export { ExportProgress } from './ExportProgress';
export { useResourceExport, type ResourceExport, type ResourceExportOptions } from './use-resource-export';
export { ResourceFeedback, type ResourceFailure, type ResourceSuccess } from './resource-feedback';
export { ResourceFormDialog } from './ResourceFormDialog';
export { FieldInput } from './FieldInput';
export { ReferencePicker } from './ReferencePicker';
export { CellValue } from './CellValue';
