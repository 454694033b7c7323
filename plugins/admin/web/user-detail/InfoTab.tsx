import { useState, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import {
  Badge,
  Button,
  Card,
  CardHeader,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { EditRegular } from '@fluentui/react-icons';
import { I18nService, PermissionService, useData, useInjection, type UserDetailTabProps } from '@core/sdk/web';
import { ROLES_REQUIREMENT } from '../auth-types';
import { UsersStore } from '../users/users-store';
import { AdditionalPermissionsDialog } from './AdditionalPermissionsDialog';
import { useUserDetail } from './user-detail-model';

const useStyles = makeStyles({
  tab: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 380px), 1fr))',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
  },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}`,
    margin: 0,
  },
  term: { color: tokens.colorNeutralForeground2 },
  value: { margin: 0, overflowWrap: 'anywhere' },
  badges: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  empty: { color: tokens.colorNeutralForeground3 },
});

function Fact({ term, children }: { term: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <>
      <dt className={styles.term}>{term}</dt>
      <dd className={styles.value}>{children}</dd>
    </>
  );
}

/** The manager's username, looked up by id (the id while it loads or when it cannot be read). */
function useManagerName(managerId: number | null): string | null {
  const store = useInjection(UsersStore);
  const manager = useData(
    (signal) => (managerId === null ? Promise.resolve(null) : store.info(managerId, signal)),
    [store, managerId],
  );
  return managerId === null ? null : (manager.data?.username ?? `#${managerId}`);
}

/** `info-tab`: the user's data, roles, effective permissions, and additional permissions to edit (JQ or JT). */
export const InfoTab = observer(function InfoTab({ userId }: UserDetailTabProps) {
  const { t } = useTranslation('admin');
  const styles = useStyles();
  const i18n = useInjection(I18nService);
  const permissions = useInjection(PermissionService);
  const model = useUserDetail(userId);
  const [editing, setEditing] = useState(false);
  const user = model.user;
  const manager = useManagerName(user?.manager_id ?? null);

  if (!user) {
    return model.state === 'failed' ? (
      <MessageBar intent="error">
        <MessageBarBody>{t('userDetail.loadFailed')}</MessageBarBody>
      </MessageBar>
    ) : (
      <Spinner label={t('common.loading')} />
    );
  }
  const none = <Text className={styles.empty}>—</Text>;
  const canGrant = permissions.allows(ROLES_REQUIREMENT);

  return (
    <div className={styles.tab}>
      <Card className={styles.card}>
        <CardHeader
          header={
            <Text as="h2" weight="semibold">
              {t('info.data')}
            </Text>
          }
        />
        <dl className={styles.facts}>
          <Fact term={t('userForm.username')}>{user.username}</Fact>
          <Fact term={t('userForm.email')}>{user.email ?? none}</Fact>
          <Fact term={t('users.fields.status')}>
            {t(`users.statuses.${user.status === 'blocked' ? 'blocked' : 'active'}`)}
          </Fact>
          <Fact term={t('userForm.sub')}>{user.sub ?? none}</Fact>
          <Fact term={t('userForm.tgUserId')}>{user.tg_user_id ?? none}</Fact>
          <Fact term={t('userForm.tgLogin')}>{user.tg_login ?? none}</Fact>
          <Fact term={t('info.mattermost')}>{user.mattermost_username ?? none}</Fact>
          <Fact term={t('userForm.manager')}>{manager ?? none}</Fact>
          <Fact term={t('users.fields.createdAt')}>{i18n.format.dateTime(user.created_at)}</Fact>
          {user.deleted_at && <Fact term={t('users.fields.deletedAt')}>{i18n.format.dateTime(user.deleted_at)}</Fact>}
        </dl>
      </Card>

      <Card className={styles.card}>
        <CardHeader
          header={
            <Text as="h2" weight="semibold">
              {t('info.roles')}
            </Text>
          }
        />
        {user.roles.length === 0 ? (
          <Text className={styles.empty}>{t('info.noRoles')}</Text>
        ) : (
          <div className={styles.badges} role="list" aria-label={t('info.roles')}>
            {user.roles.map((role) => (
              <Badge key={role} role="listitem" appearance="tint" color="brand">
                {role}
              </Badge>
            ))}
          </div>
        )}
      </Card>

      <Card className={styles.card}>
        <CardHeader
          header={
            <Text as="h2" weight="semibold">
              {t('info.permissions')}
            </Text>
          }
        />
        {user.permissions.length === 0 ? (
          <Text className={styles.empty}>{t('info.noPermissions')}</Text>
        ) : (
          <div className={styles.badges} role="list" aria-label={t('info.permissions')}>
            {user.permissions.map((code) => (
              <Badge key={code} role="listitem" appearance="outline">
                {code}
              </Badge>
            ))}
          </div>
        )}
      </Card>

      <Card className={styles.card}>
        <CardHeader
          header={
            <Text as="h2" weight="semibold">
              {t('info.additional')}
            </Text>
          }
          action={
            canGrant ? (
              <Button size="small" icon={<EditRegular />} onClick={() => setEditing(true)}>
                {t('info.editAdditional')}
              </Button>
            ) : undefined
          }
        />
        {user.additional_permissions.length === 0 ? (
          <Text className={styles.empty}>{t('info.noAdditional')}</Text>
        ) : (
          <div className={styles.badges} role="list" aria-label={t('info.additional')}>
            {user.additional_permissions.map((permission) => (
              <Badge key={permission.id} role="listitem" appearance="tint" color="success">
                {permission.name}
              </Badge>
            ))}
          </div>
        )}
      </Card>

      {editing && (
        <AdditionalPermissionsDialog
          user={user}
          onCancel={() => setEditing(false)}
          onSaved={(saved) => {
            model.set(saved);
            setEditing(false);
          }}
        />
      )}
    </div>
  );
});
