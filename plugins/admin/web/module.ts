import { ContainerModule } from 'inversify';
import {
  HttpClients,
  I18nService,
  ResourceFeedback,
  resourceRoute,
  RouteContributionToken,
  StoreContributionToken,
  ToastService,
  UserDetailTabToken,
} from '@core/sdk/web';
import { articlesResource } from '../shared/article';
import { JobsPage } from './jobs/JobsPage';
import { KeitaroModel } from './keitaro/keitaro-model';
import { KeitaroServersPage } from './keitaro/KeitaroServersPage';
import { PluginsPage } from './plugins/PluginsPage';
import { RdpServersPage } from './rdp/RdpServersPage';
import { RolesModel } from './roles/roles-model';
import { RolesPermissionsPage } from './roles/RolesPermissionsPage';
import { SystemSettingsPage } from './settings/SystemSettingsPage';
import { EditUserTab } from './user-detail/EditUserTab';
import { InfoTab } from './user-detail/InfoTab';
import { ServiceTab } from './user-detail/ServiceTab';
import { ServiceTabModel, ServiceTabModelFactory } from './user-detail/service-tab-model';
import { UserDetailPage } from './user-detail/UserDetailPage';
import { UserDetailModel, UserDetailModelFactory } from './user-detail/user-detail-model';
import { UsersPage } from './users/UsersPage';
import { UsersStore } from './users/users-store';

/** What the admin plugin binds when its code loads: a page for every manifest route, and the user detail's own tabs. */
export default new ContainerModule(({ bind }) => {
  bind(UsersStore).toSelf().inSingletonScope();
  bind(StoreContributionToken).toService(UsersStore);
  // Page models: each visit of the page gets its own (useInjection keeps it for the page's life), so no draft or selection outlives it.
  bind(RolesModel)
    .toDynamicValue(
      (context) =>
        new RolesModel(
          context.get(HttpClients),
          new ResourceFeedback(context.get(ToastService), context.get(I18nService)),
        ),
    )
    .inTransientScope();
  bind(KeitaroModel)
    .toDynamicValue((context) => new KeitaroModel(context.get(HttpClients)))
    .inTransientScope();
  // Models of one user's page, made by the page for the user it shows: a factory, so each visit gets its own.
  bind(UserDetailModelFactory).toDynamicValue(
    (context) => (userId: number) => new UserDetailModel(context.get(UsersStore), userId),
  );
  bind(ServiceTabModelFactory).toDynamicValue(
    (context) => (userId: number) => new ServiceTabModel(context.get(HttpClients), userId),
  );

  bind(RouteContributionToken).toConstantValue({ path: '/users', component: UsersPage });
  bind(RouteContributionToken).toConstantValue({ path: '/user/:id/*', component: UserDetailPage });
  bind(RouteContributionToken).toConstantValue({ path: '/roles-permissions', component: RolesPermissionsPage });
  // Articles are an engine resource on the server: the engine draws the list (loaded silently).
  bind(RouteContributionToken).toConstantValue(resourceRoute(articlesResource, { path: '/article' }));
  bind(RouteContributionToken).toConstantValue({ path: '/system-settings', component: SystemSettingsPage });
  bind(RouteContributionToken).toConstantValue({ path: '/rdp-servers', component: RdpServersPage });
  bind(RouteContributionToken).toConstantValue({ path: '/keitaro-servers', component: KeitaroServersPage });
  bind(RouteContributionToken).toConstantValue({ path: '/plugins', component: PluginsPage });
  bind(RouteContributionToken).toConstantValue({ path: '/jobs', component: JobsPage });

  // The user detail's tabs; other plugins add theirs (finance: employee-tab, order 30).
  bind(UserDetailTabToken).toConstantValue({
    id: 'info-tab',
    labelKey: 'admin:userDetail.tabs.info',
    component: InfoTab,
    order: 10,
  });
  bind(UserDetailTabToken).toConstantValue({
    id: 'service-tab',
    labelKey: 'admin:userDetail.tabs.service',
    component: ServiceTab,
    order: 20,
  });
  bind(UserDetailTabToken).toConstantValue({
    id: 'edit-user-tab',
    labelKey: 'admin:userDetail.tabs.edit',
    component: EditUserTab,
    order: 40,
  });
});
