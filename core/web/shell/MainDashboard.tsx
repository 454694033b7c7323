import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Card, CardHeader, Text, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { DashboardWidgetToken } from '../kernel/contributions';
import { useInjection } from '../react/container-context';
import { SessionStore } from '../services/session-store';
import { useSlotItems } from './layout/use-slot-items';
import { useNavigation } from './use-navigation';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: tokens.spacingHorizontalL },
  list: { margin: 0, padding: 0, listStyleType: 'none', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  link: {
    color: tokens.colorBrandForegroundLink,
    textDecorationLine: 'none',
    ':hover': { textDecorationLine: 'underline', color: tokens.colorBrandForegroundLinkHover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, borderRadius: tokens.borderRadiusSmall },
  },
});

/** The landing page: a greeting, the screens this user may open, and the plugins' widgets. */
export const MainDashboard = observer(function MainDashboard() {
  const { t } = useTranslation();
  const styles = useStyles();
  const session = useInjection(SessionStore);
  const groups = useNavigation();
  const widgets = useSlotItems(DashboardWidgetToken, 'dashboard');

  return (
    <div className={styles.page}>
      <Title2 as="h1">{t('dashboard.greeting', { name: session.user?.username ?? '' })}</Title2>
      <Text as="h2" size={500} weight="semibold">
        {t('dashboard.yourAreas')}
      </Text>
      {groups.length === 0 ? (
        <Text>{t('dashboard.noAreas')}</Text>
      ) : (
        <div className={styles.grid}>
          {groups.map(({ group, entries }) => (
            <Card key={group}>
              <CardHeader header={<Text weight="semibold">{t(`groups.${group}`, { defaultValue: group })}</Text>} />
              <ul className={styles.list}>
                {entries.map((entry) => (
                  <li key={`${entry.pluginId}.${entry.id}`}>
                    <Link className={styles.link} to={entry.path}>
                      {t(entry.labelKey)}
                    </Link>
                  </li>
                ))}
              </ul>
            </Card>
          ))}
        </div>
      )}
      {widgets.map(({ id, component: Widget }) => (
        <Widget key={id} />
      ))}
    </div>
  );
});
