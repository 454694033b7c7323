import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { makeStyles, Text, Title2, tokens } from '@fluentui/react-components';
import { MAIN_PATH } from './paths';

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalM,
    maxWidth: '640px',
  },
  text: { margin: 0 },
  link: {
    color: tokens.colorBrandForegroundLink,
    ':hover': { color: tokens.colorBrandForegroundLinkHover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, borderRadius: tokens.borderRadiusSmall },
  },
});

/**
 * What a plugin page's URL shows to a user without the codes its manifest requires: the host checks
 * before the plugin's code is fetched, so no half-loaded screen and no refused calls.
 */
export function NoAccessPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <section className={styles.page} data-testid="no-access">
      <Title2 as="h1">{t('noAccess.title')}</Title2>
      <Text as="p" className={styles.text}>
        {t('noAccess.text')}
      </Text>
      <Link className={styles.link} to={MAIN_PATH}>
        {t('noAccess.home')}
      </Link>
    </section>
  );
}
