import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import type { DataEnvelope } from '@core/sdk/shared';
import { HttpClients, useData, useInjection } from '@core/sdk/web';
import { socialManifest } from '../../manifest';
import type { GraphVersionNotice } from '../../shared/graph-version';

/**
 * The services screen's warning that the Graph API version the server calls has expired, expires
 * within 60 days, or is unknown to Meta's table: the server words it in the reader's language.
 * Nothing is drawn while the version is current or the notice cannot be read.
 */
export function GraphVersionWarning() {
  const http = useInjection(HttpClients).get(socialManifest.service);
  const notice = useData(
    async (signal) =>
      (await http.get<DataEnvelope<GraphVersionNotice>>('graph-version', { signal, silent: true })).data,
    [http],
  );
  const warning = notice.data?.warning ?? null;
  if (warning === null) return null;
  return (
    <MessageBar intent="warning" data-graph-version-warning>
      <MessageBarBody>{warning}</MessageBarBody>
    </MessageBar>
  );
}
