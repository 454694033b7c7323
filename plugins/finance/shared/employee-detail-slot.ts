/**
 * `finance.employeeDetail`: the slot finance offers on an employee's detail (the panel of /employees
 * and the record page /employees/<id>), where other plugins add a section of their own: a vacations
 * balance, the employee's tasks. Finance shows what fills it only to users holding FJ, and each filler
 * only to users holding the codes its manifest names for the slot.
 */
export const EMPLOYEE_DETAIL_SLOT = 'finance.employeeDetail';

/** What an item of `finance.employeeDetail` receives: the employee shown. */
export interface EmployeeDetailSlotProps {
  /** The employee's id in `finance.employees`. */
  readonly employeeId: number;
  readonly fullName: string;
  /** The staff account linked to the employee (a user id), or null when there is none. */
  readonly userId: number | null;
  /** Whether the employee has left (a fired date is set). */
  readonly fired: boolean;
}
