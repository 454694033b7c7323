import { inject, injectable } from 'inversify';
import { HttpClients } from '@core/web/http/http-clients';
import { I18nService } from '@core/web/services/i18n-service';
import { failed, financeCall, isRecord, succeeded, type FinanceResult } from '../finance-result';
import { isEmployee, parseOptions, type Employee, type ReferenceOption } from './employee-types';

function employeeOf(body: unknown): Employee | null {
  const data = isRecord(body) ? body.data : undefined;
  return isEmployee(data) ? data : null;
}

/**
 * The link between a staff account and an employee record, as the admin user detail's
 * `employee-tab` shows and changes it. Holds nothing between calls; every call hands back the
 * server's message instead of throwing (spec §8).
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

  /** The employee linked to the user; null when there is none (the server may answer 404 or `data: null`). */
  async employeeOfUser(userId: number): Promise<FinanceResult<Employee | null>> {
    const result = await financeCall(() => this.client.get<unknown>(`employees/by-user/${userId}`, { silent: true }), employeeOf);
    if (!result.ok && result.status === 404) return succeeded(null);
    return result;
  }

  /** Employees to pick from, searched by name. */
  search(text: string): Promise<FinanceResult<readonly ReferenceOption[]>> {
    return financeCall(() => this.client.get<unknown>('references/employees', { query: { q: text }, silent: true }), parseOptions);
  }

  /** Links `employeeId` to the user: reads its current version, then `PATCH employees/{id}` with `{ user_id, version }`. */
  async link(employeeId: number, userId: number): Promise<FinanceResult<Employee | null>> {
    const current = await financeCall(() => this.client.get<unknown>(`employees/${employeeId}`, { silent: true }), employeeOf);
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
      () => this.client.patch<unknown>(`employees/${employee.id}`, { user_id: userId, version: employee.version }, { silent: true }),
      employeeOf,
    );
  }
}
