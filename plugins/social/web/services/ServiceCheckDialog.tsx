import { useTranslation } from 'react-i18next';
import { MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { InfoDialog, useLocaleFormat } from '@core/sdk/web';
import type { ResourceRecord } from '@core/sdk/shared';

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
  value: { margin: 0, overflowWrap: 'anywhere' },
});

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** What a service's check found, as the service reads after it: whether the token works, its expiry and scopes. */
export function ServiceCheckDialog({
  service,
  onClose,
}: {
  readonly service: ResourceRecord;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation('social');
  const format = useLocaleFormat();
  const styles = useStyles();
  const error = text(service.check_error);
  const expires = text(service.token_expires_at);
  const checked = text(service.checked_at);
  const scopes = text(service.scopes);
  return (
    <InfoDialog
      title={t('check.title', { name: text(service.name) ?? `#${service.id}` })}
      onClose={onClose}
      contentClassName={styles.content}
    >
      <MessageBar intent={error ? 'error' : 'success'} data-check-result={error ? 'failed' : 'ok'}>
        <MessageBarBody>{error ? t('check.failed', { error }) : t('check.ok')}</MessageBarBody>
      </MessageBar>
      <dl className={styles.facts}>
        <dt className={styles.term}>{t('check.expires')}</dt>
        <dd className={styles.value} data-token-expires>
          {expires ? format.dateTime(expires) : t('check.never')}
        </dd>
        <dt className={styles.term}>{t('check.scopes')}</dt>
        <dd className={styles.value} data-token-scopes>
          {scopes ?? t('check.noScopes')}
        </dd>
        {checked && (
          <>
            <dt className={styles.term}>{t('check.checkedAt')}</dt>
            <dd className={styles.value}>{format.dateTime(checked)}</dd>
          </>
        )}
      </dl>
    </InfoDialog>
  );
}
