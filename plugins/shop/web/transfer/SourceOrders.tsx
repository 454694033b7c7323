import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager, ResourceApi, ResourceTable, useResourceList } from '@core/sdk/web';
import { transferOrdersScreen, type TransferSource } from './transfer-api';

export interface SourceOrdersProps {
  readonly source: TransferSource;
  /** The ids ticked, whenever they change. */
  readonly onSelection: (ids: readonly number[]) => void;
}

/**
 * The source's completed orders with the engine's table (checkboxes, sorting, columns) and pager.
 * Give it a `key` per source: the list's parameters are read when it mounts.
 */
export const SourceOrders = observer(function SourceOrders({ source, onSelection }: SourceOrdersProps) {
  const { t } = useTranslation('shop');
  const list = useResourceList(transferOrdersScreen, {
    listApi: (clients) => new ResourceApi(transferOrdersScreen, clients),
    listParams: { [source.kind]: String(source.id) },
  });
  const selected = [...list.store.selected].join(',');
  useEffect(() => onSelection(selected === '' ? [] : selected.split(',').map(Number)), [selected, onSelection]);
  return (
    <section aria-label={t('transfer.orders')}>
      <ResourceTable
        store={list.store}
        columns={list.columns}
        selectable
        labelOf={(record) => (typeof record.title === 'string' ? record.title : `#${record.id}`)}
        onSort={list.sortBy}
        rowMenu={() => null}
        emptyMessage={list.store.rows.length === 0 && !list.store.loading ? t('transfer.noOrders') : null}
      />
      <Pager store={list.store} onPage={list.setPage} onPerPage={list.setPerPage} />
    </section>
  );
});
