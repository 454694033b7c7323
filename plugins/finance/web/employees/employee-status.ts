import type { ListScope } from '@core/sdk/web';
import { DEFAULT_EMPLOYEE_STATUS, EMPLOYEE_STATUSES } from '../../shared/employee-status';

/** The employees list's status scope (sent as `status`): tabs, active first. */
export const EMPLOYEE_STATUS_SCOPE: ListScope = {
  param: 'status',
  labelKey: 'finance:employees.status',
  options: EMPLOYEE_STATUSES.map((value) => ({ value, labelKey: `finance:employees.statusValues.${value}` })),
  default: DEFAULT_EMPLOYEE_STATUS,
  display: 'tabs',
};
