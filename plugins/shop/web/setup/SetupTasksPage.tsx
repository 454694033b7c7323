import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpClients, ResourcePage, ToastService, useInjection, type ResourceScreenOptions } from '@core/sdk/web';
import type { ResourceRecord } from '@core/sdk/shared';
import { setupTasksResource } from '../../shared/resources';
import { runSetupAction } from './setup-api';
import { SetupCommentDialog } from './SetupCommentDialog';

/** The task being finished, how, and how to reload the list it came from. */
interface Finishing {
  readonly task: ResourceRecord;
  readonly action: 'done' | 'fail';
  readonly reload: () => Promise<void>;
}

/**
 * `/setup-product` (SS): the engine's list of setup tasks. Take posts at once (with the version
 * the row showed); done and fail open a comment dialog first.
 */
export function SetupTasksPage() {
  const { t } = useTranslation('shop');
  const clients = useInjection(HttpClients);
  const toasts = useInjection(ToastService);
  const [finishing, setFinishing] = useState<Finishing | null>(null);
  const options = useMemo<ResourceScreenOptions>(
    () => ({
      path: '/setup-product',
      rowActionRunners: {
        take: async (task, { reload }) => {
          await runSetupAction(clients, task, 'take');
          toasts.success(t('setup.taken'));
          await reload();
        },
        done: (task, { reload }) => setFinishing({ task, action: 'done', reload }),
        fail: (task, { reload }) => setFinishing({ task, action: 'fail', reload }),
      },
    }),
    [clients, toasts, t],
  );
  return (
    <>
      <ResourcePage definition={setupTasksResource} options={options} />
      {finishing && (
        <SetupCommentDialog
          task={finishing.task}
          action={finishing.action}
          onSaved={() => void finishing.reload()}
          onClose={() => setFinishing(null)}
        />
      )}
    </>
  );
}
