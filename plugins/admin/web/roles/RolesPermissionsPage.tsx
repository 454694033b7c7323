import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { MessageBar, MessageBarBody, Spinner, Tab, TabList, Title2 } from '@fluentui/react-components';
import { ROLES_RESOURCE } from '@core/sdk/shared';
import {
  addResourceStrings,
  ExportMenu,
  ExportProgress,
  I18nService,
  PermissionService,
  useConfirm,
  useInjection,
  useResourceExport,
} from '@core/sdk/web';
import { USERS_CODE } from '../auth-types';
import { RolesModel } from './roles-model';
import { AnyUserPermissions } from './AnyUserPermissions';
import { PermissionCatalogue } from './PermissionCatalogue';
import { RoleDetail } from './RoleDetail';
import { RolesList } from './RolesList';
import { useAdditionalPermissions } from './use-additional-permissions';
import { useRolesStyles } from './roles-styles';

const RolesScreen = observer(function RolesScreen() {
  const { t } = useTranslation('admin');
  const styles = useRolesStyles();
  const canReadUsers = useInjection(PermissionService).has(USERS_CODE);
  const model = useInjection(RolesModel);
  const [view, setView] = useState<'roles' | 'catalogue'>('roles');
  const { dialog: confirmDialog, ask } = useConfirm();
  const additional = useAdditionalPermissions();
  // The roles as CSV: the engine's export of the core's roles resource, beside the roles' tab.
  const exported = useResourceExport(ROLES_RESOURCE);
  useEffect(() => {
    void model.load();
  }, [model]);

  return (
    <div className={styles.page}>
      <Title2 as="h1">{t('roles.pageTitle')}</Title2>
      {model.failed && (
        <MessageBar intent="error">
          <MessageBarBody>{t('common.loadFailed')}</MessageBarBody>
        </MessageBar>
      )}
      {!model.rolesLoaded && !model.failed && <Spinner label={t('common.loading')} />}
      {model.rolesLoaded && (
        <>
          <div className={styles.tabs}>
            <TabList
              selectedValue={view}
              onTabSelect={(_, data) => setView(data.value === 'catalogue' ? 'catalogue' : 'roles')}
            >
              <Tab value="roles">{t('roles.title')}</Tab>
              <Tab value="catalogue">{t('permissions.catalogue')}</Tab>
            </TabList>
            {view === 'roles' && (
              <ExportMenu disabled={exported.progress.exporting !== null} onExport={exported.exportCsv} />
            )}
          </div>
          <ExportProgress store={exported.progress} />
          {view === 'roles' ? (
            <div className={styles.layout}>
              <RolesList model={model} ask={ask} />
              <RoleDetail model={model} openAdditional={additional.open} />
            </div>
          ) : (
            <PermissionCatalogue model={model} ask={ask} />
          )}
          {canReadUsers && <AnyUserPermissions openAdditional={additional.open} />}
        </>
      )}
      {additional.dialog}
      {confirmDialog}
    </div>
  );
});

/**
 * `/roles-permissions` (JQ or JT): roles (each with its record page, all as CSV), their permissions
 * and holders, the permission catalogue, users' additional permissions.
 */
export const RolesPermissionsPage = observer(function RolesPermissionsPage() {
  const i18n = useInjection(I18nService);
  addResourceStrings(i18n.i18n);
  useTranslation(['admin', 'core']);
  return <RolesScreen />;
});
