import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AlertRegular, CheckmarkRegular } from '@fluentui/react-icons';
import { NotificationsStore } from './notifications-store';
import { appPath, NotificationEntry } from './NotificationEntry';
import { useInjection } from '../react/container-context';

const useStyles = makeStyles({
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

export interface NotificationsPanelProps {
  /** The bell's title element's id, which names the panel. */
  readonly titleId: string;
  /** Closes the bell's panel (a link was followed). */
  readonly onClose: () => void;
}

/**
 * What the bell's panel shows: the newest notifications (each opens its link and is marked read),
 * "Mark all as read" and the way to the full list. Loaded when the bell first opens, so a page's
 * first download carries only the bell and its count.
 */
const NotificationsPanel = observer(function NotificationsPanel({ titleId, onClose }: NotificationsPanelProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const store = useInjection(NotificationsStore);
  const unread = store.unread;
  const empty = store.status === 'ready' && store.latest.length === 0;
  return (
    <>
      <div className={styles.header}>
        <Text id={titleId} weight="semibold" size={400}>
          {t('notifications.title')}
        </Text>
        <Button
          appearance="subtle"
          size="small"
          icon={<CheckmarkRegular />}
          disabled={unread === 0}
          onClick={() => void store.markAllRead()}
        >
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
                  if (appPath(item.link)) onClose();
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
        <Link to="/notifications" className={styles.footerLink} onClick={onClose}>
          {t('notifications.viewAll')}
        </Link>
      </div>
    </>
  );
});

export default NotificationsPanel;
