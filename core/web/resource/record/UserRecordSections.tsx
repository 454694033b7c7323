import { useState } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import type { DataEnvelope } from '@core/shared/envelopes';
import type { TimelineEntry, TimelinePage } from '@core/shared/resource/record-page';
import { HttpClients } from '../../http/http-clients';
import { useInjection } from '../../react/container-context';
import { useResourceStrings } from '../resource-strings';
import type { TimelineApi } from '../timeline/RecordTimeline';
import { USERS_TABLE } from './record-links';
import { RecordSections } from './RelatedSections';
import { TimelineCard } from './TimelineCard';

const useStyles = makeStyles({
  block: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
});

/** A staff account's timeline: `auth/users/{id}/timeline` and `…/comments` (an account's changes are not reverted from here). */
export function usersTimelineApi(http: Pick<HttpClients, 'get'>): TimelineApi {
  const client = () => http.get('auth');
  return {
    async timeline(id, before) {
      const query = before === undefined ? undefined : { before: String(before) };
      return (await client().get<DataEnvelope<TimelinePage>>(`users/${id}/timeline`, { query, silent: true })).data;
    },
    async comment(id, text) {
      return (await client().post<DataEnvelope<TimelineEntry>>(`users/${id}/comments`, { text }, { silent: true }))
        .data;
    },
  };
}

/**
 * What a user's page shows below its tabs: the records of every readable resource that point at
 * the user (a plugin's requests by their author, a wallet's owner), and the account's timeline.
 */
export function UserRecordSections({ userId }: { userId: number }) {
  useResourceStrings();
  const styles = useStyles();
  const http = useInjection(HttpClients);
  const [api] = useState(() => usersTimelineApi(http));
  return (
    <div className={styles.block}>
      <RecordSections table={USERS_TABLE} recordId={userId} />
      <TimelineCard key={userId} definition={null} api={api} recordId={userId} canRevert={false} />
    </div>
  );
}
