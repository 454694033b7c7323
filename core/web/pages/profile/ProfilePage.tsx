import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import {
  Avatar,
  Badge,
  Button,
  Card,
  CardHeader,
  Link,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Spinner,
  Text,
  Title2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import {
  BotRegular,
  ChatRegular,
  CheckmarkCircleFilled,
  LinkRegular,
  ShieldKeyholeRegular,
} from '@fluentui/react-icons';
import type { DataEnvelope } from '@core/shared/envelopes';
import type { SessionUser } from '@core/shared/session-user';
import { HttpClients } from '../../http/http-clients';
import { HttpError } from '../../http/http-error';
import { useInjection } from '../../react/container-context';
import { SessionStore } from '../../services/session-store';
import { NotificationPreferencesCard } from '../../notifications/NotificationPreferences';
import { ChatLinkFlow } from './chat-link-flow';
import { usePermissionCatalogue } from '../../plugins/use-permission-catalogue';
import { OTHER_AREA, permissionAreas } from './permission-areas';

/** GET auth/profile: the session user and the chat accounts linked to them. */
export interface UserProfile extends SessionUser {
  readonly mattermost_username: string | null;
  readonly tg_login: string | null;
}

type ProfileState =
  | { readonly kind: 'loading' }
  | { readonly kind: 'ready'; readonly profile: UserProfile }
  | { readonly kind: 'failed'; readonly message: string };

const useStyles = makeStyles({
  // The full width of the content area, as every other screen: a cap here left a gap on the right only.
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL },
  // Two columns (who I am, my linked accounts) wherever they fit, one on narrow windows.
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 420px), 1fr))',
    gap: tokens.spacingHorizontalL,
  },
  wide: { gridColumn: '1 / -1' },
  details: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalXL,
    rowGap: tokens.spacingVerticalM,
    margin: 0,
    alignItems: 'baseline',
  },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, minWidth: 0, overflowWrap: 'anywhere' },
  badges: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  muted: { color: tokens.colorNeutralForeground3 },
  account: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  accountHeading: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  accountIcon: { fontSize: '20px', color: tokens.colorBrandForeground1 },
  linked: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  linkedIcon: { color: tokens.colorPaletteGreenForeground1 },
  separator: { borderTop: `1px solid ${tokens.colorNeutralStroke2}`, margin: `${tokens.spacingVerticalS} 0` },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  areas: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
    gap: tokens.spacingHorizontalL,
  },
  area: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  areaTitle: {
    color: tokens.colorNeutralForeground3,
    textTransform: 'uppercase',
    letterSpacing: '0.04em',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    paddingBottom: tokens.spacingVerticalXS,
  },
  codes: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  code: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  codeBadge: { minWidth: '36px', fontFamily: tokens.fontFamilyMonospace },
});

function useProfile(): { state: ProfileState; reload: () => void; setLinked: (username: string) => void } {
  const { t } = useTranslation();
  const http = useInjection(HttpClients);
  const [state, setState] = useState<ProfileState>({ kind: 'loading' });
  const [round, setRound] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` is the trigger: `reload` bumps it to read again.
  useEffect(() => {
    let current = true;
    setState({ kind: 'loading' });
    http
      .get('auth')
      .get<DataEnvelope<UserProfile>>('auth/profile', { silent: true })
      .then(
        (answer) => current && setState({ kind: 'ready', profile: answer.data }),
        (error: unknown) =>
          current &&
          setState({
            kind: 'failed',
            message: error instanceof HttpError ? error.messages.join(' ') : t('errors.generic'),
          }),
      );
    return () => {
      current = false;
    };
  }, [http, round, t]);

  const setLinked = (username: string) =>
    setState((previous) =>
      previous.kind === 'ready'
        ? { kind: 'ready', profile: { ...previous.profile, mattermost_username: username } }
        : previous,
    );
  return { state, reload: () => setRound((value) => value + 1), setLinked };
}

const ChatLinkSection = observer(function ChatLinkSection({
  flow,
  linkedAs,
}: {
  flow: ChatLinkFlow;
  linkedAs: string | null;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const state = flow.state;

  return (
    <div className={styles.account}>
      <div className={styles.accountHeading}>
        <ChatRegular className={styles.accountIcon} aria-hidden />
        <Text weight="semibold">{t('profile.chat.title')}</Text>
      </div>
      <Text className={styles.muted}>{t('profile.chat.text')}</Text>
      <Text data-testid="chat-link-status" className={styles.linked}>
        {linkedAs ? (
          <>
            <CheckmarkCircleFilled className={styles.linkedIcon} aria-hidden />
            {t('profile.linkedAs', { name: linkedAs })}
          </>
        ) : (
          t('profile.notLinked')
        )}
      </Text>
      {state.kind === 'waiting' && (
        <MessageBar intent="info">
          <MessageBarBody>
            {t('profile.chat.waiting')}{' '}
            {!state.windowOpened && (
              <Link href={state.redirect} target="_blank" rel="noopener noreferrer">
                {t('profile.chat.openWindow')}
              </Link>
            )}
          </MessageBarBody>
        </MessageBar>
      )}
      {state.kind === 'linked' && (
        <MessageBar intent="success">
          <MessageBarBody>{t('profile.chat.done', { name: state.username })}</MessageBarBody>
        </MessageBar>
      )}
      {state.kind === 'notFinished' && (
        <MessageBar intent="warning">
          <MessageBarBody>{t('profile.chat.notFinished')}</MessageBarBody>
          <MessageBarActions>
            <Button size="small" onClick={() => void flow.checkAgain()}>
              {t('profile.chat.checkAgain')}
            </Button>
          </MessageBarActions>
        </MessageBar>
      )}
      {state.kind === 'failed' && (
        <MessageBar intent="error">
          <MessageBarBody>{state.message}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.actions}>
        {state.kind === 'waiting' ? (
          <Button onClick={() => flow.stop()}>{t('profile.chat.stop')}</Button>
        ) : (
          <Button
            appearance={linkedAs ? 'secondary' : 'primary'}
            icon={state.kind === 'starting' ? <Spinner size="tiny" /> : <LinkRegular />}
            disabled={state.kind === 'starting'}
            onClick={() => void flow.start()}
          >
            {linkedAs ? t('profile.chat.relink') : t('profile.chat.link')}
          </Button>
        )}
      </div>
    </div>
  );
});

/** My profile: who I am, what I may do, and the chat accounts linked to me. */
const ProfilePage = observer(function ProfilePage() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const http = useInjection(HttpClients);
  const session = useInjection(SessionStore);
  const catalogue = usePermissionCatalogue();
  const { state, reload, setLinked } = useProfile();
  const [flow] = useState(() => new ChatLinkFlow(http.get('auth'), setLinked, t('errors.generic')));
  useEffect(() => () => flow.dispose(), [flow]);

  if (state.kind === 'loading') return <Spinner label={t('loading')} />;
  if (state.kind === 'failed') {
    return (
      <div className={styles.page}>
        <Title2 as="h1">{t('profile.title')}</Title2>
        <MessageBar intent="error">
          <MessageBarBody>{state.message}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={reload}>{t('errors.retry')}</Button>
          </MessageBarActions>
        </MessageBar>
      </div>
    );
  }

  const { profile } = state;
  const areas = permissionAreas(profile.permissions, catalogue);
  const username = profile.username || session.user?.username || '';

  return (
    <div className={styles.page}>
      <Title2 as="h1">{t('profile.title')}</Title2>
      <div className={styles.grid}>
        <Card>
          <CardHeader
            image={<Avatar name={username} color="colorful" size={48} />}
            header={
              <Text size={500} weight="semibold">
                {username}
              </Text>
            }
            description={<Text className={styles.muted}>{profile.email ?? t('profile.noEmail')}</Text>}
          />
          <dl className={styles.details}>
            <dt className={styles.term}>{t('profile.username')}</dt>
            <dd className={styles.value}>{profile.username}</dd>
            <dt className={styles.term}>{t('profile.email')}</dt>
            <dd className={styles.value}>{profile.email ?? t('profile.noEmail')}</dd>
            <dt className={styles.term}>{t('profile.roles')}</dt>
            <dd className={styles.value}>
              {profile.roles.length === 0 ? (
                <Text className={styles.muted}>{t('profile.noRoles')}</Text>
              ) : (
                <span className={styles.badges}>
                  {profile.roles.map((role) => (
                    <Badge key={role} appearance="tint" color="brand">
                      {role}
                    </Badge>
                  ))}
                </span>
              )}
            </dd>
          </dl>
        </Card>

        <Card>
          <CardHeader
            header={
              <Text size={500} weight="semibold">
                {t('profile.accounts')}
              </Text>
            }
          />
          <ChatLinkSection flow={flow} linkedAs={profile.mattermost_username} />
          <div className={styles.separator} />
          <div className={styles.account}>
            <div className={styles.accountHeading}>
              <BotRegular className={styles.accountIcon} aria-hidden />
              <Text weight="semibold">{t('profile.messenger.title')}</Text>
            </div>
            <Text data-testid="messenger-status">
              {profile.tg_login ? t('profile.linkedAs', { name: profile.tg_login }) : t('profile.notLinked')}
            </Text>
          </div>
        </Card>

        <NotificationPreferencesCard className={styles.wide} />

        <Card className={styles.wide}>
          <CardHeader
            image={<ShieldKeyholeRegular className={styles.accountIcon} aria-hidden />}
            header={
              <Text size={500} weight="semibold">
                {t('profile.permissions')}
              </Text>
            }
            description={<Text className={styles.muted}>{t('profile.permissionsHint')}</Text>}
          />
          {areas.length === 0 ? (
            <Text className={styles.muted}>{t('profile.noPermissions')}</Text>
          ) : (
            <div className={styles.areas}>
              {areas.map(({ area, codes }) => (
                <section
                  key={area}
                  className={styles.area}
                  aria-label={area === OTHER_AREA ? t('profile.otherArea') : t(`groups.${area}`)}
                >
                  <Text size={200} weight="semibold" className={styles.areaTitle}>
                    {area === OTHER_AREA ? t('profile.otherArea') : t(`groups.${area}`)}
                  </Text>
                  <ul className={styles.codes}>
                    {codes.map((code) => (
                      <li key={code} className={styles.code}>
                        <Badge appearance="outline" className={styles.codeBadge}>
                          {code}
                        </Badge>
                        <Text size={200}>{catalogue.describe(code, i18n.language) ?? ''}</Text>
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
            </div>
          )}
        </Card>
      </div>
    </div>
  );
});

export default ProfilePage;
