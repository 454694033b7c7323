import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import {
  Badge,
  Card,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  Title2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import type { DataEnvelope } from '@core/sdk/shared';
import { HttpClients, I18nService, useInjection } from '@core/sdk/web';
import { NOTES_SERVICE, type NotesSummary } from '../shared/notes';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '720px' },
  figures: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
    gap: tokens.spacingHorizontalL,
  },
  figure: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  value: {
    fontSize: tokens.fontSizeHero800,
    lineHeight: tokens.lineHeightHero800,
    fontWeight: tokens.fontWeightSemibold,
  },
});

/**
 * The interface language as the host's own MobX store holds it. Its own observer with no props and
 * no translation hook, so only a change of that store re-renders it: one MobX across host and plugin.
 */
const HostLanguage = observer(function HostLanguage() {
  const i18n = useInjection(I18nService);
  return (
    <Badge appearance="tint" data-testid="notes-host-language">
      {i18n.language}
    </Badge>
  );
});

type Summary =
  | { readonly state: 'loading' }
  | { readonly state: 'ready'; readonly summary: NotesSummary }
  | { readonly state: 'failed' };

/** `/notes-overview` (NOTES): how many notes there are and how many are pinned, from the plugin's own route. */
export const NotesOverviewPage = observer(function NotesOverviewPage() {
  const { t } = useTranslation('notes');
  const styles = useStyles();
  const http = useInjection(HttpClients);
  const [summary, setSummary] = useState<Summary>({ state: 'loading' });

  useEffect(() => {
    let current = true;
    http
      .get(NOTES_SERVICE)
      .get<DataEnvelope<NotesSummary>>('summary')
      .then(
        (answer) => current && setSummary({ state: 'ready', summary: answer.data }),
        () => current && setSummary({ state: 'failed' }),
      );
    return () => {
      current = false;
    };
  }, [http]);

  return (
    <section className={styles.page}>
      <Title2 as="h1">{t('nav.overview')}</Title2>
      <Text>
        {t('overview.language')} <HostLanguage />
      </Text>
      {summary.state === 'loading' ? <Spinner size="small" label={t('overview.loading')} /> : null}
      {summary.state === 'failed' ? (
        <MessageBar intent="error">
          <MessageBarBody>{t('overview.failed')}</MessageBarBody>
        </MessageBar>
      ) : null}
      {summary.state === 'ready' ? (
        <div className={styles.figures}>
          <Card className={styles.figure}>
            <Text>{t('overview.total')}</Text>
            <Text className={styles.value} data-testid="notes-total">
              {summary.summary.total}
            </Text>
          </Card>
          <Card className={styles.figure}>
            <Text>{t('overview.pinned')}</Text>
            <Text className={styles.value} data-testid="notes-pinned">
              {summary.summary.pinned}
            </Text>
          </Card>
        </div>
      ) : null}
    </section>
  );
});
