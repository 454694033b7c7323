/**
 * Active, fired or all (spec §4: employees are listed as active, fired or all). An employee is
 * fired from their `fired_date` on: fired when it is set and not after today (the server's date,
 * UTC); an employee with a firing date still ahead is active until that day. Lists default to
 * active (`status=active`); `status=fired` and `status=all` show the others.
 */
export const EMPLOYEE_STATUSES = ['active', 'fired', 'all'] as const;
export type EmployeeStatus = (typeof EMPLOYEE_STATUSES)[number];
export const DEFAULT_EMPLOYEE_STATUS: EmployeeStatus = 'active';

/** SQL condition over the employees table aliased `e` (no parameters). */
export function employeeStatusCondition(status: EmployeeStatus, alias = 'e'): string | null {
  const fired = `(${alias}.fired_date IS NOT NULL AND ${alias}.fired_date <= (now() AT TIME ZONE 'UTC')::date)`;
  if (status === 'fired') return fired;
  if (status === 'active') return `NOT ${fired}`;
  return null;
}
