import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Title2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import type { ResourceDefinition, ResourceRecord, ToolbarAction } from '@core/shared/resource/definition';
import { useInjection } from '../react/container-context';
import { I18nService } from '../services/i18n-service';
import { PermissionService } from '../services/permission-service';
import { ExportProgress } from './ExportProgress';
import { FilterPanel } from './FilterPanel';
import { recordLabel } from './format-value';
import { ListToolbar } from './ListToolbar';
import { scopeValue } from './list-view';
import { Pager } from './Pager';
import { addResourceStrings, namespaceOf } from './resource-strings';
import { ResourceTable } from './ResourceTable';
import { permittedActions } from './row-actions';
import { ScopeTabs } from './ScopeChoice';
import { SelectionBar } from './SelectionBar';
import { RecordLinks } from './record/record-links';
import type { ResourceScreenOptions } from './types';
import { useRecordActions } from './use-record-actions';
import { listTimelineApi } from './timeline/list-timeline';
import { useResourceList } from './use-resource-list';

// A record's timeline in a drawer, fetched when a row's history is first opened.
const HistoryDrawer = lazy(() =>
  import(/* webpackChunkName: "history-drawer" */ './HistoryDrawer').then((m) => ({ default: m.HistoryDrawer })),
);

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  heading: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
  card: {
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    overflow: 'hidden',
    boxShadow: tokens.shadow2,
  },
});

export interface ResourcePageProps {
  readonly definition: ResourceDefinition;
  readonly options?: ResourceScreenOptions;
  /** Drawn under the heading, above the list: what a page around the list adds (a summary of its records). */
  readonly aboveList?: ReactNode;
}

const ResourceScreen = observer(function ResourceScreen({ definition, options = {}, aboveList }: ResourcePageProps) {
  const { t } = useTranslation('core');
  const styles = useStyles();
  const i18n = useInjection(I18nService);
  const permissions = useInjection(PermissionService);
  const links = useInjection(RecordLinks);
  const list = useResourceList(definition, options);
  const { store, view, api, feedback, labels, listApi } = list;

  const toolbarActions = useMemo(
    () => permittedActions(definition, (requirement) => permissions.allows(requirement)).toolbar,
    [definition, permissions],
  );
  // The field whose filter is open for adding or changing, from "Add filter" or a chip.
  const [editingFilter, setEditingFilter] = useState<string | null>(null);
  const [history, setHistory] = useState<ResourceRecord | null>(null);
  const historyApi = useMemo(() => listTimelineApi(listApi), [listApi]);
  const actions = useRecordActions({
    definition,
    options,
    api,
    feedback,
    labels,
    operations: store,
    reload: list.reload,
    onSaved: () => void store.refresh(),
    history: historyApi ? setHistory : undefined,
  });
  const { canWrite, ask } = actions;
  const areYouSure = t('resource.confirm.question');

  const labelOf = (record: ResourceRecord): string => recordLabel(definition, record, i18n);
  // Rows open their record page where the resource has one (its manifest page names it in `record`).
  const recordPath =
    options.recordPath ??
    (links.listPath(definition.id) === null
      ? undefined
      : (record: ResourceRecord) => links.recordPath(definition.id, record.id));

  const runToolbarAction = async (action: ToolbarAction) => {
    if (action.confirmKey && !(await ask(t(action.confirmKey)))) return;
    await store.runToolbarAction(action);
  };
  const rowMenu = (record: ResourceRecord) => actions.menu(record, labelOf(record));

  const emptyMessage =
    store.emptyState === 'nothingFound'
      ? t('resource.table.nothingFound')
      : store.emptyState === 'empty'
        ? t('resource.table.empty')
        : null;

  return (
    <div className={styles.page}>
      <div className={styles.heading}>
        <Title2 as="h1">{t(definition.titleKey)}</Title2>
        <ListToolbar
          list={list}
          onPickFilter={setEditingFilter}
          actions={toolbarActions}
          onAction={(action) => void runToolbarAction(action)}
          extra={options.toolbar}
          deletedScopes={options.deletedScopes ?? ['without', 'with']}
          add={
            canWrite
              ? { labelKey: options.addLabelKey ?? 'core:resource.toolbar.add', onAdd: () => actions.openForm(null) }
              : null
          }
        />
      </div>
      {options.notice && <options.notice />}
      {list.scopes
        .filter((scope) => scope.display === 'tabs')
        .map((scope) => (
          <ScopeTabs
            key={scope.param}
            scope={scope}
            value={scopeValue(view, scope)}
            onChange={(value) => list.setScope(scope, value)}
          />
        ))}

      {aboveList}
      <ExportProgress store={store} />

      <FilterPanel
        definition={list.definition}
        view={view}
        labels={labels}
        language={i18n.language}
        editing={editingFilter}
        onEdit={setEditingFilter}
        onGo={list.go}
      />

      {store.failed && !store.page && (
        <MessageBar intent="error">
          <MessageBarBody>{t('resource.loadFailed')}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => void store.refresh()}>{t('resource.retry')}</Button>
          </MessageBarActions>
        </MessageBar>
      )}

      <div className={styles.card}>
        {canWrite && listApi.bulkDelete && (
          <SelectionBar
            store={store}
            onDelete={() => void ask(areYouSure).then((yes) => yes && store.removeSelected())}
          />
        )}
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
          recordPath={recordPath}
        />
        <Pager store={store} onPage={list.setPage} onPerPage={list.setPerPage} />
      </div>

      {history && historyApi && (
        <Suspense fallback={null}>
          <HistoryDrawer
            definition={definition}
            api={historyApi}
            record={history}
            label={labelOf(history)}
            canRevert={canWrite}
            onReverted={() => void store.refresh()}
            onClose={() => setHistory(null)}
          />
        </Suspense>
      )}
      {actions.dialogs}
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
