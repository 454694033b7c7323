import type { DataEnvelope } from '@core/sdk/shared';
import type { HttpClient, HttpClients } from '@core/sdk/web';
import { socialManifest } from '../../manifest';
import type { InsightsSyncRequest, JobStarted } from '../../shared/platform-jobs';
import type { SocialReport } from '../../shared/report';

const DEFAULT_EXPORT_NAME = 'social-report.csv';

/** The report page's calls (shared/report.ts, shared/platform-jobs.ts). Holds no state. */
export class ReportApi {
  constructor(private readonly clients: Pick<HttpClients, 'get'>) {}

  private get client(): HttpClient {
    return this.clients.get(socialManifest.service);
  }

  async report(query: Readonly<Record<string, string>>, signal: AbortSignal): Promise<SocialReport> {
    return (await this.client.get<DataEnvelope<SocialReport>>('report', { query, signal })).data;
  }

  /** `GET report.csv` with the report's query, named as the server names it. */
  async exportCsv(query: Readonly<Record<string, string>>): Promise<{ readonly blob: Blob; readonly name: string }> {
    let name = DEFAULT_EXPORT_NAME;
    const blob = await this.client.download('report.csv', {
      query,
      onHeaders: (headers) => {
        name = /filename="([^"]+)"/.exec(headers.get('content-disposition') ?? '')?.[1] ?? name;
      },
    });
    return { blob, name };
  }

  /** Starts an insights sync: its job. Silent: the dialog shows what was refused. */
  async syncInsights(request: InsightsSyncRequest): Promise<number> {
    return (await this.client.post<DataEnvelope<JobStarted>>('insights/sync', request, { silent: true })).data.job;
  }
}
