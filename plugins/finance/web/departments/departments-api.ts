import type { DataEnvelope } from '@core/sdk/shared';
import type { HttpClients } from '@core/sdk/web';
import type { DepartmentSummary, DepartmentView } from '../../shared/departments';
import type { DepartmentType } from '../../shared/resources';

/** The department views' calls to the finance service. */
export async function fetchDepartmentView(
  http: HttpClients,
  type: DepartmentType,
  month: string,
  signal?: AbortSignal,
): Promise<DepartmentView> {
  return (
    await http.get('finance').get<DataEnvelope<DepartmentView>>(`departments/${type}`, { query: { month }, signal })
  ).data;
}

export async function fetchDepartmentSummary(http: HttpClients): Promise<DepartmentSummary> {
  return (await http.get('finance').get<DataEnvelope<DepartmentSummary>>('departments/summary', { silent: true })).data;
}
