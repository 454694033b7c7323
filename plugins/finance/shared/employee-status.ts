/**
 * Active, fired or all: the three ways employees are listed. An employee is
 * fired from their `fired_date` on: fired when it is set and not after today (the server's date,
 * UTC); an employee with a firing date still ahead is active until that day. Lists default to
 * active (`status=active`); `status=fired` and `status=all` show the others. The list screen offers
 * them as its status scope.
 */
export const EMPLOYEE_STATUSES = ['active', 'fired', 'all'] as const;
export type EmployeeStatus = (typeof EMPLOYEE_STATUSES)[number];
export const DEFAULT_EMPLOYEE_STATUS: EmployeeStatus = 'active';
