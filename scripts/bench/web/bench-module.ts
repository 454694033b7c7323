import { ContainerModule } from 'inversify';
import { RouteContributionToken } from '@core/web/kernel/contributions';
import { resourceRoute } from '@core/web/resource';
import { benchRecordsResource } from '../bench-resource';

/** The engine's generated list screen for the bench resource, exactly as a product plugin binds one. */
export default new ContainerModule(({ bind }) => {
  bind(RouteContributionToken).toConstantValue(resourceRoute(benchRecordsResource));
});
