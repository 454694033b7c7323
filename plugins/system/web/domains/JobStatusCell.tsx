import { useTranslation } from 'react-i18next';
import type { BadgeProps } from '@fluentui/react-components';
import { StatusBadge, type ResourceCellProps } from '@core/sdk/web';
import { DOMAIN_JOB_STATUSES, type DomainJobStatus } from '../../shared/resources';

const COLORS: Readonly<Record<DomainJobStatus, NonNullable<BadgeProps['color']>>> = {
  none: 'subtle',
  queued: 'informative',
  running: 'brand',
  succeeded: 'success',
  failed: 'danger',
  cancelled: 'warning',
};

const isStatus = (value: unknown): value is DomainJobStatus => DOMAIN_JOB_STATUSES.some((status) => status === value);

/** A domain's purchase state as a coloured badge; a local purchase says that nothing was bought. */
export function JobStatusCell({ record, value }: ResourceCellProps) {
  const { t } = useTranslation('system');
  const status = isStatus(value) ? value : 'none';
  const label = t(`fields.jobStatusValues.${status}`);
  const details = record.local === true ? `${label}. ${t('local.notice')}` : label;
  return (
    <StatusBadge color={COLORS[status]} details={details} data={{ 'data-job-status': status }}>
      {label}
    </StatusBadge>
  );
}
