/**
 * The plugin SDK, browser part: what a plugin's `web/` code may import besides @core/sdk/shared.
 * Never imported by server code; it re-exports nothing of the server.
 *
 * A plugin's `web/index.ts` gives the host its code loaders (`definePluginCode`); the module it
 * loads is an inversify `ContainerModule` that binds contributions (routes, slot items, stores)
 * under the tokens below. Components reach the kernel's services with `useInjection`.
 *
 * Every name exported here is listed in core/sdk/exports.json (see @core/sdk/shared).
 */

/** A plugin's browser code: its translation bundles and its module, each a dynamic import. */
export { definePluginCode, type PluginCode, type TranslationLoader } from '@core/web/plugins/define-plugin';

/**
 * Contributions a plugin's module binds: a page for one of its manifest's pages, an item for a
 * layout slot (dashboard widget, top bar, profile menu, user detail tab), a store created once
 * per app start. A plugin that offers a slot of its own reads its items with `useSlotItems`.
 */
export {
  DashboardWidgetToken,
  ProfileMenuItemToken,
  RouteContributionToken,
  StoreContributionToken,
  TopBarItemToken,
  UserDetailTabToken,
  slotToken,
  type DashboardWidgetContribution,
  type RouteContribution,
  type SlotContribution,
  type StoreContribution,
  type TranslationBundle,
  type UserDetailTabContribution,
  type UserDetailTabProps,
} from '@core/web/kernel/contributions';
export { useSlotItems } from '@core/web/shell/layout/use-slot-items';

/**
 * The kernel's services inside React: `useInjection(ToastService)`; several bindings with `useMultiInjection`.
 * `useInjection` keeps what it got for the life of the component, so a page model bound in transient
 * scope in the plugin's module is made afresh for each visit of the page and never outlives it.
 */
export { useContainer, useInjection, useMultiInjection } from '@core/web/react/container-context';

/**
 * HTTP: `useInjection(HttpClients).get('finance')` is the client of one API service (base URL,
 * bearer token, refresh, XSRF and error toasts handled); a failed call rejects with HttpError.
 * A body is sent as JSON, except a `Blob` (a chosen `File`), which is uploaded as its bytes under
 * its own type: `client.post('whites/3/archive', file, { query: { name: file.name } })`.
 */
export { HttpClient, type DownloadOptions, type RequestOptions } from '@core/web/http/http-client';
export { HttpClients } from '@core/web/http/http-clients';
export { HttpError } from '@core/web/http/http-error';

/**
 * The kernel's services: translations and number/date formatting, toasts, the signed-in user's
 * codes (`permissions.has('FT')`), the session, the plugin host (which plugins run, their state),
 * and the browser's storage (injected, so tests give each kernel its own).
 */
export { I18nService } from '@core/web/services/i18n-service';
export { ToastService, type ToastIntent, type ToastRequest } from '@core/web/services/toast-service';
export { PermissionService } from '@core/web/services/permission-service';
export { SessionStore } from '@core/web/services/session-store';
export { PluginHost } from '@core/web/plugins/plugin-host';
export { BrowserStorage } from '@core/web/kernel/environment';

/**
 * The permission catalogue the enabled plugins' manifests assemble: each code's area, its
 * description in the reader's language, the known services.
 */
export { usePermissionCatalogue } from '@core/web/plugins/use-permission-catalogue';

/**
 * The resource engine's screens: `resourceRoute(definition, options)` is a whole list screen
 * (filters, sorting, paging, export, history, add/edit dialog) for a route; the options add a list
 * adapter (ResourceListApi, for a list served by other routes), scopes, filter, row-menu and
 * toolbar contributions, cell renderers, a custom form and a warning or danger tone per row
 * (RowTone, read out to screen readers). A row action's runner gets the answer of its endpoint
 * (`api.rowAction`) and may show a dialog over the screen (`showDialog`). `useResourceList` with ResourceTable and
 * Pager serves a screen of its own; the other pieces show a resource inside a page of your own.
 * A list adapter over other routes can compose the engine's calls it shares (`new ResourceApi(definition,
 * clients)`: export, history, timeline, comments) with its own `list`. A page whose list is not the
 * engine's exports a resource with `useResourceExport(definition, { params })`: its `exportCsv` is
 * ExportMenu's `onExport`, its `progress` ExportProgress's `store` (the same menu, rows counted, cancel).
 */
export {
  CellValue,
  ExportMenu,
  ExportProgress,
  FieldInput,
  Pager,
  ReferenceApi,
  ReferencePicker,
  ResourceApi,
  ResourceFeedback,
  ResourceFormDialog,
  ResourceListStore,
  ResourcePage,
  resourceRoute,
  ResourceTable,
  useResourceExport,
  useResourceList,
  type BulkSelection,
  type ExportMenuProps,
  type ExportOptions,
  type ExtraRowAction,
  type ListParams,
  type ListScope,
  type ListScopeOption,
  type ListView,
  type ReferenceOption,
  type ResourceCellProps,
  type ResourceCellRenderer,
  type ResourceExport,
  type ResourceExportOptions,
  type ResourceFailure,
  type ResourceFormProps,
  type ResourceList,
  type ResourceListApi,
  type ResourceListOptions,
  type ResourcePageProps,
  type ResourceScreenOptions,
  type ResourceSuccess,
  type ResourceToolbarProps,
  type RowActionContext,
  type RowActionRunner,
  type RowTone,
  type ScreenDialog,
} from '@core/web/resource';

/** A status column's cell: a coloured badge whose details open on hover and keyboard focus. */
export { StatusBadge, type StatusBadgeProps } from '@core/web/resource/StatusBadge';

/**
 * A record's timeline (who did what and when, comments, "Show older", "Revert this change") over
 * a `TimelineApi` (a ResourceApi is one); `timelineEntries(definition, page, i18n)` is its pure
 * model, the entries as the reader reads them, for a page of one's own or a test of histories.
 */
export { RecordTimeline, type RecordTimelineProps, type TimelineApi } from '@core/web/resource/timeline/RecordTimeline';
export {
  timelineEntries,
  type TimelineChange,
  type TimelineFormatter,
  type TimelineItem,
  type TimelineKind,
} from '@core/web/resource/timeline/timeline-model';

/**
 * Labels of referenced records (a user's name for a user id), fetched in batches and cached. The app
 * has one cache, shared by every screen (`useReferenceLabels()`), so a label is fetched once.
 */
export { ReferenceLabels } from '@core/web/resource/reference-labels';
export { useReferenceLabels } from '@core/web/resource/use-reference-labels';
/** A labelled picker of one record of a reference target, for dialogs and filters outside an engine form. */
export { ReferencePickerField, type ReferencePickerFieldProps } from '@core/web/resource/ReferencePickerField';

/** A link to a list screen filtered to some records (a row's children in another list), in the engine's URL format. */
export { filteredListPath } from '@core/web/resource/list-view';

/** A toolbar button downloading a file (a report's CSV): spinner while it runs, a toast when it fails. */
export { DownloadButton, type DownloadButtonProps, type DownloadedFile } from '@core/web/react/DownloadButton';

/**
 * A bar chart of exact decimal figures: one or several series (grouped bars) over categories, each
 * bar's tooltip the caller's `formatValue(exact value)`, theme colours. The charting library loads
 * lazily in its own chunk on first draw.
 */
export { BarChart } from '@core/web/charts/BarChart';
export type { BarChartProps, ChartSeries } from '@core/web/charts/bar-chart-props';

/**
 * A report page's controls: `ChoiceField` is a labelled dropdown of fixed values; `PeriodFields`
 * the period (the date presets and custom From/To days, the caller's labels). The period lives in the
 * URL: `readReportPeriod(search, fallback)` and `writeReportPeriod(period, search)` keep a preset
 * as its name; `reportDays(period, today)` gives the days to ask for, null while custom lacks one.
 */
export { ChoiceField, type ChoiceFieldProps } from '@core/web/reports/ChoiceField';
export { PeriodFields, type PeriodFieldLabels, type PeriodFieldsProps } from '@core/web/reports/PeriodFields';
export {
  PERIOD_CHOICES,
  readReportPeriod,
  reportDays,
  writeReportPeriod,
  type PeriodChoice,
  type ReportPeriod,
} from '@core/web/reports/report-period';
export { useUrlReport, type UrlReport, type UrlReportOptions } from '@core/web/reports/use-url-report';

/** Hands a downloaded blob (`HttpClient.download`) to the browser as a file. */
export { saveBlob } from '@core/web/resource/save-file';

/** A record's state as the row actions see it: deleted, blocked, and whether an action's `when` holds. */
export { actionApplies, isBlocked, isDeleted } from '@core/web/resource/row-actions';

/** What a failed call says: the server's message, and whether it was only cancelled. */
export { isAbort, serverMessage } from '@core/web/resource/resource-feedback';

/**
 * Values as the lists show them, in the interface language: `useLocaleFormat()` in a component (it
 * draws again when the language changes), `I18nService.format` elsewhere, gives the forms
 * (`format.date('2026-11-29')`, `format.money('12803.04', 'USD')`, `format.month('2026-11')`,
 * `format.compact(value, 'USD')` for chart axes; see `localeFormat` in `@core/sdk/shared`).
 * `formatDay` is for plain dates (`YYYY-MM-DD`, no time zone: never pass them through `new Date`),
 * `formatInstant` for timestamps in the browser's zone, `formatMoney` for `{ amount, currency }`
 * (exactly, or to the currency's digits); each takes those forms.
 */
export { useLocaleFormat } from '@core/web/react/use-locale-format';
export { formatDay, formatInstant, formatMoney, formatValue } from '@core/web/resource/format-value';
export type { LocaleFormat, MoneyPrecision } from '@core/shared/format/locale-format';

/**
 * The engine's own strings (`core:resource.*`: Save, Cancel, Add, …): a custom page that uses
 * them calls this once while rendering; the engine's screens do it themselves.
 */
export { addResourceStrings } from '@core/web/resource/resource-strings';

/**
 * A custom page's read without hand-written loading, error and empty state: `useData(load, deps)`
 * reads (again when `deps` change, dropping overtaken answers), `DataView` draws its states.
 */
export { useData, type DataResult, type DataState } from '@core/web/react/use-data';
export { DataView, type DataViewProps } from '@core/web/react/DataView';

/**
 * Dialogs: a form in a dialog with Save and Cancel (or the caller's labels), and a yes/no question
 * (`await ask(message)`).
 */
export { FormDialog, type FormDialogProps } from '@core/web/react/FormDialog';
/** A plugin form's messages by field, each gone as soon as its field's value changes. */
export { useFormErrors, type FormErrors } from '@core/web/react/use-form-errors';
/** A dialog that shows and asks nothing: title, content, Close (the frame of read-only dialogs). */
export { InfoDialog, type InfoDialogProps } from '@core/web/react/InfoDialog';
export { useConfirm, type ConfirmWording } from '@core/web/resource/ConfirmDialog';

/**
 * Bringing text in (a CSV file, pasted lines): `TextImportDialog` reads a chosen file in the
 * browser or takes pasted text, sends it with `onSubmit(text)` (spinner, no second send, no closing
 * while it runs) and shows what came back: `{ kind: 'done' }` closes, a `report` stays open with a
 * message and the refused lines (`{ line, column?, message }`), the text kept to correct. The
 * caller's fields (a product picker, a "skip bad lines" box) go in as children.
 */
export {
  TextImportDialog,
  type ImportLineError,
  type TextImportDialogProps,
  type TextImportOutcome,
} from '@core/web/react/TextImportDialog';

/** A button that copies a text to the clipboard and says so (an error toast when the browser refuses). */
export { CopyButton, type CopyButtonProps } from '@core/web/react/CopyButton';

/**
 * Fields in the interface language, never the browser's: `NumberInput` shows and takes "1 234,56"
 * in Russian, "1,234.56" in English, and hands back the canonical decimal string; `DateInput`
 * takes "29.11.2026" or "11/29/26" (ISO days too) with a calendar whose weeks start on the
 * language's first day, and hands back `YYYY-MM-DD`; `DateTimeInput` adds the time of day ("3:44 PM",
 * "15:44") and hands back a local `YYYY-MM-DDTHH:mm`; `MonthInput` picks a `YYYY-MM` month named in
 * the language. Text they cannot read stays in the field, with a message under it.
 */
export { NumberInput, type NumberInputProps } from '@core/web/react/NumberInput';
export { DateInput, type DateInputProps } from '@core/web/react/DateInput';
export { DateTimeInput, type DateTimeInputProps } from '@core/web/react/DateTimeInput';
export { MonthInput, type MonthInputProps } from '@core/web/react/MonthInput';

/** The class that gives a dropdown's list the engine's height and scrolling. */
export { useListboxClass } from '@core/web/resource/listbox';

/**
 * Following a background job of the kernel's runner (`context.jobs`): `JobPanel` is a dialog with
 * its state, named steps with done / current / failed marks, percent, error, live log and the
 * caller's content for its result (`children(job)`), read every second until it has finished
 * (`onFinished(job)`); `LatestJobPanel` is the same for a record's newest job by subject;
 * `useJobWatch` is the polling alone. A row action (code outside React) asks for a panel through
 * a `JobPanelRequest` its screen's toolbar draws. `JobStateBadge` is a job's state as a badge.
 * `JobsApi` (`new JobsApi(useInjection(HttpClients))`) reads, lists, retries and cancels jobs and
 * reads the kinds and schedules; its calls are silent, the caller says what failed. Strings:
 * `core:jobs.*`, merged by `useJobStrings()` (the panel and the badge call it themselves).
 */
export { JobPanel, type JobPanelProps, type JobStep } from '@core/web/jobs/JobPanel';
export { JobStateBadge } from '@core/web/jobs/JobStateBadge';
export { JobsApi, type JobListQuery } from '@core/web/jobs/jobs-api';
export { useJobStrings } from '@core/web/jobs/job-strings';
export { LatestJobPanel, type LatestJobPanelProps } from '@core/web/jobs/LatestJobPanel';
export { useJobWatch, type JobWatch } from '@core/web/jobs/use-job-watch';
export { JobPanelRequest } from '@core/web/jobs/job-panel-request';

/**
 * Record pages. `RecordPage` is the engine's page of one record (the host draws it at
 * `<list path>/<id>` for a manifest page naming its resource in `record`); `RecordSections` are a
 * record's related records (every readable resource's reference pointing at `table`), each loaded
 * when scrolled near; `UserRecordSections` is what a user's page shows below its tabs (the
 * sections pointing at users, and the account's timeline). `RecordLinks` gives a record page's
 * address (`recordPath(resource, id)`, `targetPath(table, id)`, null where there is none);
 * `ResourceCatalogueService` the definitions of the resources the user may read.
 */
export { RecordPage, RecordNotFound, type RecordPageProps } from '@core/web/resource/record/RecordPage';
export { RecordSections, type RecordSectionsProps } from '@core/web/resource/record/RelatedSections';
export { UserRecordSections } from '@core/web/resource/record/UserRecordSections';
export { RecordLinks } from '@core/web/resource/record/record-links';
export { ResourceCatalogueService } from '@core/web/resource/record/resource-catalogue';

/**
 * What the signed-in user keeps on the server about how the app looks to them (the dashboard's
 * layout, each list's saved views): `get(key)`, `set(key, value)`, `clear(key)`.
 */
export { PreferencesService } from '@core/web/services/preferences-service';

/** Cells of a plugin's own table that hold figures: right-aligned, equal-width digits, the header over them aligned too. */
export { FigureCell, FigureHeaderCell } from '@core/web/react/FigureCells';
