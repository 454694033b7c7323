import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, MessageBar, MessageBarBody, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { ResourceRecord } from '@core/sdk/shared';
import {
  FormDialog,
  HttpClients,
  InfoDialog,
  PermissionService,
  ReferencePicker,
  ResourceApi,
  ToastService,
  serverMessage,
  useInjection,
  useReferenceLabels,
} from '@core/sdk/web';
import { countryLanguagesResource, LANGUAGE } from '../../shared/resources';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
});

export interface CountryDialogProps {
  readonly country: { readonly id: number; readonly name: string };
  /** The country's record, or null when it has no languages yet. */
  readonly record: ResourceRecord | null;
  readonly onClose: () => void;
  /** The languages were saved: the map and the list read again. */
  readonly onSaved: () => void;
}

const idsOf = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : [];
const namesOf = (record: ResourceRecord | null): string[] => {
  const names = record?._labels?.languages;
  return Array.isArray(names) ? names.filter((name): name is string => typeof name === 'string') : [];
};

/** The languages a country's record names, joined for one line. */
export function languagesLine(record: ResourceRecord | null): string {
  return namesOf(record).join(', ');
}

/**
 * A country's languages: shown to every reader; a user who may write (YL) edits them here,
 * creating the country's record when it has none, or updating it with the version it was read at.
 */
export function CountryDialog({ country, record, onClose, onSaved }: CountryDialogProps) {
  const { t } = useTranslation('system');
  const styles = useStyles();
  const clients = useInjection(HttpClients);
  const toasts = useInjection(ToastService);
  const permissions = useInjection(PermissionService);
  const labelId = useId();
  const api = useMemo(() => new ResourceApi(countryLanguagesResource, clients), [clients]);
  const known = useReferenceLabels();
  // The record carries its languages' names: kept in the app's labels, so they need no request.
  const [labels] = useState(() => {
    const ids = idsOf(record?.languages);
    const names = namesOf(record);
    known.remember(
      LANGUAGE,
      ids.flatMap((id, index) => (names[index] === undefined ? [] : [{ id, label: names[index] }])),
    );
    return known;
  });
  const [languages, setLanguages] = useState<number[]>(() => idsOf(record?.languages));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const title = t('countryMap.dialogTitle', { country: country.name });

  if (!permissions.allows(countryLanguagesResource.access.write)) {
    const names = namesOf(record);
    return (
      <InfoDialog title={title} onClose={onClose} contentClassName={styles.content}>
        {names.length === 0 ? (
          <Text>{t('countryMap.none')}</Text>
        ) : (
          <ul className={styles.list} aria-label={t('fields.languages')}>
            {names.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        )}
      </InfoDialog>
    );
  }

  const save = async () => {
    setBusy(true);
    setFailure(null);
    try {
      if (record) await api.update(record.id, { languages }, record.version);
      else await api.create({ country: country.id, languages });
      toasts.success(t('countryMap.saved', { country: country.name }));
      onSaved();
    } catch (error) {
      setFailure(serverMessage(error) ?? String(error));
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={title}
      onSubmit={save}
      onClose={onClose}
      busy={busy}
      submitDisabled={languages.length === 0}
      contentClassName={styles.content}
    >
      {!record && <Text>{t('countryMap.none')}</Text>}
      <Field label={{ children: t('fields.languages'), id: labelId }} required>
        <ReferencePicker
          target={LANGUAGE}
          labels={labels}
          multiple
          value={languages}
          ariaLabelledBy={labelId}
          onChange={setLanguages}
        />
      </Field>
      {failure !== null && (
        <MessageBar intent="error">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      )}
    </FormDialog>
  );
}
