import { ContainerModule } from 'inversify';
import { resourceRoute, RouteContributionToken, type ResourceScreenOptions } from '@core/sdk/web';
import type { ResourceDefinition } from '@core/sdk/shared';
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
import { accountsScreenOptions } from './accounts/accounts-screen';
import { conversionApisScreenOptions } from './conversions/conversion-apis-screen';
import { ReportPage } from './report/ReportPage';
import { servicesScreenOptions } from './services/services-screen';
import { CHILD_LISTS } from './tree/children';
import { platformNameCell } from './tree/PlatformNameCell';
import { REPORT_PATH, screenPath } from './tree/screen-paths';

/** A list of the platform's records: its name links to its children's list and marks a planning record. */
function platformScreen(definition: ResourceDefinition, options: ResourceScreenOptions = {}): ResourceScreenOptions {
  return { ...options, path: screenPath(definition), cells: { name: platformNameCell(CHILD_LISTS.get(definition)) } };
}

/** What the social plugin binds when its code loads: a page for every manifest route. */
export default new ContainerModule(({ bind }) => {
  for (const route of [
    resourceRoute(servicesResource, { ...servicesScreenOptions, path: screenPath(servicesResource) }),
    resourceRoute(accountsResource, platformScreen(accountsResource, accountsScreenOptions)),
    resourceRoute(adAccountsResource, platformScreen(adAccountsResource)),
    resourceRoute(pagesResource, platformScreen(pagesResource)),
    resourceRoute(campaignsResource, platformScreen(campaignsResource)),
    resourceRoute(adsetsResource, platformScreen(adsetsResource)),
    resourceRoute(adsResource, platformScreen(adsResource)),
    resourceRoute(conversionApisResource, { ...conversionApisScreenOptions, path: screenPath(conversionApisResource) }),
  ]) {
    bind(RouteContributionToken).toConstantValue(route);
  }
  bind(RouteContributionToken).toConstantValue({ path: REPORT_PATH, component: ReportPage });
});
