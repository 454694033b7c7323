import { ContainerModule } from 'inversify';
import { resourceRoute, RouteContributionToken, StoreContributionToken } from '@core/sdk/web';
import { verticalsResource } from '@plugins/finance/shared/resources';
import {
  advertisersResource,
  bizdevDealsResource,
  bizdevLimitsResource,
  bizdevRequestsResource,
  financeProjectsResource,
  streamsResource,
  trackersResource,
} from '../shared/resources';
import { DayCapCell } from './bizdev/DayCapCell';
import { RequestsWithDayCaps } from './bizdev/requests-with-day-caps';
import { OffersPage } from './offers/OffersPage';
import { StatisticsImportStore } from './report/import-store';
import { ReportPage } from './report/ReportPage';
import { ReportStore } from './report/report-store';
import { DefaultFlagCell } from './streams/DefaultFlagCell';
import { LinkCell } from './streams/LinkCell';
import { SyncStateCell } from './sync/SyncStateCell';
import { ActiveServerCell, HoldServersCell } from './trackers/ServerCells';

/** What the tracker plugin binds when its code loads: a page for every manifest route. */
export default new ContainerModule(({ bind }) => {
  for (const route of [
    resourceRoute(financeProjectsResource),
    resourceRoute(advertisersResource),
    resourceRoute(trackersResource, { cells: { active_server: ActiveServerCell, hold_servers: HoldServersCell } }),
    resourceRoute(streamsResource, {
      cells: { sync_state: SyncStateCell, link: LinkCell, is_default: DefaultFlagCell },
    }),
    resourceRoute(bizdevDealsResource),
    resourceRoute(bizdevLimitsResource),
    resourceRoute(bizdevRequestsResource, {
      listApi: (http) => new RequestsWithDayCaps(http),
      cells: { cap: DayCapCell },
    }),
    // The one Vertical entity is finance's (a declared dependency); the tracker shows it among its screens.
    resourceRoute(verticalsResource, { path: '/vertical' }),
  ]) {
    bind(RouteContributionToken).toConstantValue(route);
  }
  bind(RouteContributionToken).toConstantValue({ path: '/offers', component: OffersPage });
  bind(ReportStore).toSelf().inSingletonScope();
  bind(StatisticsImportStore).toSelf().inSingletonScope();
  bind(StoreContributionToken).toService(StatisticsImportStore);
  bind(RouteContributionToken).toConstantValue({ path: '/tracker-report-full', component: ReportPage });
});
