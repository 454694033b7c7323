import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { Badge, Button, Card, CardHeader, Text, mergeClasses } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular, OpenRegular } from '@fluentui/react-icons';
import { ROLES_RESOURCE } from '@core/sdk/shared';
import { RecordLinks, useInjection } from '@core/sdk/web';
import type { RoleItem } from '../auth-types';
import type { RolesModel } from './roles-model';
import { RoleNameDialog } from './RoleNameDialog';
import { useRolesStyles } from './roles-styles';

/** Opens a role's record page: the engine's page of `core.roles` under the page the manifest names for it. */
function RecordLink({ id, name }: { id: number; name: string }) {
  const { t } = useTranslation('admin');
  const styles = useRolesStyles();
  const path = useInjection(RecordLinks).recordPath(ROLES_RESOURCE.id, id);
  if (path === null) return null;
  return (
    <RouterLink
      className={styles.open}
      to={path}
      aria-label={t('roles.open', { name })}
      title={t('roles.open', { name })}
    >
      <OpenRegular aria-hidden />
    </RouterLink>
  );
}

/** The roles: pick one to see it, open its record page; add, rename, delete. */
export const RolesList = observer(function RolesList({
  model,
  ask,
}: {
  model: RolesModel;
  ask: (message: string) => Promise<boolean>;
}) {
  const { t } = useTranslation('admin');
  const styles = useRolesStyles();
  const [naming, setNaming] = useState<{ role: RoleItem | null } | null>(null);
  const selected = model.selected;
  const remove = async (role: RoleItem) => {
    if (await ask(t('roles.confirmDelete', { name: role.name }))) await model.deleteRole(role.id);
  };
  return (
    <Card className={styles.card}>
      <CardHeader
        header={
          <Text as="h2" weight="semibold">
            {t('roles.title')}
          </Text>
        }
        action={
          <Button size="small" icon={<AddRegular />} onClick={() => setNaming({ role: null })}>
            {t('roles.add')}
          </Button>
        }
      />
      {model.roles.length === 0 ? (
        <Text className={styles.muted}>{t('roles.empty')}</Text>
      ) : (
        <ul className={styles.roles} aria-label={t('roles.title')}>
          {model.roles.map((role) => (
            <li key={role.id} className={styles.roleRow}>
              <Button
                appearance="subtle"
                className={mergeClasses(styles.role, role.id === model.selectedId && styles.selected)}
                aria-pressed={role.id === model.selectedId}
                data-role={role.id}
                onClick={() => void model.select(role.id)}
              >
                <span>{role.name}</span>
                <Badge appearance="tint" size="small" aria-label={t('roles.usersCount', { count: role.users_count })}>
                  {role.users_count}
                </Badge>
              </Button>
              <RecordLink id={role.id} name={role.name} />
            </li>
          ))}
        </ul>
      )}
      {selected && (
        <div className={styles.row}>
          <Button
            size="small"
            icon={<EditRegular />}
            disabled={model.busy}
            onClick={() => setNaming({ role: selected })}
          >
            {t('roles.rename')}
          </Button>
          <Button size="small" icon={<DeleteRegular />} disabled={model.busy} onClick={() => void remove(selected)}>
            {t('roles.delete')}
          </Button>
        </div>
      )}
      {naming && (
        <RoleNameDialog
          role={naming.role}
          onClose={() => setNaming(null)}
          onSave={(name) => (naming.role ? model.renameRole(naming.role.id, name) : model.createRole(name))}
        />
      )}
    </Card>
  );
});
