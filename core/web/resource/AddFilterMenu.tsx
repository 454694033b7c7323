import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import {
  CounterBadge,
  Menu,
  MenuItemCheckbox,
  MenuList,
  MenuPopover,
  MenuTrigger,
  ToolbarButton,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { FilterAddRegular } from '@fluentui/react-icons';
import type { FieldDefinition } from '@core/shared/resource/field';

const useStyles = makeStyles({
  badge: { marginInlineStart: tokens.spacingHorizontalS },
  // A long list of fields scrolls inside the menu rather than past the window.
  list: { maxHeight: '60vh', overflowY: 'auto' },
});

export interface AddFilterMenuProps {
  /** The fields that have filter operators, in the definition's order. */
  readonly fields: readonly FieldDefinition[];
  /** Fields already filtered: ticked, and picking one changes its filter. */
  readonly inUse: readonly string[];
  readonly onPick: (field: string) => void;
}

/** The toolbar's "Add filter": a menu of the filterable fields; the chosen one opens in the filter panel. */
export const AddFilterMenu = observer(function AddFilterMenu({ fields, inUse, onPick }: AddFilterMenuProps) {
  const { t } = useTranslation('core');
  const styles = useStyles();
  return (
    <Menu checkedValues={{ field: [...inUse] }} hasCheckmarks>
      <MenuTrigger disableButtonEnhancement>
        <ToolbarButton icon={<FilterAddRegular />}>
          {t('resource.filter.add')}
          {inUse.length > 0 && (
            <CounterBadge className={styles.badge} count={inUse.length} size="small" appearance="filled" />
          )}
        </ToolbarButton>
      </MenuTrigger>
      <MenuPopover>
        <MenuList className={styles.list}>
          {fields.map((field) => (
            // The ticks are controlled: they mirror the URL, and a pick opens the field rather than unticking it.
            <MenuItemCheckbox key={field.name} name="field" value={field.name} onClick={() => onPick(field.name)}>
              {t(field.labelKey)}
            </MenuItemCheckbox>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
});
