import { useTranslation } from 'react-i18next';
import { MessageBar, MessageBarBody, Text } from '@fluentui/react-components';
import { useLocaleFormat } from '@core/sdk/web';
import type { ReportAnswer, ReportTracker } from '../../shared/report';

/**
 * Which source the numbers come from, for an empty one what to set up, and the statistics left out
 * for want of a USD rate: no number is invented, and no two currencies are summed as one.
 */
export function SourceLine({
  answer,
  trackers,
}: {
  readonly answer: ReportAnswer;
  readonly trackers: readonly ReportTracker[];
}) {
  const { t } = useTranslation('tracker');
  const format = useLocaleFormat();
  const tracker =
    trackers.find((candidate) => candidate.id === answer.tracker_id)?.slug ??
    (answer.tracker_id === null ? null : `#${answer.tracker_id}`);
  const source =
    answer.source === 'keitaro'
      ? t('report.source.keitaro', { tracker })
      : tracker === null
        ? t('report.source.statistics')
        : t('report.source.statisticsOf', { tracker });
  return (
    <>
      <Text data-testid="report-source">{source}</Text>
      {answer.unconverted.length > 0 && (
        <MessageBar
          intent="warning"
          layout="multiline"
          data-unconverted={answer.unconverted.map((entry) => entry.currency).join(' ')}
        >
          <MessageBarBody>
            {answer.unconverted
              .map(({ currency, rows, revenue, cost }) =>
                t('report.unconverted', {
                  currency,
                  count: rows,
                  rows: format.number(rows),
                  revenue: format.money(revenue, currency),
                  cost: format.money(cost, currency),
                }),
              )
              .join(' ')}{' '}
            {t('report.unconvertedHint')}
          </MessageBarBody>
        </MessageBar>
      )}
      {answer.empty && (
        <MessageBar intent={answer.empty === 'connect' ? 'warning' : 'info'} layout="multiline">
          <MessageBarBody>{t(`report.empty.${answer.empty}`)}</MessageBarBody>
        </MessageBar>
      )}
    </>
  );
}
