import { useTranslation } from 'react-i18next';
import { Text, Tooltip, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { I18nService, useInjection, type ResourceCellProps } from '@core/sdk/web';
import type { BizdevDayCap } from '../../shared/bizdev';
import { dayCapOf } from './requests-with-day-caps';

const useStyles = makeStyles({
  cell: { display: 'inline-flex', alignItems: 'baseline', gap: tokens.spacingHorizontalS, whiteSpace: 'nowrap' },
  day: { color: tokens.colorNeutralForeground3 },
  over: { color: tokens.colorPaletteRedForeground1 },
});

/** A pending request asking for more than the day has left: approving it will be refused. */
function overCap(record: ResourceCellProps['record'], cap: BizdevDayCap): boolean {
  return (
    record.status === 'pending' &&
    typeof record.cap === 'number' &&
    (cap.remaining === null || record.cap > cap.remaining)
  );
}

/**
 * A request's cap beside its day's limit and what is left to approve that day, so the approver
 * sees before pressing Approve whether it fits; a pending request that does not fit reads red.
 */
export function DayCapCell({ record, value }: ResourceCellProps) {
  const { t } = useTranslation('tracker');
  const styles = useStyles();
  const i18n = useInjection(I18nService);
  const requested = typeof value === 'number' ? i18n.formatNumber(value) : '';
  const cap = dayCapOf(record);
  if (!cap) {
    return (
      <span className={styles.cell} data-day-cap="unknown">
        <Text>{requested}</Text>
        <Text className={styles.day}>{t('dayCap.unknown')}</Text>
      </span>
    );
  }
  const over = overCap(record, cap);
  const day = i18n.format.date(cap.date);
  const details =
    cap.limit === null
      ? t('dayCap.noLimitDetails', { day })
      : t('dayCap.details', {
          day,
          limit: i18n.formatNumber(cap.limit),
          approved: i18n.formatNumber(cap.approved),
          remaining: i18n.formatNumber(cap.remaining ?? 0),
        });
  const summary =
    cap.limit === null
      ? t('dayCap.noLimit')
      : t('dayCap.summary', { limit: i18n.formatNumber(cap.limit), remaining: i18n.formatNumber(cap.remaining ?? 0) });
  return (
    <Tooltip relationship="description" content={over ? `${details} ${t('dayCap.overCap')}` : details}>
      <span className={styles.cell} tabIndex={0} data-day-cap={over ? 'over' : 'within'}>
        <Text>{requested}</Text>
        <Text className={mergeClasses(styles.day, over && styles.over)}>{summary}</Text>
      </span>
    </Tooltip>
  );
}
