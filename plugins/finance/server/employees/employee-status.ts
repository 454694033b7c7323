import type { EmployeeStatus } from '../../shared/employee-status';

export { DEFAULT_EMPLOYEE_STATUS, EMPLOYEE_STATUSES, type EmployeeStatus } from '../../shared/employee-status';

/** SQL condition over the employees table aliased `e` (no parameters). */
export function employeeStatusCondition(status: EmployeeStatus, alias = 'e'): string | null {
  const fired = `(${alias}.fired_date IS NOT NULL AND ${alias}.fired_date <= (now() AT TIME ZONE 'UTC')::date)`;
  if (status === 'fired') return fired;
  if (status === 'active') return `NOT ${fired}`;
  return null;
}
