import { ContainerModule } from 'inversify';
import { RouteContributionToken, StoreContributionToken } from '@core/web/kernel/contributions';
import { ArticlesPage } from './ArticlesPage';
import { ArticlesStore } from './articles-store';

/** What the admin plugin binds when its code loads. */
export default new ContainerModule(({ bind }) => {
  bind(ArticlesStore).toSelf().inSingletonScope();
  bind(StoreContributionToken).toService(ArticlesStore);
  bind(RouteContributionToken).toConstantValue({ path: '/article', component: ArticlesPage });
});
