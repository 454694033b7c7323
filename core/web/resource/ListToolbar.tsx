import type { ComponentType } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Button, Switch, Toolbar, ToolbarButton, ToolbarDivider, makeStyles } from '@fluentui/react-components';
import { AddRegular, ArrowClockwiseRegular, FlashRegular } from '@fluentui/react-icons';
import type { ToolbarAction } from '@core/shared/resource/definition';
import type { DeletedScope } from '@core/shared/resource/list-query';
import { AddFilterMenu } from './AddFilterMenu';
import { ColumnChooser } from './ColumnChooser';
import { ExportMenu } from './ExportMenu';
import { fieldsInUse, filterableFields } from './filter-draft';
import { scopeValue } from './list-view';
import { ScopeDropdown } from './ScopeChoice';
import type { ResourceToolbarProps } from './types';
import type { ResourceList } from './use-resource-list';
import { ViewsMenu } from './views/ViewsMenu';

const useStyles = makeStyles({
  toolbar: { flexWrap: 'wrap', padding: 0 },
});

const DELETED_SWITCH: readonly DeletedScope[] = ['without', 'with'];

export interface ListToolbarProps {
  readonly list: ResourceList;
  /** Opens a field's filter in the filter panel ("Add filter"). */
  readonly onPickFilter: (field: string) => void;
  /** The definition's toolbar actions this user may run. */
  readonly actions: readonly ToolbarAction[];
  readonly onAction: (action: ToolbarAction) => void;
  readonly extra?: ComponentType<ResourceToolbarProps>;
  readonly deletedScopes: readonly DeletedScope[];
  /** Offers Add (users who may write); its label key. */
  readonly add: { readonly labelKey: string; readonly onAdd: () => void } | null;
}

/**
 * The list's toolbar: refresh, add filter, saved views, columns, export, the definition's actions, the plugin's
 * toolbar content, scope dropdowns, the deleted scope, Add.
 */
export const ListToolbar = observer(function ListToolbar({
  list,
  onPickFilter,
  actions,
  onAction,
  extra: Extra,
  deletedScopes,
  add,
}: ListToolbarProps) {
  const { t } = useTranslation('core');
  const styles = useStyles();
  const { store, view, definition } = list;
  const filterable = filterableFields(definition);
  return (
    <Toolbar className={styles.toolbar} aria-label={t('resource.toolbar.label')}>
      <ToolbarButton icon={<ArrowClockwiseRegular />} onClick={() => void list.reload()} disabled={store.loading}>
        {t('resource.toolbar.refresh')}
      </ToolbarButton>
      {filterable.length > 0 && <AddFilterMenu fields={filterable} inUse={fieldsInUse(view)} onPick={onPickFilter} />}
      <ViewsMenu list={list} />
      <ColumnChooser columns={list.columns} />
      {list.exportCsv && <ExportMenu disabled={store.exporting !== null} onExport={list.exportCsv} />}
      {actions.map((action) => (
        <ToolbarButton key={action.name} icon={<FlashRegular />} disabled={store.busy} onClick={() => onAction(action)}>
          {t(action.labelKey)}
        </ToolbarButton>
      ))}
      {Extra && <Extra definition={definition} api={list.api} feedback={list.feedback} reload={list.reload} />}
      {list.scopes
        .filter((scope) => scope.display !== 'tabs')
        .map((scope) => (
          <ScopeDropdown
            key={scope.param}
            scope={scope}
            value={scopeValue(view, scope)}
            onChange={(value) => list.setScope(scope, value)}
          />
        ))}
      {definition.softDelete &&
        (deletedScopes.length > DELETED_SWITCH.length ? (
          <ScopeDropdown
            scope={{
              param: 'deleted',
              labelKey: 'core:resource.deleted.scope',
              default: 'without',
              options: deletedScopes.map((value) => ({ value, labelKey: `core:resource.deleted.${value}` })),
            }}
            value={view.query.deleted}
            onChange={(value) => list.setDeleted(deletedScopes.find((scope) => scope === value) ?? 'without')}
          />
        ) : (
          <Switch
            label={t('resource.toolbar.showDeleted')}
            checked={view.query.deleted !== 'without'}
            onChange={(_, data) => list.setDeleted(data.checked ? 'with' : 'without')}
          />
        ))}
      {add && (
        <>
          <ToolbarDivider />
          <Button appearance="primary" icon={<AddRegular />} onClick={add.onAdd}>
            {t(add.labelKey)}
          </Button>
        </>
      )}
    </Toolbar>
  );
});
