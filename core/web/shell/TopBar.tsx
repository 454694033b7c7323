import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button, Switch, makeStyles, tokens } from '@fluentui/react-components';
import { GridDotsRegular, NavigationRegular } from '@fluentui/react-icons';
import { TopBarItemToken } from '../kernel/contributions';
import { RuntimeConfigToken } from '../kernel/environment';
import { useInjection } from '../react/container-context';
import { ThemeService } from '../services/theme-service';
import { LanguageSwitcher } from './layout/LanguageSwitcher';
import { TOP_BAR_HEIGHT } from './layout/metrics';
import { NotificationsMenu } from './layout/NotificationsMenu';
import { ProfileMenu } from './layout/ProfileMenu';
import { useSlotItems } from './layout/use-slot-items';

const useStyles = makeStyles({
  bar: {
    boxSizing: 'border-box',
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    height: `${TOP_BAR_HEIGHT}px`,
    padding: `0 ${tokens.spacingHorizontalL}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  brand: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    minWidth: 0,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalXS}`,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground1,
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
    textDecorationLine: 'none',
    whiteSpace: 'nowrap',
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  mark: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '28px',
    height: '28px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    fontSize: '18px',
  },
  spacer: { flexGrow: 1 },
  slots: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

export interface TopBarProps {
  readonly sidebarOpen: boolean;
  readonly onToggleSidebar: () => void;
}

/**
 * The top bar: sidebar toggle, product name, the plugins' top-bar items, notifications,
 * dark mode, language and the profile menu.
 */
export const TopBar = observer(function TopBar({ sidebarOpen, onToggleSidebar }: TopBarProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const config = useInjection(RuntimeConfigToken);
  const theme = useInjection(ThemeService);
  const items = useSlotItems(TopBarItemToken, 'topBar');

  return (
    <header className={styles.bar}>
      <Button
        appearance="subtle"
        icon={<NavigationRegular />}
        aria-label={t('shell.toggleSidebar')}
        aria-expanded={sidebarOpen}
        data-sidebar-toggle=""
        onClick={onToggleSidebar}
      />
      <Link to="/dashboard/main" className={styles.brand}>
        <span className={styles.mark} aria-hidden="true">
          <GridDotsRegular />
        </span>
        {config.productName}
      </Link>
      <div className={styles.spacer} />
      {items.length > 0 && (
        <div className={styles.slots} data-testid="top-bar-items">
          {items.map(({ id, component: Item }) => (
            <Item key={id} />
          ))}
        </div>
      )}
      <NotificationsMenu />
      <Switch label={t('shell.darkMode')} checked={theme.scheme === 'dark'} onChange={() => theme.toggle()} />
      <LanguageSwitcher />
      <ProfileMenu />
    </header>
  );
});
