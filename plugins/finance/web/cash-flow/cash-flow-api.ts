import type { DataEnvelope } from '@core/sdk/shared';
import type { DownloadedFile, HttpClient, HttpClients } from '@core/sdk/web';
import { financeManifest } from '../../manifest';
import type { CashFlowCellAnswer, CashFlowReport } from '../../shared/cash-flow';

const DEFAULT_EXPORT_NAME = 'cash-flow.csv';

/** The cash flow page's calls (shared/cash-flow.ts). Holds no state. */
export class CashFlowApi {
  constructor(private readonly clients: Pick<HttpClients, 'get'>) {}

  private get client(): HttpClient {
    return this.clients.get(financeManifest.service);
  }

  async report(query: Readonly<Record<string, string>>, signal: AbortSignal): Promise<CashFlowReport> {
    return (await this.client.get<DataEnvelope<CashFlowReport>>('cash-flow', { query, signal })).data;
  }

  /** The transactions behind one figure: the report's query and the figure's basis, direction, month and row. */
  cell(query: Readonly<Record<string, string>>, signal: AbortSignal): Promise<CashFlowCellAnswer> {
    return this.client.get<CashFlowCellAnswer>('cash-flow/transactions', { query, signal });
  }

  /** `GET cash-flow.csv` with the report's query, named as the server names it. */
  async exportCsv(query: Readonly<Record<string, string>>): Promise<DownloadedFile> {
    let name = DEFAULT_EXPORT_NAME;
    const blob = await this.client.download('cash-flow.csv', {
      query,
      onHeaders: (headers) => {
        name = /filename="([^"]+)"/.exec(headers.get('content-disposition') ?? '')?.[1] ?? name;
      },
    });
    return { blob, name };
  }
}
