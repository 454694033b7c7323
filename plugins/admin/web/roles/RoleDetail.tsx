import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import {
  Button,
  Card,
  CardHeader,
  Spinner,
  Tab,
  TabList,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
} from '@fluentui/react-components';
import { KeyRegular } from '@fluentui/react-icons';
import { I18nService, PermissionService, useInjection } from '@core/sdk/web';
import { USERS_CODE } from '../auth-types';
import { PermissionChecklist } from './PermissionChecklist';
import type { RolesModel } from './roles-model';
import { useRolesStyles } from './roles-styles';

/** The picked role: its codes as a checklist grouped by area, and the users holding it. */
export const RoleDetail = observer(function RoleDetail({
  model,
  openAdditional,
}: {
  model: RolesModel;
  openAdditional: (userId: number) => void;
}) {
  const { t } = useTranslation('admin');
  const styles = useRolesStyles();
  const i18n = useInjection(I18nService);
  const canReadUsers = useInjection(PermissionService).has(USERS_CODE);
  const [tab, setTab] = useState<'permissions' | 'users'>('permissions');
  const role = model.selected;
  if (!role) return <Text className={styles.muted}>{t('roles.chooseRole')}</Text>;
  const holders = model.holders;

  return (
    <Card className={styles.card}>
      <CardHeader
        header={
          <Text as="h2" weight="semibold">
            {role.name}
          </Text>
        }
      />
      <TabList selectedValue={tab} onTabSelect={(_, data) => setTab(data.value === 'users' ? 'users' : 'permissions')}>
        <Tab value="permissions">{t('roles.permissionsTab')}</Tab>
        <Tab value="users">{t('roles.usersTab', { count: role.users_count })}</Tab>
      </TabList>
      {tab === 'permissions' &&
        (model.assignedLoaded ? (
          <>
            <PermissionChecklist
              permissions={model.catalogue}
              selected={model.draft}
              onChange={(next) => model.setDraft(next)}
              disabled={model.busy}
            />
            <div className={styles.row}>
              <Button appearance="primary" disabled={!model.dirty || model.busy} onClick={() => void model.assign()}>
                {t('roles.savePermissions')}
              </Button>
              <Button disabled={!model.dirty || model.busy} onClick={() => model.resetDraft()}>
                {t('roles.resetPermissions')}
              </Button>
            </div>
          </>
        ) : (
          <Spinner label={t('common.loading')} />
        ))}
      {tab === 'users' &&
        (holders === null ? (
          <Spinner label={t('common.loading')} />
        ) : holders.data.length === 0 ? (
          <Text className={styles.muted}>{t('roles.noHolders')}</Text>
        ) : (
          <>
            <Table aria-label={t('roles.holders', { name: role.name })} size="small">
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>{t('users.fields.username')}</TableHeaderCell>
                  <TableHeaderCell>{t('users.fields.email')}</TableHeaderCell>
                  <TableHeaderCell>{t('users.fields.status')}</TableHeaderCell>
                  <TableHeaderCell>{t('users.fields.createdAt')}</TableHeaderCell>
                  <TableHeaderCell>{t('common.actions')}</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {holders.data.map((user) => (
                  <TableRow key={user.id} data-user={user.id}>
                    <TableCell>{user.username}</TableCell>
                    <TableCell>{user.email ?? '—'}</TableCell>
                    <TableCell>{t(`users.statuses.${user.status === 'blocked' ? 'blocked' : 'active'}`)}</TableCell>
                    <TableCell>{i18n.format.date(new Date(user.created_at))}</TableCell>
                    <TableCell>
                      <Button
                        size="small"
                        icon={<KeyRegular />}
                        disabled={!canReadUsers}
                        title={canReadUsers ? undefined : t('permissions.needsUsers')}
                        onClick={() => openAdditional(user.id)}
                      >
                        {t('permissions.additional')}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {holders.last_page > 1 && (
              <div className={styles.row}>
                <Button
                  size="small"
                  disabled={holders.current_page <= 1}
                  onClick={() => void model.loadHolders(holders.current_page - 1)}
                >
                  {t('common.previous')}
                </Button>
                <Text>{t('common.page', { page: holders.current_page, pages: holders.last_page })}</Text>
                <Button
                  size="small"
                  disabled={holders.current_page >= holders.last_page}
                  onClick={() => void model.loadHolders(holders.current_page + 1)}
                >
                  {t('common.next')}
                </Button>
              </div>
            )}
          </>
        ))}
    </Card>
  );
});
