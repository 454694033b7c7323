import type { DataEnvelope, ListEnvelope, ListPage } from '@core/shared/envelopes';
import type { JobInfo, JobKindInfo, JobLogPage, JobScheduleInfo, JobState } from '@core/shared/jobs';
import type { HttpClient } from '../http/http-client';
import type { HttpClients } from '../http/http-clients';

/** Which jobs `JobsApi.list` asks for: every one of the kinds the caller may read, narrowed by these. */
export interface JobListQuery {
  readonly state?: JobState;
  readonly kind?: string;
  readonly subject?: string;
  readonly page?: number;
  readonly perPage?: number;
}

/**
 * The kernel's jobs API (`/api/jobs`, outside any plugin's service). Every call is silent: the job
 * panel says itself what failed instead of a toast every second while it polls, and a screen that
 * retries or cancels says what happened in its own words.
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
    return (
      await this.client.get<DataEnvelope<JobLogPage>>(`${id}/logs`, {
        query: { after: String(after) },
        signal,
        silent: true,
      })
    ).data;
  }

  /** The newest job about `subject` (`<resource id>:<record id>`), of `kind` when given; null when there is none. */
  async latestOf(subject: string, kind?: string, signal?: AbortSignal): Promise<JobInfo | null> {
    return (await this.list({ subject, kind, perPage: 1 }, signal)).data[0] ?? null;
  }

  /** A page of jobs, newest first. */
  async list({ state, kind, subject, page, perPage }: JobListQuery, signal?: AbortSignal): Promise<ListPage<JobInfo>> {
    const query = {
      ...(state && { state }),
      ...(kind && { kind }),
      ...(subject && { subject }),
      ...(page !== undefined && { page: String(page) }),
      ...(perPage !== undefined && { per_page: String(perPage) }),
    };
    return (await this.client.get<ListEnvelope<JobInfo>>('', { query, signal, silent: true })).data;
  }

  /** The kinds of job the caller may read, with their names. */
  async kinds(signal?: AbortSignal): Promise<readonly JobKindInfo[]> {
    return (await this.client.get<DataEnvelope<readonly JobKindInfo[]>>('kinds', { signal, silent: true })).data;
  }

  /** The recurring jobs with their next and last runs (holders of JS). */
  async schedules(signal?: AbortSignal): Promise<readonly JobScheduleInfo[]> {
    return (await this.client.get<DataEnvelope<readonly JobScheduleInfo[]>>('schedules', { signal, silent: true }))
      .data;
  }

  /** Queues a failed or cancelled job again, as a new job; answers the new one. */
  async retry(id: number): Promise<JobInfo> {
    return (await this.client.post<DataEnvelope<JobInfo>>(`${id}/retry`, undefined, { silent: true })).data;
  }

  /** Cancels a queued job, or asks a running one to stop; answers it as it stands then. */
  async cancel(id: number): Promise<JobInfo> {
    return (await this.client.post<DataEnvelope<JobInfo>>(`${id}/cancel`, undefined, { silent: true })).data;
  }
}
