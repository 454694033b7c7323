import type { ResourceScreenOptions } from '@core/sdk/web';
import { AccountSyncPanel } from './AccountSyncPanel';
import { startedJob } from './job-started';

/**
 * Accounts: "Sync" starts the account's sync job (202 `{ data: { job } }`) and follows it in the
 * job panel; the list is read again when it ends.
 */
export const accountsScreenOptions: ResourceScreenOptions = {
  rowActionRunners: {
    sync: async (record, { api, reload, showDialog }) => {
      const jobId = startedJob(await api.rowAction(record.id, 'sync'));
      // The screen's failure toast: the route broke its contract.
      if (jobId === null) throw new Error('The sync answered without a job.');
      const name = typeof record.name === 'string' ? record.name : `#${record.id}`;
      showDialog((close) => (
        <AccountSyncPanel jobId={jobId} name={name} onClose={close} onFinished={() => void reload()} />
      ));
    },
  },
};
