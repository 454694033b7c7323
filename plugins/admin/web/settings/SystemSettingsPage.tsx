import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import {
  Badge,
  Button,
  Card,
  CardHeader,
  Dropdown,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Option,
  Spinner,
  Switch,
  Text,
  Title2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowResetRegular } from '@fluentui/react-icons';
import type { DataEnvelope } from '@core/sdk/shared';
import {
  addResourceStrings,
  DataView,
  HttpClients,
  HttpError,
  I18nService,
  NumberInput,
  PluginHost,
  ResourceFeedback,
  ToastService,
  useData,
  useInjection,
  useListboxClass,
} from '@core/sdk/web';
import { BackupsSection } from './BackupsSection';
import { type SecretSettingEntry, type SystemSettingEntry, type ValueSettingEntry } from '../../shared/system-settings';
import {
  initialInputs,
  isSecret,
  settingProblem,
  settingsChanges,
  splitSettingErrors,
  type SettingInput,
  type SettingProblem,
} from './settings-form';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '960px' },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  setting: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalS },
  input: { flexGrow: 1, minWidth: 0 },
  status: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

/** The i18n namespace of a `namespace:key` key. */
function namespaceOf(key: string): string | null {
  const at = key.indexOf(':');
  return at > 0 ? key.slice(0, at) : null;
}

/** Who declares a setting: the first part of its key (`core`, or a plugin's id). */
function ownerOf(entry: SystemSettingEntry): string {
  return entry.key.split('.')[0] ?? 'core';
}

interface SettingFieldProps {
  readonly entry: SystemSettingEntry;
  readonly label: string;
  /** What the setting does, in the user's language when its owner words it (else the server's English). */
  readonly description: string;
  /** How one of its values reads ('en' → 'English'); the value itself when its owner gives no words. */
  readonly valueLabel: (value: string) => string;
  readonly input: SettingInput | undefined;
  readonly reset: boolean;
  readonly messages: readonly string[] | undefined;
  readonly onChange: (input: SettingInput) => void;
  readonly onReset: () => void;
}

function defaultText(
  entry: ValueSettingEntry,
  t: (key: string, options?: Record<string, unknown>) => string,
  valueLabel: (value: string) => string,
): string {
  if (entry.type === 'boolean') return t(entry.default === true ? 'common.yes' : 'common.no');
  return entry.default === '' ? t('systemSettings.emptyDefault') : valueLabel(String(entry.default));
}

function SecretField({
  entry,
  label,
  description,
  input,
  messages,
  onChange,
}: Omit<SettingFieldProps, 'entry' | 'reset' | 'onReset' | 'valueLabel'> & { entry: SecretSettingEntry }) {
  const { t } = useTranslation('admin');
  const styles = useStyles();
  const invalid = (messages?.length ?? 0) > 0;
  return (
    <Field
      label={label}
      hint={`${description} ${t('systemSettings.secretHint', { env: entry.env })}`}
      validationState={invalid ? 'error' : 'none'}
      validationMessage={invalid ? messages?.join(' ') : undefined}
      data-setting={entry.key}
    >
      <div className={styles.status}>
        <Badge appearance="tint" color={entry.is_set ? 'success' : 'informative'}>
          {t(entry.is_set ? 'systemSettings.secretSet' : 'systemSettings.secretNotSet')}
        </Badge>
        <Input
          className={styles.input}
          type="password"
          autoComplete="new-password"
          placeholder={t('systemSettings.secretPlaceholder')}
          value={typeof input === 'string' ? input : ''}
          onChange={(_, data) => onChange(data.value)}
        />
      </div>
    </Field>
  );
}

function ValueField({
  entry,
  label,
  description,
  valueLabel,
  input,
  reset,
  messages,
  onChange,
  onReset,
}: SettingFieldProps & { entry: ValueSettingEntry }) {
  const { t } = useTranslation('admin');
  const styles = useStyles();
  const listboxClass = useListboxClass();
  const invalid = (messages?.length ?? 0) > 0;
  const bounds: string[] = [];
  if (entry.min !== undefined) bounds.push(t('systemSettings.min', { min: entry.min }));
  if (entry.max !== undefined) bounds.push(t('systemSettings.max', { max: entry.max }));
  if (entry.max_length !== undefined) bounds.push(t('systemSettings.maxLength', { max: entry.max_length }));
  const hint = [
    description,
    ...bounds,
    t('systemSettings.default', { value: defaultText(entry, t, valueLabel) }),
    reset
      ? t('systemSettings.willReset')
      : entry.is_stored
        ? t('systemSettings.stored')
        : t('systemSettings.usingDefault'),
  ].join(' · ');
  const text = typeof input === 'string' ? input : '';

  const control = () => {
    if (entry.type === 'boolean')
      return <Switch checked={input === true} onChange={(_, data) => onChange(data.checked)} />;
    if (entry.type === 'integer') {
      return <NumberInput className={styles.input} inputMode="numeric" value={text} onChange={onChange} />;
    }
    if (entry.values) {
      return (
        <Dropdown
          className={styles.input}
          value={text ? valueLabel(text) : ''}
          selectedOptions={text ? [text] : []}
          onOptionSelect={(_, data) => onChange(data.optionValue ?? '')}
          listbox={{ className: listboxClass }}
        >
          {entry.values.map((value) => (
            <Option key={value} value={value} text={valueLabel(value)}>
              {valueLabel(value)}
            </Option>
          ))}
        </Dropdown>
      );
    }
    return (
      <Input
        className={styles.input}
        type={entry.format === 'url' ? 'url' : 'text'}
        maxLength={entry.max_length}
        value={text}
        onChange={(_, data) => onChange(data.value)}
      />
    );
  };

  return (
    <div className={styles.setting}>
      <Field
        className={styles.input}
        label={label}
        hint={hint}
        validationState={invalid ? 'error' : 'none'}
        validationMessage={invalid ? messages?.join(' ') : undefined}
        data-setting={entry.key}
      >
        {control()}
      </Field>
      {entry.is_stored && !reset && (
        <Button
          appearance="subtle"
          icon={<ArrowResetRegular />}
          aria-label={t('systemSettings.reset', { setting: label })}
          title={t('systemSettings.reset', { setting: label })}
          onClick={onReset}
        />
      )}
    </div>
  );
}

function problemText(problem: SettingProblem, t: (key: string, options?: Record<string, unknown>) => string): string {
  return t(`systemSettings.problems.${problem.code}`, problem);
}

/** The form keeps the entries each save answers with: `initial` only seeds it. */
const SettingsForm = observer(function SettingsForm({ initial }: { initial: readonly SystemSettingEntry[] }) {
  const styles = useStyles();
  const http = useInjection(HttpClients);
  const toasts = useInjection(ToastService);
  const i18n = useInjection(I18nService);
  const host = useInjection(PluginHost);
  const namespaces = [
    ...new Set([
      'admin',
      ...initial.map((entry) => namespaceOf(entry.label_key)).filter((ns): ns is string => ns !== null),
    ]),
  ];
  const { t } = useTranslation(namespaces);
  const [feedback] = useState(() => new ResourceFeedback(toasts, i18n));
  const [entries, setEntries] = useState(initial);
  const [inputs, setInputs] = useState<Record<string, SettingInput>>(() => initialInputs(initial));
  const [resets, setResets] = useState<ReadonlySet<string>>(new Set());
  const [messages, setMessages] = useState<Record<string, readonly string[]>>({});
  const [general, setGeneral] = useState<readonly string[]>([]);
  const [saving, setSaving] = useState(false);
  const [unchanged, setUnchanged] = useState(false);

  // A setting's label from its owner's strings; the core's (`settings:…`) are the admin plugin's to give.
  const labelOf = (entry: SystemSettingEntry): string => {
    if (i18n.i18n.exists(entry.label_key)) return t(entry.label_key);
    const name = entry.label_key.slice(entry.label_key.indexOf(':') + 1);
    const own = `admin:systemSettings.labels.${name}`;
    return i18n.i18n.exists(own) ? t(own) : entry.description;
  };
  // Its description and value names likewise: `<label key>Description` and `<label key>Values.<value>` in
  // the owner's strings, the core's in the admin plugin's (`systemSettings.descriptions.<name>`, `.values.<name>.<value>`).
  const ownerText = (entry: SystemSettingEntry, ownKey: string, coreKey: string): string | null => {
    const key = [`${entry.label_key}${ownKey}`, `admin:systemSettings.${coreKey}`].find((candidate) =>
      i18n.i18n.exists(candidate),
    );
    return key ? t(key) : null;
  };
  const nameOf = (entry: SystemSettingEntry) => entry.label_key.slice(entry.label_key.indexOf(':') + 1);
  const descriptionOf = (entry: SystemSettingEntry): string =>
    ownerText(entry, 'Description', `descriptions.${nameOf(entry)}`) ?? entry.description;
  const valueLabelOf =
    (entry: SystemSettingEntry) =>
    (value: string): string =>
      ownerText(entry, `Values.${value}`, `values.${nameOf(entry)}.${value}`) ?? value;
  const ownerTitle = (owner: string): string => {
    if (owner === 'core') return t('admin:systemSettings.core');
    const manifest = host.manifests.find((candidate) => candidate.id === owner);
    return manifest ? t(manifest.titleKey) : owner;
  };

  const change = (key: string, input: SettingInput) => {
    setInputs((current) => ({ ...current, [key]: input }));
    setResets((current) => {
      if (!current.has(key)) return current;
      const next = new Set(current);
      next.delete(key);
      return next;
    });
    setUnchanged(false);
  };
  const reset = (entry: ValueSettingEntry) => {
    setInputs((current) => ({
      ...current,
      [entry.key]: typeof entry.default === 'boolean' ? entry.default : String(entry.default),
    }));
    setResets((current) => new Set(current).add(entry.key));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const changes = settingsChanges(entries, inputs, resets);
    const local: Record<string, readonly string[]> = {};
    for (const [key, value] of Object.entries(changes)) {
      const entry = entries.find((candidate) => candidate.key === key);
      if (!entry || isSecret(entry) || value === null) continue;
      const problem = settingProblem(entry, value);
      if (problem) local[key] = [problemText(problem, t)];
    }
    setMessages(local);
    setGeneral([]);
    if (Object.keys(local).length > 0) return;
    if (Object.keys(changes).length === 0) {
      setUnchanged(true);
      return;
    }
    setSaving(true);
    try {
      const answer = await http
        .get('auth')
        .put<DataEnvelope<readonly SystemSettingEntry[]>>('system-settings', changes, { silent: true });
      feedback.succeeded('updated');
      setEntries(answer.data);
      setInputs(initialInputs(answer.data));
      setResets(new Set());
    } catch (error) {
      feedback.failed('update', error);
      if (error instanceof HttpError && error.status === 422) {
        const split = splitSettingErrors(entries, error.fieldErrors);
        setMessages(split.byKey);
        setGeneral(split.general);
      }
    } finally {
      setSaving(false);
    }
  };

  const owners = [...new Set(entries.map(ownerOf))];
  return (
    <form
      className={styles.page}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('admin:nav.settings')}
    >
      {general.length > 0 && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{general.join(' ')}</MessageBarBody>
        </MessageBar>
      )}
      {unchanged && (
        <MessageBar intent="info">
          <MessageBarBody>{t('admin:systemSettings.unchanged')}</MessageBarBody>
        </MessageBar>
      )}
      {owners.map((owner) => (
        <Card key={owner} className={styles.card}>
          <CardHeader
            header={
              <Text as="h2" weight="semibold">
                {ownerTitle(owner)}
              </Text>
            }
          />
          {entries
            .filter((entry) => ownerOf(entry) === owner)
            .map((entry) =>
              isSecret(entry) ? (
                <SecretField
                  key={entry.key}
                  entry={entry}
                  label={labelOf(entry)}
                  description={descriptionOf(entry)}
                  input={inputs[entry.key]}
                  messages={messages[entry.key]}
                  onChange={(input) => change(entry.key, input)}
                />
              ) : (
                <ValueField
                  key={entry.key}
                  entry={entry}
                  label={labelOf(entry)}
                  description={descriptionOf(entry)}
                  valueLabel={valueLabelOf(entry)}
                  input={inputs[entry.key]}
                  reset={resets.has(entry.key)}
                  messages={messages[entry.key]}
                  onChange={(input) => change(entry.key, input)}
                  onReset={() => reset(entry)}
                />
              ),
            )}
        </Card>
      ))}
      <div className={styles.actions}>
        <Button
          appearance="primary"
          type="submit"
          disabled={saving}
          icon={saving ? <Spinner size="tiny" /> : undefined}
        >
          {t('admin:common.save')}
        </Button>
      </div>
    </form>
  );
});

const SettingsScreen = observer(function SettingsScreen() {
  const { t } = useTranslation('admin');
  const http = useInjection(HttpClients);
  const settings = useData(
    async (signal) =>
      (
        await http
          .get('auth')
          .get<DataEnvelope<readonly SystemSettingEntry[]>>('system-settings', { silent: true, signal })
      ).data,
    [http],
  );

  return (
    <div>
      <Title2 as="h1">{t('nav.settings')}</Title2>
      <DataView data={settings}>{(entries) => <SettingsForm initial={entries} />}</DataView>
      <BackupsSection />
    </div>
  );
});

/**
 * `/system-settings` (JS): a typed form from `GET system-settings` (type, bounds, default and
 * current value of each setting; secrets only as set or not set, written only when a value is
 * typed), saved with `PUT system-settings`; a 422 puts each message under its setting.
 * Below it, the database's backups (BackupsSection).
 */
export const SystemSettingsPage = observer(function SystemSettingsPage() {
  const i18n = useInjection(I18nService);
  addResourceStrings(i18n.i18n);
  useTranslation(['admin', 'core']);
  return <SettingsScreen />;
});
