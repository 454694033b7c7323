import type { ResourceScreenOptions } from '@core/sdk/web';
import { GraphVersionWarning } from './GraphVersionWarning';
import { ServiceCheckDialog } from './ServiceCheckDialog';

/**
 * Services: "Check" asks the platform about the service's token (the route stores its scopes,
 * expiry or error on the record), then shows what the record now says and reads the list again.
 * A bar above the list warns when the Graph API version the server calls has expired or soon will.
 */
export const servicesScreenOptions: ResourceScreenOptions = {
  notice: GraphVersionWarning,
  rowActionRunners: {
    check: async (record, { api, reload, showDialog }) => {
      await api.rowAction(record.id, 'check');
      const [service] = await Promise.all([api.get(record.id), reload()]);
      showDialog((close) => <ServiceCheckDialog service={service} onClose={close} />);
    },
  },
};
