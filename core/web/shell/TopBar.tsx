import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button, Dropdown, Option, Switch, Text, makeStyles, tokens } from '@fluentui/react-components';
import { NavigationRegular, SignOutRegular } from '@fluentui/react-icons';
import { LANGUAGES, type Language } from '@core/shared/runtime-config';
import { RuntimeConfigToken } from '../kernel/environment';
import { useInjection } from '../react/container-context';
import { AuthService } from '../services/auth-service';
import { I18nService } from '../services/i18n-service';
import { SessionStore } from '../services/session-store';
import { ThemeService } from '../services/theme-service';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalL,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  brand: { flexGrow: 1, fontWeight: tokens.fontWeightSemibold },
  user: { display: 'flex', flexDirection: 'column', alignItems: 'flex-end' },
  language: { minWidth: '140px' },
});

export const TopBar = observer(function TopBar({ onToggleSidebar }: { onToggleSidebar: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const config = useInjection(RuntimeConfigToken);
  const session = useInjection(SessionStore);
  const theme = useInjection(ThemeService);
  const i18n = useInjection(I18nService);
  const auth = useInjection(AuthService);
  const navigate = useNavigate();

  const signOut = async () => {
    await auth.signOut();
    navigate('/login', { replace: true });
  };

  return (
    <header className={styles.bar}>
      <Button appearance="subtle" icon={<NavigationRegular />} aria-label={t('shell.toggleSidebar')} onClick={onToggleSidebar} />
      <Text size={400} className={styles.brand}>
        {config.productName}
      </Text>
      <Switch label={t('shell.darkMode')} checked={theme.scheme === 'dark'} onChange={() => theme.toggle()} />
      <Dropdown
        className={styles.language}
        aria-label={t('shell.language')}
        value={t(`languages.${i18n.language}`)}
        selectedOptions={[i18n.language]}
        onOptionSelect={(_, data) => void i18n.setLanguage(data.optionValue as Language)}
      >
        {LANGUAGES.map((language) => (
          <Option key={language} value={language}>
            {t(`languages.${language}`)}
          </Option>
        ))}
      </Dropdown>
      <div className={styles.user}>
        <Text weight="semibold">{session.user?.username}</Text>
        <Text size={200}>{session.user?.email}</Text>
      </div>
      <Button icon={<SignOutRegular />} onClick={() => void signOut()}>
        {t('shell.logout')}
      </Button>
    </header>
  );
});
