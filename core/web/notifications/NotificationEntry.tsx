import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useLocaleFormat } from '../react/use-locale-format';
import { NotificationIcon } from './NotificationIcon';
import type { NotificationItem } from '@core/shared/notifications';
import { relativeTime } from './relative-time';

const useStyles = makeStyles({
  row: {
    display: 'flex',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalS,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  unreadRow: { backgroundColor: tokens.colorNeutralBackground2 },
  open: {
    flexGrow: 1,
    minWidth: 0,
    display: 'flex',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    border: 'none',
    margin: 0,
    backgroundColor: 'transparent',
    color: tokens.colorNeutralForeground1,
    font: 'inherit',
    textAlign: 'start',
    textDecorationLine: 'none',
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  plain: { cursor: 'default', ':hover': { backgroundColor: 'transparent' } },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0, flexGrow: 1 },
  titleLine: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  title: { overflowWrap: 'anywhere' },
  text: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  clamp: { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' },
  meta: { color: tokens.colorNeutralForeground3 },
  dot: {
    flexShrink: 0,
    width: '8px',
    height: '8px',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorBrandBackground,
  },
  hidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
  actions: { display: 'flex', alignItems: 'center', alignSelf: 'center', paddingRight: tokens.spacingHorizontalM },
});

/** The link as an app path (`/proxies/12`); anything else (another site, a script URL) is not followed. */
export function appPath(link: string | null): string | null {
  return link !== null && link.startsWith('/') && !link.startsWith('//') ? link : null;
}

export interface NotificationEntryProps {
  readonly item: NotificationItem;
  /** The bell's form: the text cut to two lines, no source. */
  readonly compact?: boolean;
  /** Called when the entry is opened (its link followed, or pressed when it has none). */
  readonly onOpen: () => void;
  /** Buttons beside the entry (never inside its link). */
  readonly actions?: ReactNode;
}

/**
 * One notification: severity icon, title, text, source and relative time in the reader's
 * language, an unread dot. The whole entry is its link; one without a link is a button that marks it read.
 */
export function NotificationEntry({ item, compact = false, onOpen, actions }: NotificationEntryProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const format = useLocaleFormat();
  const unread = item.read_at === null;
  const when = relativeTime(item.created_at, new Date(), format.locale);
  const path = appPath(item.link);

  const content = (
    <>
      <NotificationIcon severity={item.severity} />
      <span className={styles.body}>
        <span className={styles.titleLine}>
          {unread && <span className={styles.dot} data-unread-marker="" aria-hidden="true" />}
          <Text weight={unread ? 'semibold' : 'regular'} className={styles.title}>
            {unread && <span className={styles.hidden}>{`${t('notifications.unread')}: `}</span>}
            {item.severity !== 'info' && (
              <span className={styles.hidden}>{`${t(`notifications.severity.${item.severity}`)}: `}</span>
            )}
            {item.title}
          </Text>
        </span>
        {item.text && (
          <Text size={200} className={mergeClasses(styles.text, compact && styles.clamp)}>
            {item.text}
          </Text>
        )}
        <Text size={100} className={styles.meta}>
          <time dateTime={item.created_at} title={format.dateTime(item.created_at)}>
            {when}
          </time>
          {!compact && ` · ${item.source_label}`}
        </Text>
      </span>
    </>
  );

  return (
    <div
      className={mergeClasses(styles.row, unread && styles.unreadRow)}
      data-notification-id={item.id}
      data-read={unread ? 'false' : 'true'}
    >
      {path ? (
        <Link to={path} className={styles.open} onClick={onOpen}>
          {content}
        </Link>
      ) : (
        <button type="button" className={mergeClasses(styles.open, !unread && styles.plain)} onClick={onOpen}>
          {content}
        </button>
      )}
      {actions && <div className={styles.actions}>{actions}</div>}
    </div>
  );
}
