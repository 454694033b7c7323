import { ContainerModule } from 'inversify';
import { RouteContributionToken } from '@core/sdk/web';
import { BotsPage } from './bots/BotsPage';

/** What the messenger plugin binds when its code loads: the bots page of its manifest. */
export default new ContainerModule(({ bind }) => {
  bind(RouteContributionToken).toConstantValue({ path: '/tg-bots', component: BotsPage });
});
