import { ContainerModule } from 'inversify';
import { DashboardWidgetToken, resourceRoute, RouteContributionToken } from '@core/sdk/web';
import {
  domainsResource,
  domainUsersResource,
  languagesResource,
  projectsResource,
  proxiesResource,
  proxyProvidersResource,
  serversResource,
  servicesResource,
  sitesResource,
} from '../shared/resources';
import { WhitesPage } from './whites/WhitesPage';
import { CountryLanguagesPage } from './countries/CountryLanguagesPage';
import { ExpiringSitesWidget } from './dashboard/ExpiringSitesWidget';
import { DomainJobPanel } from './domains/domain-job-panel';
import { domainsScreen } from './domains/domains-screen';
import { expiringIn30Days, expiryTone } from './expiry/expiry-tone';
import { ProviderBalanceCell } from './proxies/ProviderBalanceCell';
import { ProxyJobPanel } from './proxies/proxy-job-panel';
import { proxiesScreen } from './proxies/proxies-screen';

/** What the system plugin binds when its code loads: a page for every manifest route, the dashboard widget. */
export default new ContainerModule(({ bind }) => {
  // One per kernel: a row action opens the panel its screen's toolbar draws.
  const domainJobs = new DomainJobPanel();
  const proxyJobs = new ProxyJobPanel();
  bind(DomainJobPanel).toConstantValue(domainJobs);
  bind(ProxyJobPanel).toConstantValue(proxyJobs);

  for (const route of [
    resourceRoute(proxiesResource, proxiesScreen(proxyJobs)),
    resourceRoute(proxyProvidersResource, { cells: { balance: ProviderBalanceCell } }),
    resourceRoute(servicesResource),
    resourceRoute(serversResource, { rowTone: expiryTone(expiringIn30Days('expiry_date')) }),
    resourceRoute(sitesResource),
    // The engine's list, with the site archive uploaded and downloaded from a row.
    { path: '/whites', component: WhitesPage },
    resourceRoute(projectsResource),
    resourceRoute(domainsResource, domainsScreen(domainJobs)),
    resourceRoute(domainUsersResource),
    resourceRoute(languagesResource),
  ]) {
    bind(RouteContributionToken).toConstantValue(route);
  }
  bind(RouteContributionToken).toConstantValue({ path: '/country-languages', component: CountryLanguagesPage });

  bind(DashboardWidgetToken).toConstantValue({
    id: 'system-expiring-sites',
    titleKey: 'system:dashboard.expiringSites',
    component: ExpiringSitesWidget,
    requires: 'YQ',
    order: 200,
    span: 2,
  });
});
