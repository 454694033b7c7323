import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Badge, Button, CounterBadge, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AlertRegular, CalendarLtrRegular, MoneyRegular, PersonAddRegular, ShieldRegular, type FluentIcon } from '@fluentui/react-icons';
import { TopBarPopup } from './TopBarPopup';

interface SampleNotification {
  readonly id: string;
  readonly icon: FluentIcon;
}

/**
 * Spec §2 asks for static sample entries: there is no notification service yet. They are labelled
 * as samples in the panel so nobody mistakes them for real events.
 */
const SAMPLES: readonly SampleNotification[] = [
  { id: 'newUser', icon: PersonAddRegular },
  { id: 'payment', icon: MoneyRegular },
  { id: 'certificate', icon: ShieldRegular },
  { id: 'report', icon: CalendarLtrRegular },
];

const useStyles = makeStyles({
  anchor: { position: 'relative', display: 'inline-flex' },
  count: { position: 'absolute', top: '-2px', right: '-2px', pointerEvents: 'none' },
  surface: { width: '360px', display: 'flex', flexDirection: 'column' },
  header: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL} ${tokens.spacingVerticalXS}`,
  },
  note: { padding: `0 ${tokens.spacingHorizontalL} ${tokens.spacingVerticalS}`, color: tokens.colorNeutralForeground3 },
  list: { listStyleType: 'none', margin: 0, padding: 0, borderTop: `1px solid ${tokens.colorNeutralStroke2}` },
  item: {
    display: 'flex',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  icon: {
    flexShrink: 0,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '32px',
    height: '32px',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
    fontSize: '18px',
  },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  time: { color: tokens.colorNeutralForeground3 },
  footer: { padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`, textAlign: 'center' },
  footerLink: {
    color: tokens.colorBrandForeground1,
    textDecorationLine: 'none',
    ':hover': { textDecorationLine: 'underline' },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, borderRadius: tokens.borderRadiusSmall },
  },
});

/** The top bar's bell: a panel of sample notifications and the way to the notifications page. */
export function NotificationsMenu() {
  const { t } = useTranslation();
  const styles = useStyles();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  return (
    <span className={styles.anchor}>
      <TopBarPopup
        open={open}
        onOpenChange={setOpen}
        labelledBy={titleId}
        className={styles.surface}
        trigger={(props) => <Button {...props} appearance="subtle" icon={<AlertRegular />} aria-label={t('shell.notifications.open')} />}
      >
        <div className={styles.header}>
          <Text id={titleId} weight="semibold" size={400}>
            {t('shell.notifications.title')}
          </Text>
          <Badge appearance="tint" color="informative">
            {t('shell.notifications.sampleBadge')}
          </Badge>
        </div>
        <Text size={200} className={styles.note}>
          {t('shell.notifications.sampleNote')}
        </Text>
        <ul className={styles.list} aria-labelledby={titleId}>
          {SAMPLES.map(({ id, icon: Icon }) => (
            <li key={id} className={styles.item} data-testid="sample-notification">
              <span className={styles.icon}>
                <Icon />
              </span>
              <span className={styles.body}>
                <Text weight="semibold">{t(`shell.notifications.samples.${id}.title`)}</Text>
                <Text size={200}>{t(`shell.notifications.samples.${id}.text`)}</Text>
                <Text size={100} className={styles.time}>
                  {t(`shell.notifications.samples.${id}.time`)}
                </Text>
              </span>
            </li>
          ))}
        </ul>
        <div className={styles.footer}>
          <Link to="/notifications" className={styles.footerLink} onClick={() => setOpen(false)}>
            {t('shell.notifications.viewAll')}
          </Link>
        </div>
      </TopBarPopup>
      {/* The count is in the panel's list; read aloud here it would only repeat it. */}
      <CounterBadge count={SAMPLES.length} size="small" className={styles.count} aria-hidden="true" />
    </span>
  );
}
