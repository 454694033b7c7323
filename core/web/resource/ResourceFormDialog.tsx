import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { fieldNamed, STALE_VERSION_MESSAGE, type ResourceRecord } from '@core/shared/resource/definition';
import { SECRET_MASK, type FieldDefinition } from '@core/shared/resource/field';
import { HttpError } from '../http/http-error';
import { useInjection } from '../react/container-context';
import { FormDialog } from '../react/FormDialog';
import { I18nService } from '../services/i18n-service';
import { FieldInput } from './FieldInput';
import {
  changedBody,
  checkForm,
  createBody,
  formFields,
  initialFormValues,
  legacyFieldNames,
  problemsAfterEdit,
  type FormValue,
  type FormValues,
} from './form-model';
import { formatValue } from './format-value';
import type { ReferenceLabels } from './reference-labels';
import { serverMessage } from './resource-feedback';
import type { ResourceFormProps } from './types';
import { useResourceStrings } from './resource-strings';

const useStyles = makeStyles({
  surface: { maxWidth: 'min(760px, calc(100vw - 32px))', width: '100%' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))',
    gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
  },
  wide: { gridColumn: '1 / -1' },
  readOnly: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
  },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, minWidth: 0, overflowWrap: 'anywhere' },
});

export interface ResourceFormDialogProps extends ResourceFormProps {
  readonly labels: ReferenceLabels;
}

/**
 * The generated add/edit dialog: an input per writable field (read-only fields shown as text when
 * editing), checked with the definition's own rules before sending (`validateInput`), the server's
 * 422 messages shown on their fields, only changed fields sent on edit with the record's version,
 * and a stale version (409) explained with an offer to reload the record.
 */
export const ResourceFormDialog = observer(function ResourceFormDialog(props: ResourceFormDialogProps) {
  useResourceStrings();
  const { definition, api, feedback, labels, onSaved, onCancel } = props;
  const { t } = useTranslation('core');
  const i18n = useInjection(I18nService);
  const styles = useStyles();
  const [record, setRecord] = useState<ResourceRecord | null>(props.record);
  const [initial, setInitial] = useState<FormValues>(() =>
    initialFormValues(definition, props.record, props.initialValues),
  );
  const [values, setValues] = useState<FormValues>(initial);
  const [messages, setMessages] = useState<Readonly<Record<string, readonly string[]>>>({});
  const [general, setGeneral] = useState<readonly string[]>([]);
  const [missingRequired, setMissingRequired] = useState(false);
  const [stale, setStale] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const editing = record !== null;
  const recordName = t(definition.recordKey);

  /** The form's body and the definition's checks of it, as a send would make them. */
  const check = (current: FormValues) => {
    const input = editing ? changedBody(definition, initial, current) : createBody(definition, current);
    return {
      input,
      check: checkForm(definition, input, editing ? 'update' : 'create', i18n.language, (key) => i18n.t(key)),
    };
  };

  // A field's message is about the value it judged: a new value clears it or says what is wrong now.
  const set = (name: string, value: FormValue) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (!Object.hasOwn(messages, name)) return;
    const shown = problemsAfterEdit({ messages, missingRequired }, name, check(next).check);
    setMessages(shown.messages);
    setMissingRequired(shown.missingRequired);
  };

  /** The server's 422 messages on their fields; messages for fields the form does not show go on top. */
  const showServerErrors = (error: HttpError) => {
    const onFields: Record<string, readonly string[]> = {};
    const elsewhere: string[] = [];
    for (const [name, list] of Object.entries(error.fieldErrors)) {
      const field = fieldNamed(definition, name);
      if (field && !field.readOnly) onFields[name] = list;
      else elsewhere.push(...list);
    }
    setMessages(onFields);
    setGeneral(
      elsewhere.length > 0 || Object.keys(onFields).length > 0 ? elsewhere : [serverMessage(error) ?? error.message],
    );
  };

  const submit = async () => {
    if (saving) return;
    const { input, check: checked } = check(values);
    if (editing && Object.keys(input).length === 0) {
      onCancel();
      return;
    }
    setMessages(checked.messages);
    setMissingRequired(checked.missingRequired);
    setGeneral([]);
    if (Object.keys(checked.messages).length > 0) return;
    setSaving(true);
    try {
      const saved = record
        ? await api.update(record.id, checked.values, record.version)
        : await api.create(checked.values);
      feedback.succeeded(record ? 'updated' : 'created');
      onSaved(saved);
    } catch (error) {
      feedback.failed(record ? 'update' : 'create', error);
      if (error instanceof HttpError && error.status === 422) showServerErrors(error);
      else if (error instanceof HttpError && error.status === 409)
        setStale(serverMessage(error) ?? STALE_VERSION_MESSAGE);
    } finally {
      setSaving(false);
    }
  };

  /** After a 409: the record as it is now; the user's edits give way to it. */
  const reload = async () => {
    if (!record) return;
    try {
      const fresh = await api.get(record.id);
      const start = initialFormValues(definition, fresh);
      setRecord(fresh);
      setInitial(start);
      setValues(start);
      setMessages({});
      setGeneral([]);
      setMissingRequired(false);
      setStale(null);
    } catch (error) {
      feedback.failed('load', error);
    }
  };

  // A reference's kept text shows under its picker, not among the read-only values.
  const legacyFields = legacyFieldNames(definition);
  const legacyText = (field: FieldDefinition): string | null => {
    const kept = field.kind === 'reference' && field.legacyField && record ? record[field.legacyField] : null;
    return typeof kept === 'string' && kept !== '' ? kept : null;
  };
  const readOnlyFields = editing
    ? definition.fields.filter((field) => field.readOnly && !legacyFields.has(field.name))
    : [];
  return (
    <FormDialog
      title={t(editing ? 'resource.form.editTitle' : 'resource.form.addTitle', { record: recordName })}
      onSubmit={submit}
      onClose={onCancel}
      dirty={Object.keys(changedBody(definition, initial, values)).length > 0}
      busy={saving}
      surfaceClassName={styles.surface}
      contentClassName={styles.form}
    >
      {missingRequired && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{t('resource.form.required')}</MessageBarBody>
        </MessageBar>
      )}
      {general.length > 0 && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{general.join(' ')}</MessageBarBody>
        </MessageBar>
      )}
      {stale && (
        <MessageBar intent="warning" role="alert">
          <MessageBarBody>{stale}</MessageBarBody>
          <MessageBarActions>
            <Button size="small" onClick={() => void reload()}>
              {t('resource.form.reload')}
            </Button>
          </MessageBarActions>
        </MessageBar>
      )}
      <div className={styles.grid}>
        {formFields(definition).map((field) => (
          <div
            key={field.name}
            className={field.kind === 'longText' || field.kind === 'keyValue' ? styles.wide : undefined}
          >
            <FieldInput
              field={field}
              value={values[field.name]}
              onChange={(value) => set(field.name, value)}
              labels={labels}
              messages={messages[field.name]}
              secretStored={record !== null && record[field.name] === SECRET_MASK}
              legacyText={legacyText(field)}
            />
          </div>
        ))}
      </div>
      {record && readOnlyFields.length > 0 && (
        <dl className={styles.readOnly} aria-label={t('resource.form.readOnly')}>
          {readOnlyFields.map((field) => (
            <div key={field.name} style={{ display: 'contents' }}>
              <dt className={styles.term}>{t(field.labelKey)}</dt>
              <dd className={styles.value}>
                <Text>{formatValue(field, record[field.name], i18n, record) || '—'}</Text>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </FormDialog>
  );
});
