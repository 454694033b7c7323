import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Text, Title2 } from '@fluentui/react-components';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div>
      <Title2 as="h1">{t('notFound.title')}</Title2>
      <Text as="p">{t('notFound.text')}</Text>
      <Link to="/dashboard/main">{t('notFound.home')}</Link>
    </div>
  );
}
