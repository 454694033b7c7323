import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  Card,
  CardHeader,
  Checkbox,
  MessageBar,
  MessageBarBody,
  Spinner,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { AlertRegular, SaveRegular } from '@fluentui/react-icons';
import { DataView } from '../react/DataView';
import { useInjection } from '../react/container-context';
import { useData } from '../react/use-data';
import { serverMessage } from '../resource/resource-feedback';
import type {
  NotificationPreferences as Preferences,
  NotificationPreferencesChange,
  NotificationSourcePreference,
} from '@core/shared/notifications';
import { NotificationsStore } from './notifications-store';

const useStyles = makeStyles({
  icon: { fontSize: '20px', color: tokens.colorBrandForeground1 },
  muted: { color: tokens.colorNeutralForeground3 },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  table: { maxWidth: '760px' },
  check: { width: '200px' },
  optIn: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
});

type SaveState =
  | { readonly kind: 'idle' }
  | { readonly kind: 'saving' }
  | { readonly kind: 'saved' }
  | { readonly kind: 'failed'; readonly message: string };

function changeOf(
  sources: readonly NotificationSourcePreference[],
  superadmin: boolean,
  optIn: boolean,
): NotificationPreferencesChange {
  const bySource = Object.fromEntries(
    sources.map((source) => [source.id, { receive: source.receive, via_bot: source.via_bot }]),
  );
  return superadmin ? { sources: bySource, superadmin_opt_in: optIn } : { sources: bySource };
}

function PreferencesForm({ saved, onSaved }: { saved: Preferences; onSaved: (next: Preferences) => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const store = useInjection(NotificationsStore);
  const optInHint = useId();
  const [sources, setSources] = useState(saved.sources);
  const [optIn, setOptIn] = useState(saved.superadmin_opt_in);
  const [save, setSave] = useState<SaveState>({ kind: 'idle' });

  const change = (id: string, part: Partial<Pick<NotificationSourcePreference, 'receive' | 'via_bot'>>) => {
    setSave({ kind: 'idle' });
    setSources((before) => before.map((source) => (source.id === id ? { ...source, ...part } : source)));
  };

  const submit = async () => {
    setSave({ kind: 'saving' });
    try {
      const answer = await store.api.savePreferences(changeOf(sources, saved.superadmin, optIn));
      setSources(answer.sources);
      setOptIn(answer.superadmin_opt_in);
      onSaved(answer);
      setSave({ kind: 'saved' });
    } catch (error) {
      setSave({
        kind: 'failed',
        message: t('notifications.preferences.saveFailed', { message: serverMessage(error) ?? t('errors.generic') }),
      });
    }
  };

  return (
    <div className={styles.body}>
      {!saved.bot_available && (
        <MessageBar intent="info">
          <MessageBarBody>{t('notifications.preferences.botUnavailable')}</MessageBarBody>
        </MessageBar>
      )}
      {sources.length === 0 ? (
        <Text className={styles.muted}>{t('notifications.preferences.noSources')}</Text>
      ) : (
        <Table className={styles.table} size="small" aria-label={t('notifications.preferences.title')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('notifications.preferences.source')}</TableHeaderCell>
              <TableHeaderCell className={styles.check}>{t('notifications.preferences.receive')}</TableHeaderCell>
              <TableHeaderCell className={styles.check}>{t('notifications.preferences.viaBot')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {sources.map((source) => (
              <TableRow key={source.id} data-source={source.id}>
                <TableCell>{source.label}</TableCell>
                <TableCell className={styles.check}>
                  <Switch
                    checked={source.receive}
                    aria-label={`${t('notifications.preferences.receive')}: ${source.label}`}
                    onChange={(_, data) =>
                      change(source.id, data.checked ? { receive: true } : { receive: false, via_bot: false })
                    }
                  />
                </TableCell>
                <TableCell className={styles.check}>
                  <Checkbox
                    checked={source.via_bot && source.receive}
                    disabled={!saved.bot_available || !source.receive}
                    aria-label={`${t('notifications.preferences.viaBot')}: ${source.label}`}
                    onChange={(_, data) => change(source.id, { via_bot: data.checked === true })}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {saved.superadmin && (
        <div className={styles.optIn}>
          <Switch
            checked={optIn}
            label={t('notifications.preferences.superadminOptIn')}
            aria-describedby={optInHint}
            onChange={(_, data) => {
              setSave({ kind: 'idle' });
              setOptIn(data.checked);
            }}
          />
          <Text id={optInHint} size={200} className={styles.muted}>
            {t('notifications.preferences.superadminHint')}
          </Text>
        </div>
      )}
      {save.kind === 'saved' && (
        <MessageBar intent="success">
          <MessageBarBody>{t('notifications.preferences.saved')}</MessageBarBody>
        </MessageBar>
      )}
      {save.kind === 'failed' && (
        <MessageBar intent="error">
          <MessageBarBody>{save.message}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.actions}>
        <Button
          appearance="primary"
          icon={save.kind === 'saving' ? <Spinner size="tiny" /> : <SaveRegular />}
          disabled={save.kind === 'saving'}
          onClick={() => void submit()}
        >
          {t('notifications.preferences.save')}
        </Button>
      </div>
    </div>
  );
}

/**
 * The profile's notification preferences: per source whether to receive it and whether the
 * messenger's bot delivers it too (only where the bot can), and a superadmin's opt-in to what is
 * addressed to holders of a code.
 */
export function NotificationPreferencesCard({ className }: { readonly className?: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const store = useInjection(NotificationsStore);
  const preferences = useData((signal) => store.api.preferences(signal), [store]);
  // What the last save answered (the stored preferences), over what was read.
  const [saved, setSaved] = useState<Preferences | null>(null);

  return (
    <Card className={className} data-testid="notification-preferences">
      <CardHeader
        image={<AlertRegular className={styles.icon} aria-hidden />}
        header={
          <Text as="h2" size={500} weight="semibold">
            {t('notifications.preferences.title')}
          </Text>
        }
        description={<Text className={styles.muted}>{t('notifications.preferences.hint')}</Text>}
      />
      <DataView data={preferences} errorText={() => t('notifications.preferences.loadFailed')}>
        {(loaded) => <PreferencesForm saved={saved ?? loaded} onSaved={setSaved} />}
      </DataView>
    </Card>
  );
}
