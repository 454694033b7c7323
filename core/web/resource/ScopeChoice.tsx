import { useTranslation } from 'react-i18next';
import { Dropdown, Option, Tab, TabList, makeStyles } from '@fluentui/react-components';
import { useListboxClass } from './listbox';
import type { ListScope } from './list-view';

const useStyles = makeStyles({
  choice: { minWidth: '160px' },
});

export interface ScopeChoiceProps {
  readonly scope: ListScope;
  readonly value: string;
  readonly onChange: (value: string) => void;
}

/** A list scope as a dropdown (in the toolbar). */
export function ScopeDropdown({ scope, value, onChange }: ScopeChoiceProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const listboxClass = useListboxClass();
  const current = scope.options.find((option) => option.value === value);
  return (
    <Dropdown
      className={styles.choice}
      aria-label={t(scope.labelKey)}
      value={current ? t(current.labelKey) : value}
      selectedOptions={[value]}
      onOptionSelect={(_, data) => data.optionValue !== undefined && onChange(data.optionValue)}
      listbox={{ className: listboxClass }}
    >
      {scope.options.map((option) => (
        <Option key={option.value} value={option.value}>
          {t(option.labelKey)}
        </Option>
      ))}
    </Dropdown>
  );
}

/** A list scope as tabs (above the table). */
export function ScopeTabs({ scope, value, onChange }: ScopeChoiceProps) {
  const { t } = useTranslation();
  return (
    <TabList
      aria-label={t(scope.labelKey)}
      selectedValue={value}
      onTabSelect={(_, data) => typeof data.value === 'string' && onChange(data.value)}
    >
      {scope.options.map((option) => (
        <Tab key={option.value} value={option.value}>
          {t(option.labelKey)}
        </Tab>
      ))}
    </TabList>
  );
}
