import { useTranslation } from 'react-i18next';
import { MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { CopyButton, InfoDialog } from '@core/sdk/web';
import type { TestEventAnswer } from '../../shared/conversions';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
    margin: 0,
  },
  term: { fontWeight: tokens.fontWeightSemibold },
  value: {
    margin: 0,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    overflowWrap: 'anywhere',
  },
  messages: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
});

/** The platform's answer to a test event, or why it was refused. */
export type TestEventOutcome =
  | { readonly kind: 'answer'; readonly answer: TestEventAnswer }
  | { readonly kind: 'refused'; readonly message: string };

export interface TestEventDialogProps {
  readonly pixel: string;
  readonly outcome: TestEventOutcome;
  readonly onClose: () => void;
}

/** What "Send test event" brought back: the event id sent, how many events the platform received, its trace id and messages. */
export function TestEventDialog({ pixel, outcome, onClose }: TestEventDialogProps) {
  const { t } = useTranslation('social');
  const styles = useStyles();
  const unknown = t('testEvent.unknown');
  return (
    <InfoDialog title={t('testEvent.title', { pixel })} onClose={onClose} contentClassName={styles.content}>
      {outcome.kind === 'refused' ? (
        <MessageBar intent="error" data-test-event="refused">
          <MessageBarBody>{t('testEvent.failed', { message: outcome.message })}</MessageBarBody>
        </MessageBar>
      ) : (
        <>
          <MessageBar intent="success" data-test-event="sent">
            <MessageBarBody>{t('testEvent.sent')}</MessageBarBody>
          </MessageBar>
          <dl className={styles.facts}>
            <dt className={styles.term}>{t('testEvent.eventId')}</dt>
            <dd className={styles.value} data-event-id>
              {outcome.answer.event_id}
              <CopyButton text={outcome.answer.event_id} compact />
            </dd>
            <dt className={styles.term}>{t('testEvent.eventsReceived')}</dt>
            <dd className={styles.value} data-events-received>
              {outcome.answer.events_received ?? unknown}
            </dd>
            <dt className={styles.term}>{t('testEvent.fbtraceId')}</dt>
            <dd className={styles.value} data-fbtrace-id>
              {outcome.answer.fbtrace_id ?? unknown}
            </dd>
            <dt className={styles.term}>{t('testEvent.messages')}</dt>
            <dd className={styles.value}>
              {outcome.answer.messages.length === 0 ? (
                t('testEvent.noMessages')
              ) : (
                <ul className={styles.messages} data-platform-messages>
                  {outcome.answer.messages.map((message, index) => (
                    <li key={index}>{message}</li>
                  ))}
                </ul>
              )}
            </dd>
          </dl>
        </>
      )}
    </InfoDialog>
  );
}
