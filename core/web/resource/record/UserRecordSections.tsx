import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import type { DataEnvelope } from '@core/shared/envelopes';
import type { TimelineEntry, TimelinePage } from '@core/shared/resource/record-page';
import { HttpClients } from '../../http/http-clients';
import { useInjection } from '../../react/container-context';
import { useResourceStrings } from '../resource-strings';
import { RecordTimeline, type TimelineApi } from '../timeline/RecordTimeline';
import { USERS_TABLE } from './record-links';
import { RecordSections } from './RelatedSections';

const useStyles = makeStyles({
  block: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    padding: tokens.spacingHorizontalL,
    boxShadow: tokens.shadow2,
  },
});

/** A staff account's timeline: `auth/users/{id}/history` and `…/comments` (an account's changes are not reverted from here). */
export function usersTimelineApi(http: Pick<HttpClients, 'get'>): TimelineApi {
  const client = () => http.get('auth');
  return {
    async history(id, before) {
      const query = before === undefined ? undefined : { before: String(before) };
      return (await client().get<DataEnvelope<TimelinePage>>(`users/${id}/history`, { query, silent: true })).data;
    },
    async comment(id, text) {
      return (await client().post<DataEnvelope<TimelineEntry>>(`users/${id}/comments`, { text }, { silent: true })).data;
    },
  };
}

/**
 * What a user's page shows below its tabs: the records of every readable resource that point at
 * the user (a plugin's requests by their author, a wallet's owner), and the account's timeline.
 */
export function UserRecordSections({ userId }: { userId: number }) {
  useResourceStrings();
  const { t } = useTranslation('core');
  const styles = useStyles();
  const http = useInjection(HttpClients);
  const [api] = useState(() => usersTimelineApi(http));
  return (
    <div className={styles.block}>
      <RecordSections table={USERS_TABLE} recordId={userId} />
      <section className={styles.card} aria-labelledby="user-timeline-title">
        <Subtitle2 as="h2" id="user-timeline-title">
          {t('record.timeline')}
        </Subtitle2>
        <RecordTimeline key={userId} definition={null} api={api} recordId={userId} canRevert={false} />
      </section>
    </div>
  );
}
