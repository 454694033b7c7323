import { inject, injectable } from 'inversify';
import type { DataEnvelope } from '@core/sdk/shared';
import { HttpClients } from '@core/sdk/web';
import { trackerManifest } from '../../manifest';
import type { ReportAnswer, ReportTracker } from '../../shared/report';

const DEFAULT_EXPORT_NAME = 'tracker-report.csv';

/** The full report's calls: the report, its CSV and the trackers to choose from. Holds no state. */
@injectable()
export class ReportStore {
  constructor(@inject(HttpClients) private readonly http: HttpClients) {}

  private get api() {
    return this.http.get(trackerManifest.service);
  }

  async report(query: Readonly<Record<string, string>>, signal: AbortSignal): Promise<ReportAnswer> {
    return (await this.api.get<DataEnvelope<ReportAnswer>>('report', { query, signal })).data;
  }

  async trackers(signal: AbortSignal): Promise<readonly ReportTracker[]> {
    return (await this.api.get<DataEnvelope<ReportTracker[]>>('report/trackers', { signal })).data;
  }

  /** The report as CSV, named as the server names it (with the days a preset stood for). */
  async exportCsv(query: Readonly<Record<string, string>>): Promise<{ blob: Blob; name: string }> {
    let name = DEFAULT_EXPORT_NAME;
    const blob = await this.api.download('report/export', {
      query,
      onHeaders: (headers) => {
        name = /filename="([^"]+)"/.exec(headers.get('content-disposition') ?? '')?.[1] ?? name;
      },
    });
    return { blob, name };
  }
}
