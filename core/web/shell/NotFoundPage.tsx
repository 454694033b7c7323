import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { Text, Title2, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  // Fluent's Title2 and Text are inline: without a column they ran into one line.
  page: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalM,
    maxWidth: '640px',
  },
  text: { margin: 0, color: tokens.colorNeutralForeground2 },
  link: {
    color: tokens.colorBrandForegroundLink,
    textDecorationLine: 'none',
    ':hover': { textDecorationLine: 'underline', color: tokens.colorBrandForegroundLinkHover },
  },
});

export function NotFoundPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={styles.page}>
      <Title2 as="h1">{t('notFound.title')}</Title2>
      <Text as="p" size={400} className={styles.text}>
        {t('notFound.text')}
      </Text>
      <RouterLink className={styles.link} to="/dashboard/main">
        {t('notFound.home')}
      </RouterLink>
    </div>
  );
}
