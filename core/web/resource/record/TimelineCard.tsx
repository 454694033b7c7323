import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Subtitle2 } from '@fluentui/react-components';
import { RecordTimeline, type RecordTimelineProps } from '../timeline/RecordTimeline';
import { useRecordCardStyles } from './record-card-styles';

/** A record's timeline as its page shows it (a record page's, a user's): a card titled "History". */
export function TimelineCard(props: RecordTimelineProps) {
  const { t } = useTranslation('core');
  const styles = useRecordCardStyles();
  const titleId = useId();
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <Subtitle2 as="h2" id={titleId}>
        {t('record.timeline')}
      </Subtitle2>
      <RecordTimeline {...props} />
    </section>
  );
}
