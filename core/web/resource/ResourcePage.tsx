import { Fragment, useId, useMemo, useState, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Button, MessageBar, MessageBarActions, MessageBarBody, Title2, makeStyles, tokens } from '@fluentui/react-components';
import type { ResourceDefinition, ResourceRecord, RowAction, ToolbarAction } from '@core/shared/resource/definition';
import { useInjection } from '../react/container-context';
import { I18nService } from '../services/i18n-service';
import { PermissionService } from '../services/permission-service';
import { useConfirm } from './ConfirmDialog';
import { ExportProgress } from './ExportProgress';
import { FilterChips } from './FilterChips';
import { withoutFilters } from './filter-draft';
import { FilterPanel } from './FilterPanel';
import { formatValue } from './format-value';
import { HistoryDrawer } from './HistoryDrawer';
import { ListToolbar } from './ListToolbar';
import { hasFilters, scopeValue } from './list-view';
import { Pager } from './Pager';
import { ResourceFormDialog } from './ResourceFormDialog';
import { addResourceStrings } from './resource-strings';
import { ResourceTable } from './ResourceTable';
import { permittedActions } from './row-actions';
import { RowMenu } from './RowMenu';
import { ScopeTabs } from './ScopeChoice';
import { SelectionBar } from './SelectionBar';
import type { ExtraRowAction, ResourceScreenOptions, RowActionContext, ScreenDialog } from './types';
import { useResourceList } from './use-resource-list';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  heading: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
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
});

/** The i18n namespace of a `namespace:key` key. */
function namespaceOf(key: string): string | null {
  const at = key.indexOf(':');
  return at > 0 ? key.slice(0, at) : null;
}

export interface ResourcePageProps {
  readonly definition: ResourceDefinition;
  readonly options?: ResourceScreenOptions;
  /** Drawn under the heading, above the list: what a page around the list adds (a summary of its records). */
  readonly aboveList?: ReactNode;
}

type Editing = { readonly kind: 'closed' } | { readonly kind: 'open'; readonly record: ResourceRecord | null };

const ResourceScreen = observer(function ResourceScreen({ definition, options = {}, aboveList }: ResourcePageProps) {
  const { t } = useTranslation('core');
  const styles = useStyles();
  const i18n = useInjection(I18nService);
  const permissions = useInjection(PermissionService);
  const filterPanelId = useId();
  const list = useResourceList(definition, options);
  const { store, view, api, feedback, labels, listApi } = list;

  // One permission check per screen, not per row.
  const canWrite = definition.readOnly !== true && permissions.allows(definition.access.write);
  const actions = useMemo(() => permittedActions(definition, (requirement) => permissions.allows(requirement)), [definition, permissions]);
  const extraActions = useMemo(
    () => (options.rowActions ?? []).filter((action) => !action.requires || permissions.allows(action.requires)),
    [options.rowActions, permissions],
  );

  const [filtersOpen, setFiltersOpen] = useState(false);
  const [editing, setEditing] = useState<Editing>({ kind: 'closed' });
  const [history, setHistory] = useState<ResourceRecord | null>(null);
  const { dialog: confirmDialog, ask } = useConfirm();
  const areYouSure = t('resource.confirm.question');

  const labelOf = (record: ResourceRecord): string => {
    const field = definition.fields.find((candidate) => candidate.name === definition.labelField) ?? null;
    return formatValue(field, record[definition.labelField], i18n, record) || `#${record.id}`;
  };

  // A runner's dialog, keyed so a new one starts afresh rather than taking over the last one's state.
  const [shown, setShown] = useState<{ readonly key: number; readonly dialog: ScreenDialog } | null>(null);
  const context: RowActionContext = {
    api,
    feedback,
    reload: list.reload,
    showDialog: (dialog) => setShown((before) => ({ key: (before?.key ?? 0) + 1, dialog })),
  };
  const closeShown = () => setShown(null);
  const runInCode = async (run: () => void | Promise<void>) => {
    try {
      await run();
    } catch (error) {
      feedback.failed('update', error);
    }
  };
  const runRowAction = async (action: RowAction, record: ResourceRecord) => {
    // A runner asks in its own way (its dialog), so the definition's question is not put first.
    const runner = options.rowActionRunners?.[action.name];
    if (runner) return runInCode(() => runner(record, context));
    if (action.confirmKey && !(await ask(t(action.confirmKey)))) return;
    await store.runRowAction(action, record);
  };
  const runToolbarAction = async (action: ToolbarAction) => {
    if (action.confirmKey && !(await ask(t(action.confirmKey)))) return;
    await store.runToolbarAction(action);
  };
  const runExtra = async (action: ExtraRowAction, record: ResourceRecord) => {
    if (action.confirmKey && !(await ask(t(action.confirmKey)))) return;
    await runInCode(() => action.run(record, context));
  };

  const rowMenu = (record: ResourceRecord) => (
    <RowMenu
      definition={definition}
      record={record}
      label={labelOf(record)}
      canWrite={canWrite}
      changeable={options.changeable?.(record) ?? true}
      rowActions={actions.row}
      extraActions={extraActions}
      hasHistory={listApi.history !== undefined}
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

  const emptyMessage =
    store.emptyState === 'nothingFound' ? t('resource.table.nothingFound') : store.emptyState === 'empty' ? t('resource.table.empty') : null;
  const Form = options.form;
  const closeForm = () => setEditing({ kind: 'closed' });
  const saved = () => {
    closeForm();
    void store.refresh();
  };
  const historyApi = listApi.history ? { history: listApi.history.bind(listApi) } : null;

  return (
    <div className={styles.page}>
      <div className={styles.heading}>
        <Title2 as="h1">{t(definition.titleKey)}</Title2>
        <ListToolbar
          list={list}
          filters={{ open: filtersOpen, panelId: filterPanelId, toggle: () => setFiltersOpen((open) => !open) }}
          actions={actions.toolbar}
          onAction={(action) => void runToolbarAction(action)}
          extra={options.toolbar}
          deletedScopes={options.deletedScopes ?? ['without', 'with']}
          add={canWrite ? { labelKey: options.addLabelKey ?? 'core:resource.toolbar.add', onAdd: () => setEditing({ kind: 'open', record: null }) } : null}
        />
      </div>
      {list.scopes
        .filter((scope) => scope.display === 'tabs')
        .map((scope) => (
          <ScopeTabs key={scope.param} scope={scope} value={scopeValue(view, scope)} onChange={(value) => list.setScope(scope, value)} />
        ))}

      {aboveList}
      <ExportProgress store={store} />

      {filtersOpen && (
        <section id={filterPanelId} className={styles.panel} aria-label={t('resource.filter.title')}>
          <FilterPanel definition={list.definition} view={view} labels={labels} language={i18n.language} onApply={list.go} onClear={() => list.go(withoutFilters(view))} />
        </section>
      )}
      {hasFilters(view) && <FilterChips definition={list.definition} view={view} labels={labels} onChange={list.go} offerClearAll={!filtersOpen} />}

      {store.failed && !store.page && (
        <MessageBar intent="error">
          <MessageBarBody>{t('resource.loadFailed')}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => void store.refresh()}>{t('resource.retry')}</Button>
          </MessageBarActions>
        </MessageBar>
      )}

      <div className={styles.card}>
        {canWrite && listApi.bulkDelete && <SelectionBar store={store} onDelete={() => void ask(areYouSure).then((yes) => yes && store.removeSelected())} />}
        <ResourceTable
          store={store}
          columns={list.columns}
          selectable={canWrite && listApi.bulkDelete !== undefined}
          cells={options.cells}
          labelOf={labelOf}
          onSort={list.sortBy}
          rowMenu={rowMenu}
          emptyMessage={emptyMessage}
          rowTone={options.rowTone}
        />
        <Pager store={store} onPage={list.setPage} onPerPage={list.setPerPage} />
      </div>

      {editing.kind === 'open' &&
        (Form ? (
          <Form definition={definition} record={editing.record} api={api} feedback={feedback} onCancel={closeForm} onSaved={saved} />
        ) : (
          <ResourceFormDialog definition={definition} record={editing.record} api={api} feedback={feedback} labels={labels} onCancel={closeForm} onSaved={saved} />
        ))}
      {history && historyApi && <HistoryDrawer definition={definition} api={historyApi} record={history} label={labelOf(history)} onClose={() => setHistory(null)} />}
      {confirmDialog}
      {shown && <Fragment key={shown.key}>{shown.dialog(closeShown)}</Fragment>}
    </div>
  );
});

/**
 * A resource's list screen, generated from its definition: toolbar, filters, table, paging,
 * add/edit dialog. Users without the read code see a short notice instead. Most plugins reach it
 * through `resourceRoute(definition)`; `options` open it for extension (a list adapter, scopes,
 * filter, row-menu and toolbar contributions). A screen of its own starts from `useResourceList`.
 */
export const ResourcePage = observer(function ResourcePage({ definition, options, aboveList }: ResourcePageProps) {
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
  return <ResourceScreen key={definition.id} definition={definition} options={options} aboveList={aboveList} />;
});
