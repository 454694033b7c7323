import { lazy } from 'react';
import { ContainerModule } from 'inversify';
import { recordSectionSlot, type RecordSectionProps } from '@core/sdk/shared';
import {
  DashboardWidgetToken,
  resourceRoute,
  RouteContributionToken,
  slotToken,
  StoreContributionToken,
  UserDetailTabToken,
} from '@core/sdk/web';
import {
  agenciesResource,
  articlesResource,
  counterpartiesResource,
  DEPARTMENT_TYPES,
  divisionsResource,
  employeesResource,
  positionsResource,
  projectsResource,
  servicePaymentsResource,
  transactionsResource,
  verticalsResource,
  walletsResource,
} from '../shared/resources';
import { CardCorrectionsStore } from './card-corrections/card-corrections-store';
import { BalancesWidget, MonthWidget } from './dashboard/FinanceWidgets';
import { departmentWidget } from './departments/DepartmentWidgets';
import { DepartmentsSummaryStore } from './departments/departments-summary-store';
import { departmentPath, departmentTitleKey } from './departments/department-names';
import { FinanceDashboardStore } from './dashboard/dashboard-store';
import { DraftConvertStore } from './drafts/draft-convert-store';
import { EmployeeRecordSlotSection } from './employees/EmployeeDetailSlot';
import { EmployeeDetailsStore } from './employees/employee-details-store';
import { EmployeeLinkStore } from './employees/employee-link-store';
import { EmployeeUserTab } from './employees/EmployeeUserTab';
import { GoogleTablesStore } from './google-tables/google-tables-store';
import { MotivationStore } from './motivation/motivation-store';
import { PAY_MODEL_SCREENS } from './pay-models/pay-model-screens';
import { RatesImportStore } from './rates/rates-import-store';
import { WalletBalanceSection } from './wallets/WalletBalanceSection';

// The screens beyond the engine's own, each fetched when first opened: opening one screen does not load them all.
const CardCorrectionsPage = lazy(() =>
  import('./card-corrections/CardCorrectionsPage').then((module) => ({ default: module.CardCorrectionsPage })),
);
const CashFlowPage = lazy(() =>
  import('./cash-flow/CashFlowPage').then((module) => ({ default: module.CashFlowPage })),
);
const TransactionDraftsPage = lazy(() =>
  import('./drafts/TransactionDraftsPage').then((module) => ({ default: module.TransactionDraftsPage })),
);
const EmployeesPage = lazy(() =>
  import('./employees/EmployeesPage').then((module) => ({ default: module.EmployeesPage })),
);
const GoogleTableDataPage = lazy(() =>
  import('./google-tables/GoogleTableDataPage').then((module) => ({ default: module.GoogleTableDataPage })),
);
const GoogleTablesPage = lazy(() =>
  import('./google-tables/GoogleTablesPage').then((module) => ({ default: module.GoogleTablesPage })),
);
const MotivationPage = lazy(() =>
  import('./motivation/MotivationPage').then((module) => ({ default: module.MotivationPage })),
);
const ExchangeRatesPage = lazy(() =>
  import('./rates/ExchangeRatesPage').then((module) => ({ default: module.ExchangeRatesPage })),
);
const departmentPage = (type: (typeof DEPARTMENT_TYPES)[number]) =>
  lazy(() => import('./departments/DepartmentPage').then((module) => ({ default: module.departmentPage(type) })));

/** What the finance plugin binds when its code loads: a page for every manifest route, widgets, the user tab. */
export default new ContainerModule(({ bind }) => {
  bind(GoogleTablesStore).toSelf().inSingletonScope();
  bind(StoreContributionToken).toService(GoogleTablesStore);
  bind(FinanceDashboardStore).toSelf().inSingletonScope();
  // These hold nothing between calls, so there is nothing to reset on sign-out.
  bind(EmployeeLinkStore).toSelf().inSingletonScope();
  bind(EmployeeDetailsStore).toSelf().inSingletonScope();
  bind(RatesImportStore).toSelf().inSingletonScope();
  bind(DraftConvertStore).toSelf().inSingletonScope();
  bind(MotivationStore).toSelf().inSingletonScope();
  bind(CardCorrectionsStore).toSelf().inSingletonScope();
  bind(DepartmentsSummaryStore).toSelf().inSingletonScope();
  bind(StoreContributionToken).toService(DepartmentsSummaryStore);

  // Screens the resource engine draws from the definitions alone.
  for (const route of [
    resourceRoute(servicePaymentsResource, { path: '/service-payment' }),
    resourceRoute(walletsResource),
    resourceRoute(positionsResource),
    resourceRoute(divisionsResource),
    resourceRoute(counterpartiesResource),
    resourceRoute(articlesResource),
    resourceRoute(transactionsResource),
    resourceRoute(projectsResource, { path: '/projects-finance' }),
    resourceRoute(verticalsResource),
    resourceRoute(agenciesResource, { path: '/agency-team' }),
    ...PAY_MODEL_SCREENS,
  ]) {
    bind(RouteContributionToken).toConstantValue(route);
  }
  // Screens with more than the engine draws.
  bind(RouteContributionToken).toConstantValue({ path: '/google-table', component: GoogleTablesPage });
  bind(RouteContributionToken).toConstantValue({ path: '/google-table-data/:id', component: GoogleTableDataPage });
  bind(RouteContributionToken).toConstantValue({ path: '/transaction-drafts', component: TransactionDraftsPage });
  bind(RouteContributionToken).toConstantValue({ path: '/exchange-rates', component: ExchangeRatesPage });
  bind(RouteContributionToken).toConstantValue({ path: '/employees', component: EmployeesPage });
  bind(RouteContributionToken).toConstantValue({ path: '/cash-flow', component: CashFlowPage });
  bind(RouteContributionToken).toConstantValue({ path: '/card-corrections', component: CardCorrectionsPage });
  bind(RouteContributionToken).toConstantValue({ path: '/motivation', component: MotivationPage });

  bind(DashboardWidgetToken).toConstantValue({
    id: 'finance-balances',
    titleKey: 'finance:dashboard.balances',
    component: BalancesWidget,
    requires: 'FW',
    order: 100,
    span: 2,
  });
  bind(DashboardWidgetToken).toConstantValue({
    id: 'finance-month',
    titleKey: 'finance:dashboard.month',
    component: MonthWidget,
    requires: 'FT',
    order: 110,
  });
  // One page and one widget per department; the three widgets share one summary request.
  DEPARTMENT_TYPES.forEach((type, index) => {
    bind(RouteContributionToken).toConstantValue({ path: departmentPath(type), component: departmentPage(type) });
    bind(DashboardWidgetToken).toConstantValue({
      id: `finance-department-${type}`,
      titleKey: `finance:${departmentTitleKey(type)}`,
      component: departmentWidget(type),
      requires: 'FH',
      order: 120 + index,
    });
  });
  // A wallet's record page shows its balance now (the balances the dashboard reads need FW).
  bind(slotToken<RecordSectionProps>(recordSectionSlot(walletsResource.id))).toConstantValue({
    id: 'finance-wallet-balance',
    component: WalletBalanceSection,
    requires: 'FW',
    order: 10,
  });
  // An employee's record page holds the slot other plugins fill, as the list's detail panel does.
  bind(slotToken<RecordSectionProps>(recordSectionSlot(employeesResource.id))).toConstantValue({
    id: 'finance-employee-detail',
    component: EmployeeRecordSlotSection,
    requires: 'FJ',
    order: 10,
  });
  bind(UserDetailTabToken).toConstantValue({
    id: 'employee-tab',
    labelKey: 'finance:employeeTab.label',
    component: EmployeeUserTab,
    requires: 'FJ',
    order: 30,
  });
});
