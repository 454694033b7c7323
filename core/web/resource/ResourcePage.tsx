import { useEffect, useId, useMemo, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import {
  Button,
  Link,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  ProgressBar,
  Switch,
  Text,
  Title2,
  Toolbar,
  ToolbarButton,
  ToolbarDivider,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, ArrowClockwiseRegular, ArrowDownloadRegular, DismissRegular, FlashRegular } from '@fluentui/react-icons';
import type { ResourceDefinition, ResourceRecord, RowAction, ToolbarAction } from '@core/shared/resource/definition';
import { HttpClients } from '../http/http-clients';
import { BrowserStorage } from '../kernel/environment';
import { useInjection } from '../react/container-context';
import { I18nService } from '../services/i18n-service';
import { PermissionService } from '../services/permission-service';
import { SessionStore } from '../services/session-store';
import { ToastService } from '../services/toast-service';
import { ColumnChooser } from './ColumnChooser';
import { ColumnPreferences, columnStorageKey } from './columns';
import { useConfirm } from './ConfirmDialog';
import { FilterChips } from './FilterChips';
import { FilterToggle } from './FilterToggle';
import { filterableFields, withoutFilters } from './filter-draft';
import { countText, isTotalExact } from './list-total';
import { FilterPanel } from './FilterPanel';
import { formatValue } from './format-value';
import { HistoryDrawer } from './HistoryDrawer';
import { decodeListView, encodeListView, hasFilters, paramsOf, type ListView } from './list-view';
import { Pager } from './Pager';
import { ReferenceLabels } from './reference-labels';
import { ReferenceApi, ResourceApi } from './resource-api';
import { ResourceFeedback } from './resource-feedback';
import { ResourceFormDialog } from './ResourceFormDialog';
import { ResourceListStore } from './resource-list-store';
import { addResourceStrings } from './resource-strings';
import { ResourceTable } from './ResourceTable';
import { permittedActions } from './row-actions';
import { RowMenu } from './RowMenu';
import { exportFileName, saveBlob } from './save-file';
import type { ExtraRowAction, ResourceScreenOptions } from './types';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  heading: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  toolbar: { flexWrap: 'wrap', padding: 0 },
  panel: {
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    padding: tokens.spacingHorizontalL,
  },
  card: {
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    overflow: 'hidden',
    boxShadow: tokens.shadow2,
  },
  progress: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  progressBar: { flexGrow: 1 },
  selection: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorBrandBackground2,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
});

/** The i18n namespace of a `namespace:key` key. */
function namespaceOf(key: string): string | null {
  const at = key.indexOf(':');
  return at > 0 ? key.slice(0, at) : null;
}

function formatBytes(bytes: number, i18n: I18nService): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${i18n.formatNumber(bytes / 1024, { maximumFractionDigits: 1 })} KB`;
  return `${i18n.formatNumber(bytes / 1024 / 1024, { maximumFractionDigits: 1 })} MB`;
}

export interface ResourcePageProps {
  readonly definition: ResourceDefinition;
  readonly options?: ResourceScreenOptions;
}

/** Everything one visit to the screen owns, created on arrival and dropped on leaving. */
interface Scope {
  readonly api: ResourceApi;
  readonly feedback: ResourceFeedback;
  readonly labels: ReferenceLabels;
  readonly store: ResourceListStore;
  readonly columns: ColumnPreferences;
}

type Editing = { readonly kind: 'closed' } | { readonly kind: 'open'; readonly record: ResourceRecord | null };

const ResourceScreen = observer(function ResourceScreen({ definition, options = {} }: ResourcePageProps) {
  const { t } = useTranslation('core');
  const styles = useStyles();
  const http = useInjection(HttpClients);
  const toasts = useInjection(ToastService);
  const i18n = useInjection(I18nService);
  const permissions = useInjection(PermissionService);
  const session = useInjection(SessionStore);
  const storage = useInjection(BrowserStorage);
  const filterPanelId = useId();

  const [scope] = useState<Scope>(() => {
    const api = new ResourceApi(definition, http, options.listParams);
    const feedback = new ResourceFeedback(toasts, i18n);
    return {
      api,
      feedback,
      labels: new ReferenceLabels(new ReferenceApi(http)),
      store: new ResourceListStore(api, feedback),
      columns: new ColumnPreferences(definition, storage, columnStorageKey(session.user?.id ?? 'anonymous', definition.id)),
    };
  });
  const { api, feedback, labels, store, columns } = scope;
  useEffect(() => () => store.dispose(), [store]);

  // One permission check per screen, not per row.
  const canWrite = permissions.allows(definition.access.write);
  const actions = useMemo(() => permittedActions(definition, (requirement) => permissions.allows(requirement)), [definition, permissions]);
  const extraActions = useMemo(
    () => (options.rowActions ?? []).filter((action) => !action.requires || permissions.allows(action.requires)),
    [options.rowActions, permissions],
  );

  // The URL is the list's state: decode it, drop what it cannot mean, follow it.
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
  const decoded = useMemo(() => decodeListView(definition, paramsOf(new URLSearchParams(search))), [definition, search]);
  useEffect(() => {
    if (decoded.dropped.length > 0) setSearchParams(encodeListView(definition, decoded.view), { replace: true });
    store.setView(decoded.view);
  }, [decoded, definition, setSearchParams, store]);
  const go = (view: ListView) => setSearchParams(encodeListView(definition, view));
  const view = store.view;
  const query = view.query;

  // A page past the end (the last rows were deleted, a stale link) moves to the last page.
  const lastPage = store.page && !store.stale ? store.page.last_page : null;
  useEffect(() => {
    if (lastPage !== null && query.page > Math.max(1, lastPage)) {
      setSearchParams(encodeListView(definition, { ...view, query: { ...query, page: Math.max(1, lastPage) } }), { replace: true });
    }
  }, [lastPage, query, view, definition, setSearchParams]);

  const [filtersOpen, setFiltersOpen] = useState(false);
  const [editing, setEditing] = useState<Editing>({ kind: 'closed' });
  const [history, setHistory] = useState<ResourceRecord | null>(null);
  const { dialog: confirmDialog, ask } = useConfirm();
  const areYouSure = t('resource.confirm.question');

  const labelOf = (record: ResourceRecord): string => {
    const field = definition.fields.find((candidate) => candidate.name === definition.labelField) ?? null;
    return formatValue(field, record[definition.labelField], i18n, record) || `#${record.id}`;
  };

  const sortBy = (column: string) => {
    const direction = query.sort.field === column && query.sort.direction === 'asc' ? 'desc' : 'asc';
    go({ ...view, query: { ...query, page: 1, sort: { field: column, direction } } });
  };

  const runRowAction = async (action: RowAction, record: ResourceRecord) => {
    if (action.confirmKey && !(await ask(t(action.confirmKey)))) return;
    await store.runRowAction(action, record);
  };
  const runToolbarAction = async (action: ToolbarAction) => {
    if (action.confirmKey && !(await ask(t(action.confirmKey)))) return;
    await store.runToolbarAction(action);
  };
  const runExtra = async (action: ExtraRowAction, record: ResourceRecord) => {
    if (action.confirmKey && !(await ask(t(action.confirmKey)))) return;
    try {
      await action.run(record, { api, feedback, reload: () => store.refresh() });
    } catch (error) {
      feedback.failed('update', error);
    }
  };

  const rowMenu = (record: ResourceRecord) => (
    <RowMenu
      definition={definition}
      record={record}
      label={labelOf(record)}
      canWrite={canWrite}
      rowActions={actions.row}
      extraActions={extraActions}
      on={{
        edit: (target) => setEditing({ kind: 'open', record: target }),
        remove: (target) => void ask(areYouSure).then((yes) => yes && store.remove(target)),
        restore: (target) => void store.restore(target),
        block: (target) => void store.block(target),
        unblock: (target) => void store.unblock(target),
        history: (target) => setHistory(target),
        rowAction: (action, target) => void runRowAction(action, target),
        extra: (action, target) => void runExtra(action, target),
      }}
    />
  );

  const page = store.page;
  const total = page?.total ?? 0;
  const totalText = countText(total, isTotalExact(page), (value) => i18n.formatNumber(value));
  const selectedText = store.allMatching ? totalText : i18n.formatNumber(store.selectedCount);
  const emptyMessage =
    store.emptyState === 'nothingFound' ? t('resource.table.nothingFound') : store.emptyState === 'empty' ? t('resource.table.empty') : null;
  const filterCount = query.filters.length + Object.keys(view.presets).length;
  const exporting = store.exporting;
  const Form = options.form;
  const ToolbarExtra = options.toolbar;

  return (
    <div className={styles.page}>
      <div className={styles.heading}>
        <Title2 as="h1">{t(definition.titleKey)}</Title2>
        <Toolbar className={styles.toolbar} aria-label={t('resource.toolbar.label')}>
          <ToolbarButton icon={<ArrowClockwiseRegular />} onClick={() => void store.refresh()} disabled={store.loading}>
            {t('resource.toolbar.refresh')}
          </ToolbarButton>
          {filterableFields(definition).length > 0 && (
            <FilterToggle open={filtersOpen} count={filterCount} panelId={filterPanelId} onToggle={() => setFiltersOpen((open) => !open)} />
          )}
          <ColumnChooser columns={columns} />
          <ToolbarButton icon={<ArrowDownloadRegular />} disabled={exporting !== null} onClick={() => void store.exportCsv(exportFileName(definition.path, new Date()), saveBlob)}>
            {t('resource.toolbar.export')}
          </ToolbarButton>
          {actions.toolbar.map((action) => (
            <ToolbarButton key={action.name} icon={<FlashRegular />} disabled={store.busy} onClick={() => void runToolbarAction(action)}>
              {t(action.labelKey)}
            </ToolbarButton>
          ))}
          {ToolbarExtra && <ToolbarExtra definition={definition} api={api} feedback={feedback} reload={() => store.refresh()} />}
          {definition.softDelete && (
            <Switch
              label={t('resource.toolbar.showDeleted')}
              checked={query.deleted !== 'without'}
              onChange={(_, data) => go({ ...view, query: { ...query, page: 1, deleted: data.checked ? 'with' : 'without' } })}
            />
          )}
          {canWrite && (
            <>
              <ToolbarDivider />
              <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing({ kind: 'open', record: null })}>
                {t('resource.toolbar.add')}
              </Button>
            </>
          )}
        </Toolbar>
      </div>

      {exporting && (
        <div className={styles.progress} role="status">
          <ProgressBar
            className={styles.progressBar}
            value={exporting.fraction ?? undefined}
            max={1}
            thickness="large"
            aria-label={t('resource.toolbar.export')}
          />
          <Text>
            {exporting.totalRows !== null
              ? t('resource.export.rows', { rows: i18n.formatNumber(exporting.rows), total: i18n.formatNumber(exporting.totalRows) })
              : t('resource.export.bytes', { size: formatBytes(exporting.bytes, i18n) })}
          </Text>
          <Button appearance="subtle" icon={<DismissRegular />} aria-label={t('resource.export.cancel')} onClick={() => store.cancelExport()} />
        </div>
      )}

      {filtersOpen && (
        <section id={filterPanelId} className={styles.panel} aria-label={t('resource.filter.title')}>
          <FilterPanel
            definition={definition}
            view={view}
            labels={labels}
            language={i18n.language}
            onApply={go}
            onClear={() => go(withoutFilters(view))}
          />
        </section>
      )}
      {hasFilters(view) && <FilterChips definition={definition} view={view} labels={labels} onChange={go} offerClearAll={!filtersOpen} />}

      {store.failed && !page && (
        <MessageBar intent="error">
          <MessageBarBody>{t('resource.loadFailed')}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => void store.refresh()}>{t('resource.retry')}</Button>
          </MessageBarActions>
        </MessageBar>
      )}

      <div className={styles.card}>
        {canWrite && store.selectedCount > 0 && (
          <div className={styles.selection} role="region" aria-label={t('resource.selection.count', { count: selectedText })}>
            <Text weight="semibold">{t('resource.selection.count', { count: selectedText })}</Text>
            {store.allMatching ? (
              <Text>{t('resource.selection.allMatching', { total: totalText })}</Text>
            ) : (
              store.pageSelected &&
              total > store.rows.length && (
                <>
                  <Text>{t('resource.selection.pageSelected', { count: store.rows.length })}</Text>
                  <Link as="button" onClick={() => store.selectAllMatching()}>
                    {t('resource.selection.selectAllMatching', { total: totalText })}
                  </Link>
                </>
              )
            )}
            <Button
              appearance="primary"
              size="small"
              disabled={store.busy}
              onClick={() => void ask(areYouSure).then((yes) => yes && store.removeSelected())}
            >
              {t('resource.selection.delete')}
            </Button>
            <Button appearance="subtle" size="small" onClick={() => store.clearSelection()}>
              {t('resource.selection.clear')}
            </Button>
          </div>
        )}
        <ResourceTable
          store={store}
          columns={columns}
          selectable={canWrite}
          cells={options.cells}
          labelOf={labelOf}
          onSort={sortBy}
          rowMenu={rowMenu}
          emptyMessage={emptyMessage}
        />
        <Pager
          store={store}
          onPage={(next) => go({ ...view, query: { ...query, page: next } })}
          onPerPage={(perPage) => go({ ...view, query: { ...query, page: 1, perPage } })}
        />
      </div>

      {editing.kind === 'open' &&
        (Form ? (
          <Form
            definition={definition}
            record={editing.record}
            api={api}
            feedback={feedback}
            onCancel={() => setEditing({ kind: 'closed' })}
            onSaved={() => {
              setEditing({ kind: 'closed' });
              void store.refresh();
            }}
          />
        ) : (
          <ResourceFormDialog
            definition={definition}
            record={editing.record}
            api={api}
            feedback={feedback}
            labels={labels}
            onCancel={() => setEditing({ kind: 'closed' })}
            onSaved={() => {
              setEditing({ kind: 'closed' });
              void store.refresh();
            }}
          />
        ))}
      {history && <HistoryDrawer definition={definition} api={api} record={history} label={labelOf(history)} onClose={() => setHistory(null)} />}
      {confirmDialog}
    </div>
  );
});

/**
 * A resource's list screen, generated from its definition: toolbar, filters, table, paging,
 * add/edit dialog. Users without the read code see a short notice instead. Most plugins reach it
 * through `resourceRoute(definition)`.
 */
export const ResourcePage = observer(function ResourcePage({ definition, options }: ResourcePageProps) {
  const i18n = useInjection(I18nService);
  // The engine's strings ride with its code; added before anything below asks for them.
  addResourceStrings(i18n.i18n);
  const namespace = namespaceOf(definition.titleKey);
  // Suspends until the plugin's namespace is loaded, as every plugin page does.
  const { t } = useTranslation(namespace ? ['core', namespace] : ['core']);
  const permissions = useInjection(PermissionService);
  if (!permissions.allows(definition.access.read)) {
    return (
      <MessageBar intent="warning">
        <MessageBarBody>{t('resource.noAccess')}</MessageBarBody>
      </MessageBar>
    );
  }
  // Keyed by resource, so two resources never share one screen's state.
  return <ResourceScreen key={definition.id} definition={definition} options={options} />;
});
