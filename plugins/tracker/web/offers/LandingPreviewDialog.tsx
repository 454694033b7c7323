import { useTranslation } from 'react-i18next';
import { Link, MessageBar, MessageBarBody, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DataView, HttpClients, InfoDialog, useData, useInjection } from '@core/sdk/web';
import type { ResourceRecord } from '@core/sdk/shared';
import { trackerManifest } from '../../manifest';
import { CopyButton } from '../links/CopyButton';
import { landingPreview, type LandingPreview } from './landing-preview';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  term: { color: tokens.colorNeutralForeground3 },
  url: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalXS },
  urlText: { overflowWrap: 'anywhere', fontFamily: tokens.fontFamilyMonospace },
  params: {
    display: 'grid',
    gridTemplateColumns: 'max-content minmax(0, 1fr)',
    columnGap: tokens.spacingHorizontalL,
    margin: 0,
  },
  pair: { display: 'contents' },
  value: { margin: 0, overflowWrap: 'anywhere', fontFamily: tokens.fontFamilyMonospace },
});

/** One URL of the preview, which `data-url` names (`preview`, `landing`), with its copy button. */
function UrlLine({
  label,
  url,
  kind,
}: {
  readonly label: string;
  readonly url: string;
  readonly kind: 'preview' | 'landing';
}) {
  const styles = useStyles();
  return (
    <div className={styles.section}>
      <Text className={styles.term}>{label}</Text>
      <div className={styles.url}>
        <Text className={styles.urlText} data-url={kind}>
          {url}
        </Text>
        <CopyButton text={url} />
      </div>
    </div>
  );
}

function PreviewBody({ preview }: { readonly preview: LandingPreview }) {
  const { t } = useTranslation('tracker');
  const styles = useStyles();
  if (preview.kind === 'invalidLanding') {
    return (
      <MessageBar intent="warning">
        <MessageBarBody>{t('preview.invalidLanding')}</MessageBarBody>
      </MessageBar>
    );
  }
  if (preview.kind === 'paramsHidden') {
    return (
      <>
        <MessageBar intent="info">
          <MessageBarBody>{t('preview.paramsHidden')}</MessageBarBody>
        </MessageBar>
        <UrlLine label={t('preview.landing')} url={preview.landing} kind="landing" />
      </>
    );
  }
  const params = Object.entries(preview.params);
  return (
    <>
      <Text>{t('preview.intro')}</Text>
      <UrlLine label={t('preview.url')} url={preview.url} kind="preview" />
      <Link href={preview.url} target="_blank" rel="noopener noreferrer">
        {t('preview.open')}
      </Link>
      <UrlLine label={t('preview.landing')} url={preview.landing} kind="landing" />
      <div className={styles.section}>
        <Text className={styles.term}>{t('preview.params', { advertiser: preview.advertiser })}</Text>
        {params.length === 0 ? (
          <Text>{t('preview.noParams')}</Text>
        ) : (
          <dl className={styles.params}>
            {params.map(([key, value]) => (
              <div key={key} className={styles.pair}>
                <dt>{key}</dt>
                <dd className={styles.value}>{value}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </>
  );
}

export interface LandingPreviewDialogProps {
  readonly offer: ResourceRecord;
  readonly onClose: () => void;
}

/** The row menu's "Preview landing URL": what the offer's visitors are sent to once the advertiser's params are merged in. */
export function LandingPreviewDialog({ offer, onClose }: LandingPreviewDialogProps) {
  const { t } = useTranslation('tracker');
  const styles = useStyles();
  const tracker = useInjection(HttpClients).get(trackerManifest.service);
  const preview = useData((signal) => landingPreview(tracker, offer, signal), [tracker, offer]);
  const name = typeof offer.name === 'string' ? offer.name : `#${offer.id}`;
  return (
    <InfoDialog title={t('preview.title', { offer: name })} onClose={onClose} contentClassName={styles.content}>
      <DataView data={preview}>{(found) => <PreviewBody preview={found} />}</DataView>
    </InfoDialog>
  );
}
