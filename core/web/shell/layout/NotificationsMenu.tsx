import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Button, CounterBadge, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { AlertRegular } from '@fluentui/react-icons';
import { NotificationsStore } from '../../notifications/notifications-store';
import { useInjection } from '../../react/container-context';
import { TopBarPopup } from './TopBarPopup';

const NotificationsPanel = lazy(
  () => import(/* webpackChunkName: "notifications-panel" */ '../../notifications/NotificationsPanel'),
);

/** Above this the badge reads "99+". */
const BADGE_OVERFLOW = 99;

const useStyles = makeStyles({
  anchor: { position: 'relative', display: 'inline-flex' },
  count: { position: 'absolute', top: '-2px', right: '-2px', pointerEvents: 'none' },
  announcer: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
  surface: { width: '380px', maxWidth: 'calc(100vw - 24px)', display: 'flex', flexDirection: 'column' },
  loading: {
    display: 'flex',
    justifyContent: 'center',
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalL}`,
  },
});

/**
 * The top bar's bell: the unread count and its panel (NotificationsPanel, loaded on first open). It
 * keeps the store connected, so new notifications arrive on every signed-in page.
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
        <Suspense
          fallback={
            <div className={styles.loading}>
              <Spinner size="small" label={t('loading')} />
            </div>
          }
        >
          <NotificationsPanel titleId={titleId} onClose={() => setOpen(false)} />
        </Suspense>
      </TopBarPopup>
      <span className={styles.announcer} role="status" data-testid="notifications-announcer">
        {arrived ? t('notifications.arrived', { title: arrived.title }) : ''}
      </span>
      {/* The count is in the button's name; read aloud here it would only repeat it. */}
      <CounterBadge
        count={unread}
        overflowCount={BADGE_OVERFLOW}
        size="small"
        className={styles.count}
        aria-hidden="true"
      />
    </span>
  );
});
