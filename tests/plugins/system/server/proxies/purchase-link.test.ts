import { describe, expect, it } from 'vitest';
import { purchasedProxiesPath } from '@plugins/system/server/proxies/purchase-job';

// Where the notification of a finished purchase leads (the kernel's core.jobs source takes the kind's link).
describe('the link of a proxy purchase', () => {
  it('opens the one proxy bought, the order among the proxies for several, the list after a failure', () => {
    expect(purchasedProxiesPath({ proxies: [12], order_id: 'local-1', local: true })).toBe('/proxies/12');
    expect(purchasedProxiesPath({ proxies: [12, 13], order_id: 'local-1', local: true })).toBe(
      '/proxies?filter[order_id][eq]=local-1',
    );
    expect(purchasedProxiesPath({ proxies: [12, 13], order_id: null, local: false })).toBe('/proxies');
    expect(purchasedProxiesPath(null)).toBe('/proxies');
  });
});
