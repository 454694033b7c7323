import { useTranslation } from 'react-i18next';
import { StatusBadge, type ResourceCellProps } from '@core/sdk/web';
import { DOMAIN_JOB_STATUS_TONES, DOMAIN_JOB_STATUSES, type DomainJobStatus } from '../../shared/resources';

const isStatus = (value: unknown): value is DomainJobStatus => DOMAIN_JOB_STATUSES.some((status) => status === value);

/** A domain's purchase state as a badge of its declared tone; a local purchase says in its details that nothing was bought. */
export function JobStatusCell({ record, value }: ResourceCellProps) {
  const { t } = useTranslation('system');
  const status = isStatus(value) ? value : 'none';
  const label = t(`fields.jobStatusValues.${status}`);
  const details = record.local === true ? `${label}. ${t('local.notice')}` : label;
  return (
    <StatusBadge color={DOMAIN_JOB_STATUS_TONES[status]} details={details} data={{ 'data-job-status': status }}>
      {label}
    </StatusBadge>
  );
}
