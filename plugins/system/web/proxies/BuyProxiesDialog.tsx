import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  Dropdown,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Option,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { COUNTRIES_REFERENCE } from '@core/sdk/shared';
import {
  formatMoney,
  FormDialog,
  HttpClients,
  NumberInput,
  ReferencePickerField,
  serverMessage,
  useInjection,
  useListboxClass,
  useLocaleFormat,
  useReferenceLabels,
} from '@core/sdk/web';
import { MAX_PROXIES_PER_PURCHASE, type ProxyQuote, type ProxyQuoteRequest } from '../../shared/proxy-purchase';
import { PROXY_PROVIDER, PROXY_TYPES, proxiesResource, type ProxyType } from '../../shared/resources';
import { wholeNumberIn } from '../forms/whole-number';
import { ProxyPurchaseApi } from './proxy-purchase-api';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  pair: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingHorizontalM },
  quote: { alignSelf: 'flex-start' },
});

const MAX_PERIOD_DAYS = 3650;
const MAX_TEXT = 100;

export interface BuyProxiesDialogProps {
  readonly onClose: () => void;
  /** The purchase was accepted: its job. */
  readonly onStarted: (jobId: number) => void;
}

interface Quoted {
  readonly key: string;
  readonly answer: ProxyQuote;
}

/**
 * Buying proxies: provider, country, type, period and quantity (name optional) and the team
 * (an agency, while finance runs); the provider's price first, then Buy, which starts the purchase job.
 */
export function BuyProxiesDialog({ onClose, onStarted }: BuyProxiesDialogProps) {
  const { t } = useTranslation('system');
  const format = useLocaleFormat();
  const styles = useStyles();
  const listboxClass = useListboxClass();
  const clients = useInjection(HttpClients);
  const api = useMemo(() => new ProxyPurchaseApi(clients), [clients]);
  const labels = useReferenceLabels();
  const [provider, setProvider] = useState<number | null>(null);
  const [country, setCountry] = useState<number | null>(null);
  const [type, setType] = useState<ProxyType>('http');
  const [periodText, setPeriodText] = useState('30');
  const [quantityText, setQuantityText] = useState('1');
  const [name, setName] = useState('');
  const [team, setTeam] = useState<number | null>(null);
  // A finance agency: the definition leaves the field out while finance is not enabled.
  const teamField = proxiesResource.fields.find((field) => field.name === 'team');
  const [quoted, setQuoted] = useState<Quoted | null>(null);
  const [quoting, setQuoting] = useState(false);
  const [buying, setBuying] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const periodDays = wholeNumberIn(periodText, 1, MAX_PERIOD_DAYS);
  const quantity = wholeNumberIn(quantityText, 1, MAX_PROXIES_PER_PURCHASE);
  const request: ProxyQuoteRequest | null =
    provider !== null && country !== null && periodDays !== null && quantity !== null
      ? { provider, country, type, period_days: periodDays, quantity }
      : null;
  // A price holds only for exactly what it was asked for.
  const key = JSON.stringify(request);
  const quote = quoted?.key === key ? quoted.answer : null;

  const getPrice = async () => {
    if (!request) return;
    setQuoting(true);
    setFailure(null);
    try {
      setQuoted({ key, answer: await api.quote(request) });
    } catch (error) {
      setFailure(serverMessage(error) ?? String(error));
    } finally {
      setQuoting(false);
    }
  };

  const buy = async () => {
    if (!request || !quote) return;
    setBuying(true);
    setFailure(null);
    try {
      onStarted(
        await api.purchase({
          ...request,
          ...(name.trim() ? { name: name.trim() } : {}),
          ...(team === null ? {} : { team }),
        }),
      );
    } catch (error) {
      setFailure(serverMessage(error) ?? String(error));
      setBuying(false);
    }
  };

  return (
    <FormDialog
      title={t('proxyPurchase.title')}
      onSubmit={buy}
      onClose={onClose}
      busy={buying}
      submitLabel={t('proxyPurchase.submit')}
      submitDisabled={quote === null}
      contentClassName={styles.content}
    >
      <ReferencePickerField
        label={t('fields.provider')}
        target={PROXY_PROVIDER}
        labels={labels}
        value={provider}
        onChange={setProvider}
        required
      />
      <ReferencePickerField
        label={t('fields.country')}
        target={COUNTRIES_REFERENCE}
        labels={labels}
        value={country}
        onChange={setCountry}
        required
      />
      <Field label={t('fields.type')} required>
        <Dropdown
          listbox={{ className: listboxClass }}
          value={t(`fields.typeValues.${type}`)}
          selectedOptions={[type]}
          onOptionSelect={(_, data) =>
            setType(PROXY_TYPES.find((candidate) => candidate === data.optionValue) ?? 'http')
          }
        >
          {PROXY_TYPES.map((value) => (
            <Option key={value} value={value}>
              {t(`fields.typeValues.${value}`)}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <div className={styles.pair}>
        <Field
          label={t('fields.periodDays')}
          required
          validationMessage={periodDays === null ? `1–${MAX_PERIOD_DAYS}` : undefined}
        >
          <NumberInput inputMode="numeric" value={periodText} onChange={setPeriodText} />
        </Field>
        <Field
          label={t('fields.quantity')}
          required
          validationMessage={quantity === null ? `1–${MAX_PROXIES_PER_PURCHASE}` : undefined}
        >
          <NumberInput inputMode="numeric" value={quantityText} onChange={setQuantityText} />
        </Field>
      </div>
      <Field label={t('fields.name')} hint={t('proxyPurchase.nameHint')}>
        <Input value={name} maxLength={MAX_TEXT} onChange={(_, data) => setName(data.value)} />
      </Field>
      {teamField?.kind === 'reference' && (
        <ReferencePickerField
          label={t('fields.team')}
          target={teamField.target}
          labels={labels}
          value={team}
          onChange={setTeam}
        />
      )}
      <Button
        className={styles.quote}
        disabled={request === null || quoting || buying}
        icon={quoting ? <Spinner size="tiny" /> : undefined}
        onClick={() => void getPrice()}
      >
        {quoting ? t('proxyPurchase.quoting') : t('proxyPurchase.quote')}
      </Button>
      {quote ? (
        <MessageBar intent="success" data-quote>
          <MessageBarBody>
            {quote.price
              ? t('proxyPurchase.price', { price: formatMoney(quote.price, format) })
              : t('proxyPurchase.noPrice')}
            {quote.available !== null && ` ${t('proxyPurchase.available', { count: quote.available })}`}
          </MessageBarBody>
        </MessageBar>
      ) : (
        <Text size={200}>{t('proxyPurchase.quoteFirst')}</Text>
      )}
      {quote?.local && (
        <MessageBar intent="info" data-local-notice>
          <MessageBarBody>{t('local.notice')}</MessageBarBody>
        </MessageBar>
      )}
      {failure !== null && (
        <MessageBar intent="error">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      )}
    </FormDialog>
  );
}
