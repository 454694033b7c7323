import { useEffect, useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import {
  Button,
  Field,
  Input,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Title2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { useInjection } from '@core/web/react/container-context';
import { I18nService } from '@core/web/services/i18n-service';
import { ArticlesStore } from './articles-store';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  form: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'flex-end', flexWrap: 'wrap' },
  footer: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center' },
});

export const ArticlesPage = observer(function ArticlesPage() {
  const { t } = useTranslation('admin');
  const store = useInjection(ArticlesStore);
  const i18n = useInjection(I18nService);
  const styles = useStyles();
  const [url, setUrl] = useState('');
  const [externalId, setExternalId] = useState('');
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    void store.load(1);
  }, [store]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (url.trim() === '' || externalId.trim() === '') {
      setMissing(true);
      return;
    }
    setMissing(false);
    if (await store.create({ url: url.trim(), external_id: externalId.trim() })) {
      setUrl('');
      setExternalId('');
    }
  };

  const page = store.page;
  return (
    <div className={styles.page}>
      <Title2 as="h1">{t('articles.title')}</Title2>
      <form className={styles.form} onSubmit={submit} noValidate>
        <Field label={t('articles.url')} required validationMessage={store.fieldErrors.url?.[0]}>
          <Input value={url} onChange={(_, data) => setUrl(data.value)} type="url" />
        </Field>
        <Field label={t('articles.externalId')} required validationMessage={store.fieldErrors.external_id?.[0]}>
          <Input value={externalId} onChange={(_, data) => setExternalId(data.value)} placeholder="ERP-321" />
        </Field>
        <Button appearance="primary" type="submit">
          {t('articles.add')}
        </Button>
        <Button onClick={() => void store.load(page?.current_page ?? 1)}>{t('articles.refresh')}</Button>
      </form>
      {missing && <Text role="alert">{t('articles.required')}</Text>}
      {store.loading && !page ? (
        <Spinner label={t('articles.loading')} />
      ) : page && page.data.length > 0 ? (
        <>
          <Table aria-label={t('articles.title')}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('articles.externalId')}</TableHeaderCell>
                <TableHeaderCell>{t('articles.url')}</TableHeaderCell>
                <TableHeaderCell>{t('articles.createdAt')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {page.data.map((article) => (
                <TableRow key={article.id}>
                  <TableCell>{article.external_id}</TableCell>
                  <TableCell>{article.url}</TableCell>
                  <TableCell>{i18n.formatDate(article.created_at)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <div className={styles.footer}>
            <Button
              icon={<ChevronLeftRegular />}
              aria-label={t('articles.previous')}
              disabled={page.current_page <= 1}
              onClick={() => void store.load(page.current_page - 1)}
            />
            <Text>{t('articles.page', { page: page.current_page, pages: page.last_page })}</Text>
            <Button
              icon={<ChevronRightRegular />}
              aria-label={t('articles.next')}
              disabled={page.current_page >= page.last_page}
              onClick={() => void store.load(page.current_page + 1)}
            />
          </div>
        </>
      ) : (
        <Text>{t('articles.empty')}</Text>
      )}
    </div>
  );
});
