import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, Input } from '@fluentui/react-components';
import { FormDialog, useFormErrors } from '@core/sdk/web';
import type { RoleItem } from '../auth-types';
import type { WriteResult } from './roles-model';
import { useRolesStyles, messageOf } from './roles-styles';

/** One name, for a new role or a renamed one. */
export function RoleNameDialog({
  role,
  onSave,
  onClose,
}: {
  role: RoleItem | null;
  onSave: (name: string) => Promise<WriteResult>;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const styles = useRolesStyles();
  const [name, setName] = useState(role?.name ?? '');
  const errors = useFormErrors({ name });
  const show = (message: string | undefined) => errors.show(message ? { name: [message] } : {});
  const error = errors.first('name');
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    if (name.trim() === '') {
      show(t('common.required'));
      return;
    }
    setSaving(true);
    const result = await onSave(name);
    setSaving(false);
    if (result.ok) onClose();
    else show(messageOf(result.fields, 'name') ?? messageOf(result.fields, 'id'));
  };
  return (
    <FormDialog
      title={role ? t('roles.renameTitle', { name: role.name }) : t('roles.addTitle')}
      onSubmit={submit}
      onClose={onClose}
      busy={saving}
      surfaceClassName={styles.surface}
    >
      <Field label={t('roles.name')} required validationState={error ? 'error' : 'none'} validationMessage={error}>
        <Input value={name} maxLength={64} onChange={(_, data) => setName(data.value)} />
      </Field>
    </FormDialog>
  );
}
