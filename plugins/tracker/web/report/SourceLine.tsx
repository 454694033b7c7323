import { useTranslation } from 'react-i18next';
import { MessageBar, MessageBarBody, Text } from '@fluentui/react-components';
import type { ReportAnswer, ReportTracker } from '../../shared/report';

/** Which source the numbers come from, and for an empty one what to set up (issue 16: no number invented). */
export function SourceLine({ answer, trackers }: { readonly answer: ReportAnswer; readonly trackers: readonly ReportTracker[] }) {
  const { t } = useTranslation('tracker');
  const tracker = trackers.find((candidate) => candidate.id === answer.tracker_id)?.slug ?? (answer.tracker_id === null ? null : `#${answer.tracker_id}`);
  const source =
    answer.source === 'keitaro'
      ? t('report.source.keitaro', { tracker })
      : tracker === null
        ? t('report.source.statistics')
        : t('report.source.statisticsOf', { tracker });
  return (
    <>
      <Text data-testid="report-source">{source}</Text>
      {answer.empty && (
        <MessageBar intent={answer.empty === 'connect' ? 'warning' : 'info'} layout="multiline">
          <MessageBarBody>{t(`report.empty.${answer.empty}`)}</MessageBarBody>
        </MessageBar>
      )}
    </>
  );
}
