import type { ResourceScreenOptions } from '@core/sdk/web';
import { expiryTone, PROXY_ENDS } from '../expiry/expiry-tone';
import type { ProxyJobPanel } from './proxy-job-panel';
import { ProxiesToolbar } from './ProxiesToolbar';

/** The proxies list: Buy proxies, the check shown in the job panel, rows near or past their end highlighted. */
export function proxiesScreen(panel: ProxyJobPanel): ResourceScreenOptions {
  return {
    toolbar: ProxiesToolbar,
    rowTone: expiryTone(PROXY_ENDS),
    rowActionRunners: {
      // The check runs as a job: started through the definition's endpoint, then followed in the panel.
      check: async (record, { api }) => {
        await api.rowAction(record.id, 'check');
        panel.open({ kind: 'check', proxyId: record.id });
      },
    },
  };
}
