import { useEffect, useId, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button, CounterBadge, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AlertRegular, CheckmarkRegular } from '@fluentui/react-icons';
import { NotificationsStore } from '../../notifications/notifications-store';
import { appPath, NotificationEntry } from '../../notifications/NotificationEntry';
import { useInjection } from '../../react/container-context';
import { TopBarPopup } from './TopBarPopup';

/** Above this the badge reads "99+". */
const BADGE_OVERFLOW = 99;

const useStyles = makeStyles({
  anchor: { position: 'relative', display: 'inline-flex' },
  count: { position: 'absolute', top: '-2px', right: '-2px', pointerEvents: 'none' },
  announcer: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
  surface: { width: '380px', maxWidth: 'calc(100vw - 24px)', display: 'flex', flexDirection: 'column' },
  header: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS} ${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  list: { listStyleType: 'none', margin: 0, padding: 0 },
  state: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
    textAlign: 'center',
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalL}`,
    color: tokens.colorNeutralForeground3,
  },
  stateIcon: { fontSize: '32px', color: tokens.colorNeutralForeground4 },
  footer: { padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`, textAlign: 'center' },
  footerLink: {
    color: tokens.colorBrandForeground1,
    textDecorationLine: 'none',
    ':hover': { textDecorationLine: 'underline' },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, borderRadius: tokens.borderRadiusSmall },
  },
});

/**
 * The top bar's bell: the unread count, the newest notifications (each opens its link and is
 * marked read), "Mark all as read" and the way to the full list. It keeps the store connected, so
 * new notifications arrive on every signed-in page.
 */
export const NotificationsMenu = observer(function NotificationsMenu() {
  const { t } = useTranslation();
  const styles = useStyles();
  const titleId = useId();
  const store = useInjection(NotificationsStore);
  const [open, setOpen] = useState(false);
  useEffect(() => store.connect(), [store]);
  // What arrived while the panel was closed may have been missed by a broken stream: opening reads afresh.
  useEffect(() => {
    if (open) void store.refresh();
  }, [open, store]);

  const unread = store.unread;
  const label = unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell');
  const empty = store.status === 'ready' && store.latest.length === 0;
  // What arrived live is read out once; the count alone would not say what happened.
  const arrived = store.arrivals > 0 ? store.latest[0] : undefined;

  return (
    <span className={styles.anchor} data-testid="notifications-bell" data-unread={unread}>
      <TopBarPopup
        open={open}
        onOpenChange={setOpen}
        labelledBy={titleId}
        className={styles.surface}
        trigger={(props) => <Button {...props} appearance="subtle" icon={<AlertRegular />} aria-label={label} />}
      >
        <div className={styles.header}>
          <Text id={titleId} weight="semibold" size={400}>
            {t('notifications.title')}
          </Text>
          <Button appearance="subtle" size="small" icon={<CheckmarkRegular />} disabled={unread === 0} onClick={() => void store.markAllRead()}>
            {t('notifications.markAllRead')}
          </Button>
        </div>
        {store.latest.length > 0 ? (
          <ul className={styles.list} aria-labelledby={titleId}>
            {store.latest.map((item) => (
              <li key={item.id}>
                <NotificationEntry
                  item={item}
                  compact
                  onOpen={() => {
                    void store.markRead(item.id);
                    if (appPath(item.link)) setOpen(false);
                  }}
                />
              </li>
            ))}
          </ul>
        ) : store.status === 'failed' ? (
          <div className={styles.state} role="status">
            <Text>{t('notifications.loadFailed')}</Text>
            <Button size="small" onClick={() => void store.refresh()}>
              {t('notifications.retry')}
            </Button>
          </div>
        ) : empty ? (
          <div className={styles.state} role="status">
            <AlertRegular className={styles.stateIcon} aria-hidden />
            <Text weight="semibold" align="center">
              {t('notifications.empty')}
            </Text>
            <Text size={200} align="center">
              {t('notifications.emptyText')}
            </Text>
          </div>
        ) : (
          <div className={styles.state}>
            <Spinner size="small" label={t('loading')} />
          </div>
        )}
        <div className={styles.footer}>
          <Link to="/notifications" className={styles.footerLink} onClick={() => setOpen(false)}>
            {t('notifications.viewAll')}
          </Link>
        </div>
      </TopBarPopup>
      <span className={styles.announcer} role="status" data-testid="notifications-announcer">
        {arrived ? t('notifications.arrived', { title: arrived.title }) : ''}
      </span>
      {/* The count is in the button's name; read aloud here it would only repeat it. */}
      <CounterBadge count={unread} overflowCount={BADGE_OVERFLOW} size="small" className={styles.count} aria-hidden="true" />
    </span>
  );
});
