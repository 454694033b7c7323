import { useTranslation } from 'react-i18next';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { I18nService, StatusBadge, formatValue, useInjection, type ResourceCellProps } from '@core/sdk/web';
import { WEBHOOK_STATUS_TONES } from '../../shared/resources';
import { webhookReport, type WebhookReport } from './webhook-report';

const useStyles = makeStyles({
  details: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  list: {
    display: 'grid',
    gridTemplateColumns: 'auto minmax(0, 1fr)',
    columnGap: tokens.spacingHorizontalS,
    rowGap: tokens.spacingVerticalXXS,
    margin: 0,
  },
  // A dt and its dd share a div (valid in a dl) and still sit in the grid's two columns.
  pair: { display: 'contents' },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, overflowWrap: 'anywhere' },
});

/** The report's facts as label and value, leaving out what the messenger has not reported. */
function useDetailRows(report: WebhookReport): readonly (readonly [string, string])[] {
  const { t } = useTranslation('messenger');
  const i18n = useInjection(I18nService);
  const rows: [string, string][] = [];
  if (report.url) rows.push([t('fields.webhookUrl'), report.url]);
  if (report.pending !== null) rows.push([t('fields.webhookPending'), i18n.formatNumber(report.pending)]);
  if (report.error) rows.push([t('fields.webhookError'), report.error]);
  if (report.errorAt) rows.push([t('fields.webhookErrorAt'), i18n.format.dateTime(report.errorAt)]);
  if (report.checkedAt) rows.push([t('fields.webhookCheckedAt'), i18n.format.dateTime(report.checkedAt)]);
  return rows;
}

function WebhookDetails({ report }: { readonly report: WebhookReport }) {
  const { t } = useTranslation('messenger');
  const styles = useStyles();
  const rows = useDetailRows(report);
  return (
    <div className={styles.details}>
      <Text weight="semibold">{t(`webhook.meanings.${report.status}`)}</Text>
      {rows.length > 0 && (
        <dl className={styles.list}>
          {rows.map(([term, value]) => (
            <div key={term} className={styles.pair}>
              <dt className={styles.term}>{term}</dt>
              <dd className={styles.value}>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {!report.checkedAt && <Text>{t('webhook.neverChecked')}</Text>}
    </div>
  );
}

/**
 * The webhook status column: a badge of the status's declared tone, its details (address, pending updates,
 * last error, when it was checked) in a tooltip shown on hover and on keyboard focus, and read
 * out as the badge's description by screen readers.
 */
export function WebhookStatusCell({ record, field }: ResourceCellProps) {
  const i18n = useInjection(I18nService);
  const report = webhookReport(record);
  return (
    <StatusBadge
      color={WEBHOOK_STATUS_TONES[report.status]}
      details={<WebhookDetails report={report} />}
      data={{ 'data-webhook-status': report.status }}
    >
      {formatValue(field, report.status, i18n)}
    </StatusBadge>
  );
}
