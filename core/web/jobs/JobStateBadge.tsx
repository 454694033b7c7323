import { useTranslation } from 'react-i18next';
import { Badge, type BadgeProps } from '@fluentui/react-components';
import type { JobState } from '@core/shared/jobs';
import { useJobStrings } from './job-strings';

const STATE_COLORS: Readonly<Record<JobState, NonNullable<BadgeProps['color']>>> = {
  queued: 'informative',
  running: 'brand',
  succeeded: 'success',
  failed: 'danger',
  cancelled: 'subtle',
};

/** A job's state as a coloured badge in the reader's language ("Failed", «Ошибка»), the same in every list and panel. */
export function JobStateBadge({ state }: { readonly state: JobState }) {
  useJobStrings();
  const { t } = useTranslation('core');
  return (
    <Badge appearance="tint" color={STATE_COLORS[state]} data-job-state={state}>
      {t(`jobs.states.${state}`)}
    </Badge>
  );
}
