import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  MessageBar,
  MessageBarBody,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { localIsoDate, type Money, type ResourceRecord } from '@core/sdk/shared';
import { DateInput, formatMoney, ToastService, useInjection, useLocaleFormat } from '@core/sdk/web';
import { isRecord, type FinanceFailure } from '../finance-result';
import type { ReferenceOption } from '../employees/employee-types';
import { ReferencePicker } from '../ReferencePicker';
import { DraftConvertStore, type ConvertedTransaction } from './draft-convert-store';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}`,
    margin: 0,
  },
  term: { color: tokens.colorNeutralForeground2 },
  value: { margin: 0, overflowWrap: 'anywhere' },
  link: { color: tokens.colorBrandForegroundLink },
});

function moneyOf(value: unknown): Money | null {
  return isRecord(value) && typeof value.amount === 'string' && typeof value.currency === 'string'
    ? { amount: value.amount, currency: value.currency }
    : null;
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

export interface ConvertDraftDialogProps {
  /** The draft to convert; null while closed. */
  readonly draft: ResourceRecord | null;
  readonly onClose: () => void;
  /** Called once the draft became a transaction, so the list can reload. */
  readonly onConverted: () => void;
}

/** Turns a draft into a transaction: asks for the article and the fact date, then shows what was booked. */
export function ConvertDraftDialog({ draft, onClose, onConverted }: ConvertDraftDialogProps) {
  const { t } = useTranslation('finance');
  const format = useLocaleFormat();
  const styles = useStyles();
  const store = useInjection(DraftConvertStore);
  const toasts = useInjection(ToastService);
  const [article, setArticle] = useState<ReferenceOption | null>(null);
  const [date, setDate] = useState('');
  const [failure, setFailure] = useState<FinanceFailure | null>(null);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<ConvertedTransaction | null>(null);
  const [shownFor, setShownFor] = useState<number | null>(null);

  // A new draft starts a fresh form: its own date, no article yet.
  if (draft && draft.id !== shownFor) {
    setShownFor(draft.id);
    setArticle(null);
    setDate(textOf(draft.draft_date) || localIsoDate(new Date()));
    setFailure(null);
    setMissing(false);
    setDone(null);
  }

  const search = useCallback((text: string) => store.searchArticles(text), [store]);

  const close = () => {
    setShownFor(null);
    onClose();
  };

  const convert = async () => {
    if (!draft) return;
    if (!article || date === '') {
      setMissing(true);
      return;
    }
    setMissing(false);
    setBusy(true);
    const result = await store.convert(draft.id, { article_id: article.id, date_fact: date });
    setBusy(false);
    if (!result.ok) {
      setFailure(result);
      return;
    }
    setFailure(null);
    setDone(result.data);
    toasts.success(
      result.data.id !== null
        ? t('drafts.converted', { id: result.data.id })
        : (result.message ?? t('drafts.convertedPlain')),
    );
    onConverted();
  };

  const hash = draft ? textOf(draft.hash) : '';
  const amount = draft ? moneyOf(draft.amount) : null;
  const booked = done?.record ?? null;
  const bookedUsd = booked ? textOf(booked.amount_usd) || (moneyOf(booked.amount_usd)?.amount ?? '') : '';

  return (
    <Dialog open={draft !== null} onOpenChange={(_, data) => !data.open && close()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('drafts.convertTitle', { hash })}</DialogTitle>
          <DialogContent className={styles.content}>
            <dl className={styles.facts}>
              <dt className={styles.term}>{t('fields.wallet')}</dt>
              <dd className={styles.value}>
                {(draft && typeof draft._labels?.wallet_id === 'string' && draft._labels.wallet_id) || '—'}
              </dd>
              <dt className={styles.term}>{t('fields.amount')}</dt>
              <dd className={styles.value}>{amount ? formatMoney(amount, format) : '—'}</dd>
            </dl>
            {done ? (
              <MessageBar intent="success" layout="multiline">
                <MessageBarBody>
                  <Text block>
                    {done.id !== null ? t('drafts.converted', { id: done.id }) : t('drafts.convertedPlain')}
                  </Text>
                  {bookedUsd !== '' && (
                    <Text block>
                      {t('drafts.bookedUsd', { amount: formatMoney({ amount: bookedUsd, currency: 'USD' }, format) })}
                    </Text>
                  )}
                  <RouterLink
                    className={styles.link}
                    to={`/transactions?${new URLSearchParams({ 'filter[hash][eq]': hash }).toString()}`}
                  >
                    {t('drafts.openTransaction')}
                  </RouterLink>
                </MessageBarBody>
              </MessageBar>
            ) : (
              <>
                <Text>{t('drafts.convertConfirm')}</Text>
                <ReferencePicker
                  label={t('fields.article')}
                  required
                  value={article}
                  onChange={setArticle}
                  search={search}
                  validationMessage={
                    failure?.fieldErrors.article_id?.[0] ?? (missing && !article ? t('common.required') : undefined)
                  }
                />
                <Field
                  label={t('fields.dateFact')}
                  required
                  validationMessage={
                    failure?.fieldErrors.date_fact?.[0] ?? (missing && date === '' ? t('common.required') : undefined)
                  }
                >
                  <DateInput name="date_fact" value={date} onChange={setDate} />
                </Field>
                {failure && (
                  <MessageBar intent="error" layout="multiline">
                    <MessageBarBody>{failure.message}</MessageBarBody>
                  </MessageBar>
                )}
              </>
            )}
          </DialogContent>
          <DialogActions>
            {done ? (
              <Button appearance="primary" onClick={close}>
                {t('common.close')}
              </Button>
            ) : (
              <>
                <Button onClick={close}>{t('common.cancel')}</Button>
                <Button appearance="primary" disabled={busy} onClick={() => void convert()}>
                  {t('drafts.convert')}
                </Button>
              </>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
