import type { DataEnvelope } from '@core/sdk/shared';
import type { HttpClient } from '@core/sdk/web';
import type { ReportImportBody, ReportLoadAnswer, ReportSummary } from '../../shared/reports';

/** The reports' own calls beside the engine's list (server/reports/report-routes.ts). */

export async function fetchSummary(
  api: HttpClient,
  query: Readonly<Record<string, string>>,
  signal: AbortSignal,
): Promise<ReportSummary> {
  return (await api.get<DataEnvelope<ReportSummary>>('reports/summary', { query, signal })).data;
}

/** The verticals the report rows name: what the vertical filter offers. */
export async function fetchVerticals(api: HttpClient, signal: AbortSignal): Promise<readonly string[]> {
  return (await api.get<DataEnvelope<readonly string[]>>('reports/verticals', { signal })).data;
}

/** Silent: the dialog shows a refusal's lines itself. */
export async function importReportsCsv(api: HttpClient, csv: string): Promise<ReportLoadAnswer> {
  const body: ReportImportBody = { csv };
  return (await api.post<DataEnvelope<ReportLoadAnswer>>('reports/import', body, { silent: true })).data;
}
