import { useState } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { USERS_RESOURCE } from '@core/shared/resource/core-resources';
import { HttpClients } from '../../http/http-clients';
import { useInjection } from '../../react/container-context';
import { useResourceStrings } from '../resource-strings';
import { ResourceApi } from '../resource-api';
import { USERS_TABLE } from './record-links';
import { RecordSections } from './RelatedSections';
import { TimelineCard } from './TimelineCard';

const useStyles = makeStyles({
  block: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
});

/**
 * What a user's page shows below its tabs: the records of every readable resource that point at
 * the user (a plugin's requests by their author, a wallet's owner), and the account's timeline.
 */
export function UserRecordSections({ userId }: { userId: number }) {
  useResourceStrings();
  const styles = useStyles();
  const http = useInjection(HttpClients);
  // The engine's calls of the users resource (`auth/users/{id}/timeline`, `…/comments`); no revert from here.
  const [api] = useState(() => new ResourceApi(USERS_RESOURCE, http));
  return (
    <div className={styles.block}>
      <RecordSections table={USERS_TABLE} recordId={userId} />
      <TimelineCard key={userId} definition={USERS_RESOURCE} api={api} recordId={userId} canRevert={false} />
    </div>
  );
}
