import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Button, ProgressBar, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useInjection } from '../react/container-context';
import { I18nService } from '../services/i18n-service';
import type { ResourceListStore } from './resource-list-store';

const useStyles = makeStyles({
  progress: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  bar: { flexGrow: 1 },
});

function formatBytes(bytes: number, i18n: I18nService): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${i18n.formatNumber(bytes / 1024, { maximumFractionDigits: 1 })} KB`;
  return `${i18n.formatNumber(bytes / 1024 / 1024, { maximumFractionDigits: 1 })} MB`;
}

/** The CSV export under way: rows (or bytes) so far, and a cancel button; nothing when idle. */
export const ExportProgress = observer(function ExportProgress({
  store,
}: {
  readonly store: Pick<ResourceListStore, 'exporting' | 'cancelExport'>;
}) {
  const { t } = useTranslation('core');
  const i18n = useInjection(I18nService);
  const styles = useStyles();
  const exporting = store.exporting;
  if (!exporting) return null;
  return (
    <div className={styles.progress} role="status">
      <ProgressBar
        className={styles.bar}
        value={exporting.fraction ?? undefined}
        max={1}
        thickness="large"
        aria-label={t('resource.toolbar.export')}
      />
      <Text>
        {exporting.totalRows !== null
          ? t('resource.export.rows', {
              rows: i18n.formatNumber(exporting.rows),
              total: i18n.formatNumber(exporting.totalRows),
            })
          : t('resource.export.bytes', { size: formatBytes(exporting.bytes, i18n) })}
      </Text>
      <Button
        appearance="subtle"
        icon={<DismissRegular />}
        aria-label={t('resource.export.cancel')}
        onClick={() => store.cancelExport()}
      />
    </div>
  );
});
