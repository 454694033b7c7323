import { ContainerModule } from 'inversify';
import { resourceRoute, RouteContributionToken } from '@core/sdk/web';
import {
  accountsResource,
  adAccountsResource,
  adsetsResource,
  adsResource,
  campaignsResource,
  conversionApisResource,
  pagesResource,
  servicesResource,
} from '../shared/resources';

/** What the social plugin binds when its code loads: a page for every manifest route. */
export default new ContainerModule(({ bind }) => {
  for (const route of [
    resourceRoute(accountsResource, { path: '/facebook-accounts' }),
    resourceRoute(adAccountsResource, { path: '/facebook-ad-accounts' }),
    resourceRoute(pagesResource, { path: '/facebook-ad-pages' }),
    resourceRoute(campaignsResource, { path: '/facebook-ad-campaigns' }),
    resourceRoute(adsetsResource, { path: '/facebook-ad-adsets' }),
    resourceRoute(adsResource, { path: '/facebook-ad-ads' }),
    resourceRoute(conversionApisResource, { path: '/conversion-api' }),
    resourceRoute(servicesResource, { path: '/facebook-service' }),
  ]) {
    bind(RouteContributionToken).toConstantValue(route);
  }
});
