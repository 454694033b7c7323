import type { ResourceRecord } from '@core/sdk/shared';
import type { HttpClients } from '@core/sdk/web';
import { setupTasksResource } from '../../shared/resources';
import type { SetupAction, SetupActionAnswer } from '../../shared/setup';

/** `POST setup-tasks/{id}/take|done|fail` at the version the list showed; silent, the page says what happened. */
export function runSetupAction(
  clients: Pick<HttpClients, 'get'>,
  task: ResourceRecord,
  action: SetupAction,
  comment?: string,
): Promise<SetupActionAnswer> {
  const body = { version: task.version, ...(comment === undefined ? {} : { comment }) };
  return clients
    .get('shop')
    .post<SetupActionAnswer>(`${setupTasksResource.path}/${task.id}/${action}`, body, { silent: true });
}
