import { useTranslation } from 'react-i18next';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import {
  I18nService,
  StatusBadge,
  formatValue,
  useInjection,
  useLocaleFormat,
  type ResourceCellProps,
} from '@core/sdk/web';
import { SYNC_STATE_TONES } from '../../shared/resources';
import { syncStatus, type SyncStatus } from './sync-status';

const useStyles = makeStyles({
  details: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  error: { overflowWrap: 'anywhere' },
});

function SyncDetails({ status }: { readonly status: SyncStatus }) {
  const { t } = useTranslation('tracker');
  const format = useLocaleFormat();
  const styles = useStyles();
  return (
    <div className={styles.details}>
      <Text weight="semibold">{t(`sync.meanings.${status.state}`)}</Text>
      {status.state === 'failed' && status.error && (
        <Text className={styles.error}>{t('sync.error', { error: status.error })}</Text>
      )}
      {status.syncedAt && <Text>{t('sync.syncedAt', { at: format.dateTime(status.syncedAt) })}</Text>}
    </div>
  );
}

/**
 * The Keitaro sync column of offers and streams: a badge of the state's declared tone, with what it means,
 * Keitaro's message when the last write failed and when the row was last written, in a tooltip
 * shown on hover and on keyboard focus and read out as the badge's description.
 */
export function SyncStateCell({ record, field }: ResourceCellProps) {
  const i18n = useInjection(I18nService);
  const status = syncStatus(record);
  return (
    <StatusBadge
      color={SYNC_STATE_TONES[status.state]}
      details={<SyncDetails status={status} />}
      data={{ 'data-sync-state': status.state }}
    >
      {formatValue(field, status.state, i18n)}
    </StatusBadge>
  );
}
