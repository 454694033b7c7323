import { useTranslation } from 'react-i18next';
import { Button, Menu, MenuDivider, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import {
  ArrowUndoRegular,
  DeleteRegular,
  EditRegular,
  FlashRegular,
  HistoryRegular,
  LockClosedRegular,
  LockOpenRegular,
  MoreHorizontalRegular,
} from '@fluentui/react-icons';
import type { ResourceDefinition, ResourceRecord, RowAction } from '@core/shared/resource/definition';
import { actionApplies, isBlocked, isDeleted } from './row-actions';
import type { ExtraRowAction } from './types';

export interface RowMenuHandlers {
  readonly edit: (record: ResourceRecord) => void;
  readonly remove: (record: ResourceRecord) => void;
  readonly restore: (record: ResourceRecord) => void;
  readonly block: (record: ResourceRecord) => void;
  readonly unblock: (record: ResourceRecord) => void;
  readonly history: (record: ResourceRecord) => void;
  readonly rowAction: (action: RowAction, record: ResourceRecord) => void;
  readonly extra: (action: ExtraRowAction, record: ResourceRecord) => void;
}

export interface RowMenuProps {
  readonly definition: ResourceDefinition;
  readonly record: ResourceRecord;
  readonly label: string;
  readonly canWrite: boolean;
  /** Offers Edit and Delete: the screen's `changeable` says the record may still change. */
  readonly changeable: boolean;
  /** The definition's row actions this user may run (checked once per screen). */
  readonly rowActions: readonly RowAction[];
  /** The plugin's extra actions this user may run. */
  readonly extraActions: readonly ExtraRowAction[];
  /** Offers History (the list adapter reads a record's trail). */
  readonly hasHistory: boolean;
  readonly on: RowMenuHandlers;
}

/**
 * A row's menu: edit, block or unblock, the definition's actions whose `when` matches, the
 * plugin's extra actions, history, delete; a deleted record offers restore and history only.
 */
export function RowMenu({
  definition,
  record,
  label,
  canWrite,
  changeable,
  rowActions,
  extraActions,
  hasHistory,
  on,
}: RowMenuProps) {
  const { t } = useTranslation('core');
  const deleted = isDeleted(record);
  const custom = deleted ? [] : rowActions.filter((action) => actionApplies(action.when, record));
  const extra = deleted ? [] : extraActions.filter((action) => !action.when || action.when(record));
  return (
    <Menu positioning="below-end">
      <MenuTrigger disableButtonEnhancement>
        <Button
          appearance="subtle"
          size="small"
          icon={<MoreHorizontalRegular />}
          aria-label={t('resource.table.rowActions', { label })}
        />
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {deleted && canWrite && definition.softDelete && (
            <MenuItem icon={<ArrowUndoRegular />} onClick={() => on.restore(record)}>
              {t('resource.row.restore')}
            </MenuItem>
          )}
          {!deleted && canWrite && changeable && (
            <MenuItem icon={<EditRegular />} onClick={() => on.edit(record)}>
              {t('resource.row.edit')}
            </MenuItem>
          )}
          {!deleted &&
            canWrite &&
            definition.blockable &&
            (isBlocked(record) ? (
              <MenuItem icon={<LockOpenRegular />} onClick={() => on.unblock(record)}>
                {t('resource.row.unblock')}
              </MenuItem>
            ) : (
              <MenuItem icon={<LockClosedRegular />} onClick={() => on.block(record)}>
                {t('resource.row.block')}
              </MenuItem>
            ))}
          {custom.map((action) => (
            <MenuItem key={action.name} icon={<FlashRegular />} onClick={() => on.rowAction(action, record)}>
              {t(action.labelKey)}
            </MenuItem>
          ))}
          {extra.map((action) => (
            <MenuItem key={action.name} icon={action.icon ?? <FlashRegular />} onClick={() => on.extra(action, record)}>
              {t(action.labelKey)}
            </MenuItem>
          ))}
          {hasHistory && (
            <MenuItem icon={<HistoryRegular />} onClick={() => on.history(record)}>
              {t('resource.row.history')}
            </MenuItem>
          )}
          {!deleted && canWrite && changeable && (
            <>
              <MenuDivider />
              <MenuItem icon={<DeleteRegular />} onClick={() => on.remove(record)}>
                {t('resource.row.delete')}
              </MenuItem>
            </>
          )}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
