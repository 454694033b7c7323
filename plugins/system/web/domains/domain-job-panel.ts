import { JobPanelRequest } from '@core/sdk/web';

/** The domains screen's job panel: a domain's purchase, by its job, or its latest job when `jobId` is null. */
export interface DomainJobRequest {
  readonly domainId: number;
  readonly jobId: number | null;
}

export class DomainJobPanel extends JobPanelRequest<DomainJobRequest> {}
