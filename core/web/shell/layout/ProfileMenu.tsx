import { useState, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Button, Divider, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import {
  ChatRegular,
  ChevronDownRegular,
  PersonRegular,
  QuestionCircleRegular,
  SettingsRegular,
  SignOutRegular,
  type FluentIcon,
} from '@fluentui/react-icons';
import { ProfileMenuItemToken } from '../../kernel/contributions';
import { useInjection } from '../../react/container-context';
import { AuthService } from '../../services/auth-service';
import { SessionStore } from '../../services/session-store';
import { HelpDialog } from './HelpDialog';
import { TopBarPopup } from './TopBarPopup';
import { UserInitials } from './UserInitials';
import { useMountedOnce } from './use-mounted-once';
import { useSlotItems } from './use-slot-items';

const useStyles = makeStyles({
  trigger: {
    maxWidth: '280px',
    paddingLeft: tokens.spacingHorizontalXS,
    gap: tokens.spacingHorizontalS,
    fontWeight: tokens.fontWeightRegular,
  },
  who: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', minWidth: 0, textAlign: 'start' },
  ellipsis: { maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  email: { color: tokens.colorNeutralForeground3 },
  surface: {
    width: '280px',
    padding: tokens.spacingVerticalS,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
  },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, padding: tokens.spacingHorizontalS },
  row: {
    boxSizing: 'border-box',
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    width: '100%',
    minHeight: '36px',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    border: 'none',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: 'transparent',
    color: tokens.colorNeutralForeground1,
    fontFamily: 'inherit',
    fontSize: tokens.fontSizeBase300,
    textAlign: 'start',
    textDecorationLine: 'none',
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  rowIcon: { fontSize: '20px', color: tokens.colorNeutralForeground2 },
  divider: { margin: `${tokens.spacingVerticalXS} 0` },
});

function RowContent({ icon: Icon, children }: { icon: FluentIcon; children: ReactNode }) {
  const styles = useStyles();
  return (
    <>
      <Icon className={styles.rowIcon} />
      <span>{children}</span>
    </>
  );
}

const LINKS: readonly { readonly id: string; readonly path: string; readonly icon: FluentIcon }[] = [
  { id: 'myProfile', path: '/profile', icon: PersonRegular },
  { id: 'messages', path: '/dashboards/messaging', icon: ChatRegular },
];

/**
 * The signed-in user (name and e-mail) opening a panel of My profile, Messages, Help, Settings,
 * the plugins' profile items and Logout. A panel of links and buttons rather than an ARIA menu:
 * the entries are places and actions of different kinds, and each keeps its native role (Logout
 * stays a button).
 */
export const ProfileMenu = observer(function ProfileMenu() {
  const { t } = useTranslation();
  const styles = useStyles();
  const session = useInjection(SessionStore);
  const auth = useInjection(AuthService);
  const navigate = useNavigate();
  const slotItems = useSlotItems(ProfileMenuItemToken, 'profileMenu');
  const [open, setOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const helpMounted = useMountedOnce(helpOpen);
  const username = session.user?.username ?? '';
  const email = session.user?.email ?? '';

  const signOut = async () => {
    setOpen(false);
    await auth.signOut();
    navigate('/login', { replace: true });
  };

  const link = (id: string, path: string, icon: FluentIcon) => (
    <Link key={id} to={path} className={styles.row} onClick={() => setOpen(false)}>
      <RowContent icon={icon}>{t(`shell.profile.${id}`)}</RowContent>
    </Link>
  );

  return (
    <>
      <TopBarPopup
        open={open}
        onOpenChange={setOpen}
        label={t('shell.profile.menu')}
        className={styles.surface}
        trigger={(props) => (
          <Button
            {...props}
            appearance="subtle"
            className={styles.trigger}
            data-testid="profile-menu-trigger"
            icon={<ChevronDownRegular />}
            iconPosition="after"
          >
            <UserInitials name={username} size={32} />
            <span className={styles.who}>
              <Text weight="semibold" className={styles.ellipsis}>
                {username}
              </Text>
              <Text size={200} className={mergeClasses(styles.ellipsis, styles.email)}>
                {email}
              </Text>
            </span>
          </Button>
        )}
      >
        <div className={styles.header}>
          <UserInitials name={username} size={40} />
          <span className={styles.who}>
            <Text weight="semibold" className={styles.ellipsis}>
              {username}
            </Text>
            <Text size={200} className={mergeClasses(styles.ellipsis, styles.email)}>
              {email}
            </Text>
          </span>
        </div>
        <Divider className={styles.divider} />
        {LINKS.map(({ id, path, icon }) => link(id, path, icon))}
        <button
          type="button"
          className={styles.row}
          onClick={() => {
            setOpen(false);
            setHelpOpen(true);
          }}
        >
          <RowContent icon={QuestionCircleRegular}>{t('shell.profile.help')}</RowContent>
        </button>
        {link('settings', '/settings', SettingsRegular)}
        {slotItems.map(({ id, component: Item }) => (
          <Item key={id} />
        ))}
        <Divider className={styles.divider} />
        <button type="button" className={styles.row} onClick={() => void signOut()}>
          <RowContent icon={SignOutRegular}>{t('shell.logout')}</RowContent>
        </button>
      </TopBarPopup>
      {helpMounted && <HelpDialog open={helpOpen} onClose={() => setHelpOpen(false)} />}
    </>
  );
});
