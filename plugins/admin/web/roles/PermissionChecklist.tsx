import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox, SearchBox, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { PermissionItem } from '../auth-types';
import { usePermissionAreas } from './permission-areas';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  groups: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    maxHeight: '420px',
    overflowY: 'auto',
  },
  group: {
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingHorizontalM,
    margin: 0,
  },
  legend: { fontWeight: tokens.fontWeightSemibold, padding: `0 ${tokens.spacingHorizontalXS}` },
  items: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
    gap: tokens.spacingVerticalXXS,
  },
  description: { color: tokens.colorNeutralForeground3 },
});

export interface PermissionChecklistProps {
  readonly permissions: readonly PermissionItem[];
  readonly selected: ReadonlySet<number>;
  readonly onChange: (selected: ReadonlySet<number>) => void;
  readonly disabled?: boolean;
}

/** Permissions as checkboxes grouped by area (admin, finance, tracker, …), with a search over codes and descriptions. */
export function PermissionChecklist({ permissions, selected, onChange, disabled }: PermissionChecklistProps) {
  const { t } = useTranslation('admin');
  const styles = useStyles();
  const searchId = useId();
  const [text, setText] = useState('');
  const areas = usePermissionAreas();
  const groups = areas.group(permissions, text);

  const toggle = (ids: readonly number[], on: boolean) => {
    const next = new Set(selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    onChange(next);
  };

  return (
    <div className={styles.root}>
      <SearchBox
        id={searchId}
        aria-label={t('permissions.search')}
        placeholder={t('permissions.search')}
        dismiss={{ 'aria-label': t('permissions.clearSearch') }}
        value={text}
        onChange={(_, data) => setText(data.value)}
      />
      <div className={styles.groups}>
        {groups.length === 0 && <Text>{t('common.nothingFound')}</Text>}
        {groups.map((group) => {
          const ids = group.permissions.map((permission) => permission.id);
          const chosen = ids.filter((id) => selected.has(id)).length;
          const all = chosen === ids.length ? true : chosen > 0 ? 'mixed' : false;
          const area = areas.label(group.area);
          return (
            <fieldset key={group.area} className={styles.group} data-area={group.area}>
              <legend className={styles.legend}>
                <Checkbox
                  checked={all}
                  disabled={disabled}
                  label={t('permissions.areaCount', { area, chosen, total: ids.length })}
                  onChange={(_, data) => toggle(ids, data.checked === true)}
                />
              </legend>
              <div className={styles.items}>
                {group.permissions.map((permission) => (
                  <Checkbox
                    key={permission.id}
                    value={String(permission.id)}
                    data-code={permission.name}
                    checked={selected.has(permission.id)}
                    disabled={disabled}
                    onChange={(_, data) => toggle([permission.id], data.checked === true)}
                    label={
                      <span>
                        {permission.name}
                        {areas.describe(permission) && (
                          <span className={styles.description}> — {areas.describe(permission)}</span>
                        )}
                      </span>
                    }
                  />
                ))}
              </div>
            </fieldset>
          );
        })}
      </div>
    </div>
  );
}
