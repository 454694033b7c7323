import type { ResourceScreenOptions } from '@core/sdk/web';
import { expiringIn30Days, expiryTone } from '../expiry/expiry-tone';
import type { DomainJobPanel } from './domain-job-panel';
import { DomainsToolbar } from './DomainsToolbar';
import { JobStatusCell } from './JobStatusCell';

/** The domains list: Buy domain, the job status badge, "Purchase log" on bought domains, expiring rows highlighted. */
export function domainsScreen(panel: DomainJobPanel): ResourceScreenOptions {
  return {
    toolbar: DomainsToolbar,
    cells: { job_status: JobStatusCell },
    rowTone: expiryTone(expiringIn30Days('expiry_date')),
    rowActions: [
      {
        name: 'purchase-log',
        labelKey: 'system:actions.purchaseLog',
        requires: 'YD',
        when: (record) => typeof record.job_status === 'string' && record.job_status !== 'none',
        run: (record) => panel.open({ domainId: record.id, jobId: null }),
      },
    ],
  };
}
