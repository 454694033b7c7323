import { ContainerModule } from 'inversify';
import { resourceRoute, RouteContributionToken } from '@core/sdk/web';
import {
  countryLanguagesResource,
  domainsResource,
  domainUsersResource,
  languagesResource,
  projectsResource,
  proxiesResource,
  proxyProvidersResource,
  serversResource,
  servicesResource,
  sitesResource,
  whitesResource,
} from '../shared/resources';

/** What the system plugin binds when its code loads: a page for every manifest route. */
export default new ContainerModule(({ bind }) => {
  for (const route of [
    resourceRoute(proxiesResource),
    resourceRoute(proxyProvidersResource),
    resourceRoute(servicesResource),
    resourceRoute(serversResource),
    resourceRoute(sitesResource),
    resourceRoute(whitesResource),
    resourceRoute(projectsResource),
    resourceRoute(domainsResource),
    resourceRoute(domainUsersResource),
    resourceRoute(languagesResource),
    resourceRoute(countryLanguagesResource),
  ]) {
    bind(RouteContributionToken).toConstantValue(route);
  }
});
