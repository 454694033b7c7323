import { ContainerModule } from 'inversify';
import {
  DashboardWidgetToken,
  RouteContributionToken,
  StoreContributionToken,
  UserDetailTabToken,
} from '@core/web/kernel/contributions';
import { BalancesWidget, MonthWidget } from './dashboard/FinanceWidgets';
import { FinanceDashboardStore } from './dashboard/dashboard-store';
import { EmployeeUserTab } from './employees/EmployeeUserTab';
import { EmployeeLinkStore } from './employees/employee-link-store';
import { GoogleTableDataPage } from './google-tables/GoogleTableDataPage';
import { GoogleTablesPage } from './google-tables/GoogleTablesPage';
import { GoogleTablesStore } from './google-tables/google-tables-store';

/** What the finance plugin binds when its code loads. */
export default new ContainerModule(({ bind }) => {
  bind(GoogleTablesStore).toSelf().inSingletonScope();
  bind(StoreContributionToken).toService(GoogleTablesStore);
  bind(FinanceDashboardStore).toSelf().inSingletonScope();
  bind(StoreContributionToken).toService(FinanceDashboardStore);
  bind(EmployeeLinkStore).toSelf().inSingletonScope();

  bind(RouteContributionToken).toConstantValue({ path: '/google-table', component: GoogleTablesPage });
  bind(RouteContributionToken).toConstantValue({ path: '/google-table-data/:id', component: GoogleTableDataPage });

  bind(DashboardWidgetToken).toConstantValue({ id: 'finance-balances', component: BalancesWidget, requires: 'FW', order: 100 });
  bind(DashboardWidgetToken).toConstantValue({ id: 'finance-month', component: MonthWidget, requires: 'FT', order: 110 });
  bind(UserDetailTabToken).toConstantValue({
    id: 'employee-tab',
    labelKey: 'finance:employeeTab.label',
    component: EmployeeUserTab,
    requires: 'FJ',
    order: 30,
  });
});
