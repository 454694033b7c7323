import { inject, injectable } from 'inversify';
import { maxPerPage, type ListQuery, type Money, type ResourceDefinition, type ResourceRecord } from '@core/sdk/shared';
import { HttpClients, ResourceApi } from '@core/sdk/web';
import { employeesResource, salaryHistoryResource } from '../../shared/resources';
import { isDecimal } from '../decimal';
import { failureOf, financeCall, isRecord, succeeded, type FinanceResult } from '../finance-result';
import { isEmployee, type Employee } from './employee-types';

/** One row of an employee's salary history. */
export type SalaryRow = ResourceRecord & {
  readonly employee_id: number;
  readonly date_start: string;
  readonly date_end: string | null;
  readonly salary: Money | null;
};

/** What the salary form sends. */
export interface SalaryInput {
  readonly date_start: string;
  readonly date_end: string | null;
  readonly salary: Money;
}

export interface SalaryTotal {
  readonly currency: string;
  readonly amount: string;
}

export interface SalaryMonth {
  readonly month: string;
  readonly currency: string;
  readonly monthly_salary: string;
  readonly days: number;
  readonly days_in_month: number;
  readonly amount: string;
}

/** `GET employees/{id}/salary?from&to`: totals per currency and the months they come from. */
export interface SalaryForPeriod {
  readonly from: string;
  readonly to: string;
  readonly rule: string | null;
  readonly totals: readonly SalaryTotal[];
  readonly months: readonly SalaryMonth[];
}

/** Someone below an employee: level 1 reports directly, 2 to a direct report, … */
export interface Subordinate {
  readonly id: number;
  readonly full_name: string;
  readonly level: number;
  readonly fired_date: string | null;
}

export function parseSubordinates(body: unknown): Subordinate[] {
  const data = isRecord(body) ? body.data : undefined;
  if (!Array.isArray(data)) return [];
  return data.flatMap((row): Subordinate[] =>
    isRecord(row) && typeof row.id === 'number' && typeof row.full_name === 'string'
      ? [
          {
            id: row.id,
            full_name: row.full_name,
            level: typeof row.level === 'number' ? row.level : 1,
            fired_date: typeof row.fired_date === 'string' ? row.fired_date : null,
          },
        ]
      : [],
  );
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const num = (value: unknown): number => (typeof value === 'number' ? value : Number(value) || 0);

export function parseSalaryForPeriod(body: unknown): SalaryForPeriod {
  const data = isRecord(body) && isRecord(body.data) ? body.data : {};
  const totals = Array.isArray(data.totals)
    ? data.totals.flatMap((total) =>
        isRecord(total) && isDecimal(total.amount) ? [{ currency: str(total.currency), amount: total.amount }] : [],
      )
    : isDecimal(data.amount)
      ? [{ currency: str(data.currency), amount: data.amount }]
      : [];
  const months = Array.isArray(data.months)
    ? data.months.flatMap((month): SalaryMonth[] =>
        isRecord(month) && isDecimal(month.amount)
          ? [
              {
                month: str(month.month),
                currency: str(month.currency),
                monthly_salary: str(month.monthly_salary),
                days: num(month.days),
                days_in_month: num(month.days_in_month),
                amount: month.amount,
              },
            ]
          : [],
      )
    : [];
  return {
    from: str(data.from),
    to: str(data.to),
    rule: typeof data.rule === 'string' ? data.rule : null,
    totals,
    months,
  };
}

function listQuery(definition: ResourceDefinition, field: string, value: number, sort: ListQuery['sort']): ListQuery {
  return {
    page: 1,
    perPage: maxPerPage(definition),
    sort,
    filters: [{ field, op: 'eq', value: String(value) }],
    deleted: 'without',
  };
}

/**
 * What the employee detail panel reads and changes: the employee, their subordinates, their salary
 * history and the salary calculated for a period. Every call hands back the server's message
 * instead of throwing, so the panel can show it.
 */
@injectable()
export class EmployeeDetailsStore {
  private readonly employees: ResourceApi;
  private readonly salaries: ResourceApi;

  constructor(@inject(HttpClients) private readonly http: HttpClients) {
    this.employees = new ResourceApi(employeesResource, http);
    this.salaries = new ResourceApi(salaryHistoryResource, http);
  }

  private async attempt<T>(run: () => Promise<T>): Promise<FinanceResult<T>> {
    try {
      return succeeded(await run());
    } catch (error) {
      return failureOf(error);
    }
  }

  employee(id: number): Promise<FinanceResult<Employee | null>> {
    return this.attempt(async () => {
      const record = await this.employees.get(id);
      return isEmployee(record) ? record : null;
    });
  }

  /** Direct reports (`GET employees/{id}/subordinates?direct=true`), fired ones included. */
  subordinates(id: number): Promise<FinanceResult<readonly Subordinate[]>> {
    return financeCall(
      () =>
        this.http
          .get('finance')
          .get<unknown>(`employees/${id}/subordinates`, { query: { direct: true }, silent: true }),
      parseSubordinates,
    );
  }

  salaryHistory(employeeId: number): Promise<FinanceResult<readonly SalaryRow[]>> {
    return this.attempt(async () => {
      const page = await this.salaries.list(
        listQuery(salaryHistoryResource, 'employee_id', employeeId, { field: 'date_start', direction: 'desc' }),
      );
      return page.data as readonly SalaryRow[];
    });
  }

  /** Adds a row (no `existing`) or changes one, sending the version it was read at. */
  saveSalary(
    employeeId: number,
    existing: SalaryRow | null,
    input: SalaryInput,
  ): Promise<FinanceResult<ResourceRecord>> {
    return this.attempt(() =>
      existing
        ? this.salaries.update(existing.id, { ...input }, existing.version)
        : this.salaries.create({ employee_id: employeeId, ...input }),
    );
  }

  deleteSalary(row: SalaryRow): Promise<FinanceResult<void>> {
    return this.attempt(() => this.salaries.remove(row.id));
  }

  calculate(employeeId: number, from: string, to: string): Promise<FinanceResult<SalaryForPeriod>> {
    return financeCall(
      () =>
        this.http.get('finance').get<unknown>(`employees/${employeeId}/salary`, { query: { from, to }, silent: true }),
      parseSalaryForPeriod,
    );
  }
}
