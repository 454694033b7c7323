import { ContainerModule } from 'inversify';
import { resourceRoute, RouteContributionToken } from '@core/sdk/web';
import { categoriesResource, productsResource, teamsResource } from '../shared/resources';
import { ORDER_SCREEN_OPTIONS, OrdersPage } from './orders/OrdersPage';
import { PositionsPage } from './positions/PositionsPage';
import { ReportsPage } from './reports/ReportsPage';
import { SetupTasksPage } from './setup/SetupTasksPage';
import { TransferPage } from './transfer/TransferPage';

/** What the shop plugin binds when its code loads: a page for every manifest route. */
export default new ContainerModule(({ bind }) => {
  for (const route of [
    resourceRoute(categoriesResource),
    resourceRoute(productsResource),
    // The engine's list, with the bulk load in its toolbar and the data revealed in a dialog.
    { path: '/position', component: PositionsPage },
    // The engine's list, with the positions an order holds in a dialog; its record page runs the same actions.
    { path: '/orders', component: OrdersPage, options: ORDER_SCREEN_OPTIONS },
    resourceRoute(teamsResource, { path: '/shop-teams' }),
    { path: '/manual-transfer', component: TransferPage },
    // The engine's list, with a comment dialog before done and fail.
    { path: '/setup-product', component: SetupTasksPage },
    { path: '/reports', component: ReportsPage },
  ]) {
    bind(RouteContributionToken).toConstantValue(route);
  }
});
