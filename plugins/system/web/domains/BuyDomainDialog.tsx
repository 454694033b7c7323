import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import {
  formatMoney,
  FormDialog,
  HttpClients,
  NumberInput,
  ReferencePickerField,
  serverMessage,
  useInjection,
  useLocaleFormat,
  useReferenceLabels,
} from '@core/sdk/web';
import type { DomainAvailability, DomainPurchaseStarted } from '../../shared/domain-purchase';
import { DOMAIN_NAME_PATTERN } from '../../shared/patterns';
import { DOMAIN_USER, PROJECT, SERVER } from '../../shared/resources';
import { wholeNumberIn } from '../forms/whole-number';
import { DomainPurchaseApi } from './domain-purchase-api';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  check: { alignSelf: 'flex-start' },
});

const DOMAIN_NAME = new RegExp(DOMAIN_NAME_PATTERN);
const MAX_YEARS = 10;

export interface BuyDomainDialogProps {
  readonly onClose: () => void;
  /** The purchase was accepted: its domain and job. */
  readonly onStarted: (started: DomainPurchaseStarted) => void;
}

/** What the availability check answered, for the name and project it was asked about. */
interface Checked {
  readonly key: string;
  readonly answer: DomainAvailability;
}

/**
 * Buying a domain: name, project, registrant, server and years; the name's availability and price
 * at the project's registrar first, then Buy, which starts the purchase job.
 */
export function BuyDomainDialog({ onClose, onStarted }: BuyDomainDialogProps) {
  const { t } = useTranslation('system');
  const format = useLocaleFormat();
  const styles = useStyles();
  const clients = useInjection(HttpClients);
  const api = useMemo(() => new DomainPurchaseApi(clients), [clients]);
  const labels = useReferenceLabels();
  const [name, setName] = useState('');
  const [project, setProject] = useState<number | null>(null);
  const [domainUser, setDomainUser] = useState<number | null>(null);
  const [server, setServer] = useState<number | null>(null);
  const [yearsText, setYearsText] = useState('1');
  const [checked, setChecked] = useState<Checked | null>(null);
  const [checking, setChecking] = useState(false);
  const [buying, setBuying] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const trimmed = name.trim().toLowerCase();
  const nameValid = DOMAIN_NAME.test(trimmed);
  const years = wholeNumberIn(yearsText, 1, MAX_YEARS);
  // An answer holds only for the name and project it was given for.
  const key = `${trimmed}|${project ?? ''}`;
  const availability = checked?.key === key ? checked.answer : null;

  const check = async () => {
    if (!nameValid || project === null) return;
    setChecking(true);
    setFailure(null);
    try {
      setChecked({ key, answer: await api.availability({ name: trimmed, project }) });
    } catch (error) {
      setFailure(serverMessage(error) ?? t('domainPurchase.checkFirst'));
    } finally {
      setChecking(false);
    }
  };

  const buy = async () => {
    if (!availability?.available || project === null || domainUser === null || years === null) return;
    setBuying(true);
    setFailure(null);
    try {
      // A premium name is bought at the price shown here, or the purchase refuses to buy it.
      const premium = availability.premium && availability.price ? { premium_price: availability.price.amount } : {};
      onStarted(await api.purchase({ name: trimmed, project, domain_user: domainUser, server, years, ...premium }));
    } catch (error) {
      setFailure(serverMessage(error) ?? String(error));
      setBuying(false);
    }
  };

  return (
    <FormDialog
      title={t('domainPurchase.title')}
      onSubmit={buy}
      onClose={onClose}
      busy={buying}
      submitLabel={t('domainPurchase.submit')}
      submitDisabled={!availability?.available || domainUser === null || years === null}
      contentClassName={styles.content}
    >
      <Field
        label={t('fields.name')}
        required
        validationMessage={name !== '' && !nameValid ? t('validation.domain') : undefined}
      >
        <Input value={name} placeholder="example.com" onChange={(_, data) => setName(data.value)} />
      </Field>
      <ReferencePickerField
        label={t('fields.project')}
        target={PROJECT}
        labels={labels}
        value={project}
        onChange={setProject}
        required
      />
      <Button
        className={styles.check}
        disabled={!nameValid || project === null || checking || buying}
        icon={checking ? <Spinner size="tiny" /> : undefined}
        onClick={() => void check()}
      >
        {checking ? t('domainPurchase.checking') : t('domainPurchase.check')}
      </Button>
      {availability && (
        <MessageBar
          intent={availability.available && !availability.premium ? 'success' : 'warning'}
          data-availability={availability.available ? (availability.premium ? 'premium' : 'available') : 'taken'}
        >
          <MessageBarBody>
            {!availability.available
              ? t('domainPurchase.taken', { name: availability.name })
              : availability.premium && availability.price
                ? t('domainPurchase.premium', {
                    name: availability.name,
                    price: formatMoney(availability.price, format),
                  })
                : availability.price
                  ? t('domainPurchase.availableWithPrice', {
                      name: availability.name,
                      price: formatMoney(availability.price, format),
                    })
                  : t('domainPurchase.available', { name: availability.name })}
          </MessageBarBody>
        </MessageBar>
      )}
      {availability?.local && (
        <MessageBar intent="info" data-local-notice>
          <MessageBarBody>{t('local.notice')}</MessageBarBody>
        </MessageBar>
      )}
      <ReferencePickerField
        label={t('fields.domainUser')}
        target={DOMAIN_USER}
        labels={labels}
        value={domainUser}
        onChange={setDomainUser}
        required
      />
      <ReferencePickerField
        label={t('fields.server')}
        target={SERVER}
        labels={labels}
        value={server}
        onChange={setServer}
      />
      <Field label={t('fields.years')} required validationMessage={years === null ? `1–${MAX_YEARS}` : undefined}>
        <NumberInput inputMode="numeric" value={yearsText} onChange={setYearsText} />
      </Field>
      {failure !== null && (
        <MessageBar intent="error">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      )}
      {!availability && <Text size={200}>{t('domainPurchase.checkFirst')}</Text>}
    </FormDialog>
  );
}
