import type { DataEnvelope, ListEnvelope } from '@core/shared/envelopes';
import type { JobInfo, JobLogPage } from '@core/shared/jobs';
import type { HttpClient } from '../http/http-client';
import type { HttpClients } from '../http/http-clients';

/**
 * The kernel's jobs API (`/api/jobs`, outside any plugin's service). Every call is silent: the job
 * panel says itself what failed instead of a toast every second while it polls.
 */
export class JobsApi {
  constructor(private readonly clients: Pick<HttpClients, 'get'>) {}

  private get client(): HttpClient {
    return this.clients.get('jobs');
  }

  async job(id: number, signal?: AbortSignal): Promise<JobInfo> {
    return (await this.client.get<DataEnvelope<JobInfo>>(String(id), { signal, silent: true })).data;
  }

  async logs(id: number, after: number, signal?: AbortSignal): Promise<JobLogPage> {
    return (await this.client.get<DataEnvelope<JobLogPage>>(`${id}/logs`, { query: { after: String(after) }, signal, silent: true })).data;
  }

  /** The newest job about `subject` (`<resource id>:<record id>`), of `kind` when given; null when there is none. */
  async latestOf(subject: string, kind?: string, signal?: AbortSignal): Promise<JobInfo | null> {
    const query = { subject, per_page: '1', ...(kind ? { kind } : {}) };
    const answer = await this.client.get<ListEnvelope<JobInfo>>('', { query, signal, silent: true });
    return answer.data.data[0] ?? null;
  }
}
