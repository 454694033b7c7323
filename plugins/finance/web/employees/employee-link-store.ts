import { inject, injectable } from 'inversify';
import { HttpClients, I18nService } from '@core/sdk/web';
import { failed, financeCall, isRecord, type FinanceResult } from '../finance-result';
import { isEmployee, parseOptions, type Employee, type ReferenceOption } from './employee-types';

function employeeOf(body: unknown): Employee | null {
  const data = isRecord(body) ? body.data : undefined;
  return isEmployee(data) ? data : null;
}

/**
 * The link between a staff account and an employee record, as the admin user detail's
 * `employee-tab` shows and changes it. Holds nothing between calls; every call hands back the
 * server's message instead of throwing, so the tab can show it.
 */
@injectable()
export class EmployeeLinkStore {
  constructor(
    @inject(HttpClients) private readonly http: HttpClients,
    @inject(I18nService) private readonly i18n: I18nService,
  ) {}

  private get client() {
    return this.http.get('finance');
  }

  /**
   * The employee linked to the user, or null: `GET employees/by-user/{userId}`; when that answers
   * 404 (no employee, or no such call on this server) the employees list is asked by `user_id`,
   * fired employees included.
   */
  async employeeOfUser(userId: number): Promise<FinanceResult<Employee | null>> {
    const result = await financeCall(
      () => this.client.get<unknown>(`employees/by-user/${userId}`, { silent: true }),
      employeeOf,
    );
    if (result.ok || result.status !== 404) return result;
    return financeCall(
      () =>
        this.client.get<unknown>('employees', {
          query: { 'filter[user_id][eq]': String(userId), status: 'all', per_page: 10 },
          silent: true,
        }),
      (body) => {
        const data = isRecord(body) && isRecord(body.data) ? body.data.data : undefined;
        return Array.isArray(data) ? (data.find(isEmployee) ?? null) : null;
      },
    );
  }

  /** Employees to pick from, searched by name. */
  search(text: string): Promise<FinanceResult<readonly ReferenceOption[]>> {
    return financeCall(
      () => this.client.get<unknown>('references/employees', { query: { q: text }, silent: true }),
      parseOptions,
    );
  }

  /** Links `employeeId` to the user: reads its current version, then `PATCH employees/{id}` with `{ user_id, version }`. */
  async link(employeeId: number, userId: number): Promise<FinanceResult<Employee | null>> {
    const current = await financeCall(
      () => this.client.get<unknown>(`employees/${employeeId}`, { silent: true }),
      employeeOf,
    );
    if (!current.ok) return current;
    if (!current.data) return failed(this.i18n.t('finance:employeeTab.unreadable'), 404);
    return this.setUser(current.data, userId);
  }

  /** Ends the link: `PATCH employees/{id}` with `{ user_id: null, version }`. */
  unlink(employee: Employee): Promise<FinanceResult<Employee | null>> {
    return this.setUser(employee, null);
  }

  private setUser(employee: Employee, userId: number | null): Promise<FinanceResult<Employee | null>> {
    return financeCall(
      () =>
        this.client.patch<unknown>(
          `employees/${employee.id}`,
          { user_id: userId, version: employee.version },
          { silent: true },
        ),
      employeeOf,
    );
  }
}
