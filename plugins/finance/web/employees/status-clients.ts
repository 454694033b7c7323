import type { ServiceName } from '@core/shared/services';
import type { DownloadOptions, HttpClient, RequestOptions } from '@core/web/http/http-client';
import type { HttpClients } from '@core/web/http/http-clients';

/** Spec §4: employees are listed as active, fired or all; the finance server reads `status` (default active). */
export const EMPLOYEE_STATUSES = ['active', 'fired', 'all'] as const;
export type EmployeeStatus = (typeof EMPLOYEE_STATUSES)[number];
export const DEFAULT_EMPLOYEE_STATUS: EmployeeStatus = 'active';

export function isEmployeeStatus(value: string | null): value is EmployeeStatus {
  return value !== null && (EMPLOYEE_STATUSES as readonly string[]).includes(value);
}

/** The list and its CSV export: the calls `status` narrows. */
const LIST_PATHS = new Set(['employees', 'employees/export.csv']);

function withStatus(path: string, options: DownloadOptions | undefined, status: EmployeeStatus): DownloadOptions | undefined {
  if (!LIST_PATHS.has(path)) return options;
  return { ...options, query: { ...options?.query, status } };
}

/**
 * The HTTP clients as the generated employees list should use them: every list (and export) call
 * of `employees` carries `status`. The resource engine has no option for a query parameter outside
 * its filter codec, so the list screen is handed these clients instead of the kernel's; everything
 * else passes through untouched.
 */
export function statusClients(clients: HttpClients, status: EmployeeStatus): HttpClients {
  const finance: HttpClient = new Proxy(clients.get('finance'), {
    get(target, property) {
      if (property === 'get') return <T>(path: string, options?: RequestOptions) => target.get<T>(path, withStatus(path, options, status));
      if (property === 'download') return (path: string, options?: DownloadOptions) => target.download(path, withStatus(path, options, status));
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return new Proxy(clients, {
    get(target, property) {
      if (property === 'get') return (service: ServiceName) => (service === 'finance' ? finance : target.get(service));
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
