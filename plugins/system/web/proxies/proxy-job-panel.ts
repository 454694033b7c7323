import { JobPanelRequest } from '@core/sdk/web';

/** The proxies screen's job panel: a purchase by its job, or the latest check of a proxy. */
export type ProxyJobRequest =
  | { readonly kind: 'purchase'; readonly jobId: number }
  | { readonly kind: 'check'; readonly proxyId: number };

export class ProxyJobPanel extends JobPanelRequest<ProxyJobRequest> {}
