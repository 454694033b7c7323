import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dropdown, Field, Input, Option, Textarea } from '@fluentui/react-components';
import type { ServiceName } from '@core/sdk/shared';
import { FormDialog, useFormErrors, useListboxClass } from '@core/sdk/web';
import type { PermissionItem } from '../auth-types';
import { usePermissionAreas } from './permission-areas';
import type { PermissionInput, WriteResult } from './roles-model';
import { useRolesStyles } from './roles-styles';

const CODE = /^[A-Z][A-Z0-9_]{0,31}$/;

/** A permission of the catalogue: its code (the name), an optional description, its service. */
export function PermissionDialog({
  permission,
  onSave,
  onClose,
}: {
  permission: PermissionItem | null;
  onSave: (input: PermissionInput) => Promise<WriteResult>;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const styles = useRolesStyles();
  const listboxClass = useListboxClass();
  const areas = usePermissionAreas();
  const builtIn = permission !== null && areas.isBuiltIn(permission.name);
  const [name, setName] = useState(permission?.name ?? '');
  const [description, setDescription] = useState(permission?.description ?? '');
  const [service, setService] = useState<ServiceName>(
    () => areas.services.find((known) => known === permission?.service) ?? 'auth',
  );
  const errors = useFormErrors({ name, description, service });
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const code = name.trim();
    if (code === '') {
      errors.show({ name: [t('common.required')] });
      return;
    }
    if (!CODE.test(code)) {
      errors.show({ name: [t('permissions.codeFormat')] });
      return;
    }
    setSaving(true);
    const result = await onSave({
      name: code,
      description: description.trim() === '' ? null : description.trim(),
      service,
    });
    setSaving(false);
    if (result.ok) onClose();
    else errors.show(result.fields);
  };

  return (
    <FormDialog
      title={permission ? t('permissions.editTitle', { name: permission.name }) : t('permissions.addTitle')}
      onSubmit={submit}
      onClose={onClose}
      busy={saving}
      surfaceClassName={styles.surface}
      contentClassName={styles.form}
    >
      <Field
        label={t('permissions.name')}
        required
        hint={builtIn ? t('permissions.builtInHint') : t('permissions.nameHint')}
        validationState={errors.first('name') ? 'error' : 'none'}
        validationMessage={errors.of('name')?.join(' ')}
      >
        <Input
          value={name}
          disabled={builtIn}
          maxLength={32}
          onChange={(_, data) => setName(data.value.toUpperCase())}
        />
      </Field>
      <Field
        label={t('permissions.description')}
        validationState={errors.first('description') ? 'error' : 'none'}
        validationMessage={errors.of('description')?.join(' ')}
      >
        <Textarea value={description} maxLength={255} onChange={(_, data) => setDescription(data.value)} />
      </Field>
      <Field
        label={t('permissions.service')}
        required
        validationState={errors.first('service') ? 'error' : 'none'}
        validationMessage={errors.of('service')?.join(' ')}
      >
        <Dropdown
          value={t(`permissions.services.${service}`, { defaultValue: service })}
          selectedOptions={[service]}
          onOptionSelect={(_, data) => setService(areas.services.find((known) => known === data.optionValue) ?? 'auth')}
          listbox={{ className: listboxClass }}
        >
          {areas.services.map((known) => (
            <Option key={known} value={known}>
              {t(`permissions.services.${known}`, { defaultValue: known })}
            </Option>
          ))}
        </Dropdown>
      </Field>
    </FormDialog>
  );
}
