import { NavLink } from 'react-router-dom';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import type { SidebarGroup } from '../plugins/navigation';

const useStyles = makeStyles({
  nav: {
    width: '280px',
    flexShrink: 0,
    overflowY: 'auto',
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalS}`,
    borderRight: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, marginBottom: tokens.spacingVerticalL },
  heading: {
    padding: `0 ${tokens.spacingHorizontalM}`,
    color: tokens.colorNeutralForeground3,
    textTransform: 'uppercase',
    letterSpacing: '0.04em',
  },
  link: {
    display: 'block',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  active: {
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
    fontWeight: tokens.fontWeightSemibold,
  },
});

/** The sidebar as the manifests and the user's codes allow it. */
export const Sidebar = observer(function Sidebar({ groups }: { groups: readonly SidebarGroup[] }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <nav className={styles.nav} aria-label={t('shell.navigation')}>
      {groups.map(({ group, entries }) => (
        <section key={group} className={styles.group} aria-label={t(`groups.${group}`, { defaultValue: group })}>
          <Text size={200} weight="semibold" className={styles.heading}>
            {t(`groups.${group}`, { defaultValue: group })}
          </Text>
          {entries.map((entry) => (
            <NavLink
              key={`${entry.pluginId}.${entry.id}`}
              to={entry.path}
              className={({ isActive }) => mergeClasses(styles.link, isActive && styles.active)}
            >
              {t(entry.labelKey)}
            </NavLink>
          ))}
        </section>
      ))}
    </nav>
  );
});
