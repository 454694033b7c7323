import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, Input, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { FormDialog, useFormErrors } from '@core/sdk/web';
import type { FinanceResult } from '../finance-result';
import type { GoogleTableInput } from './google-tables-store';
import type { GoogleTable } from './tree';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

export interface ParentOption {
  readonly id: number;
  readonly label: string;
}

export interface GoogleTableDialogProps {
  /** The table edited; null to add one. */
  readonly table: GoogleTable | null;
  readonly open: boolean;
  /** Tables a new one may be put under (those not yet at the level limit). */
  readonly parents: readonly ParentOption[];
  readonly onSubmit: (input: GoogleTableInput) => Promise<FinanceResult<unknown>>;
  readonly onClose: () => void;
}

/** Adds a spreadsheet table (optionally under another) or edits one's names and spreadsheet id. */
export function GoogleTableDialog({ table, open, parents, onSubmit, onClose }: GoogleTableDialogProps) {
  const { t } = useTranslation('finance');
  const styles = useStyles();
  const [nameEn, setNameEn] = useState('');
  const [nameRu, setNameRu] = useState('');
  const [sheet, setSheet] = useState('');
  const [parent, setParent] = useState('');
  const [missing, setMissing] = useState(false);
  const errors = useFormErrors({ name_en: nameEn, name_ru: nameRu, spreadsheet_id: sheet, parent_id: parent });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setNameEn(table?.name_en ?? '');
    setNameRu(table?.name_ru ?? '');
    setSheet(table?.spreadsheet_id ?? '');
    setParent(table?.parent_id != null ? String(table.parent_id) : '');
    setMissing(false);
  }, [open, table]);

  const submit = async () => {
    const input: GoogleTableInput = {
      name_en: nameEn.trim(),
      name_ru: nameRu.trim(),
      spreadsheet_id: sheet.trim(),
      parent_id: table ? table.parent_id : parent === '' ? null : Number(parent),
    };
    if (input.name_en === '' || input.name_ru === '' || input.spreadsheet_id === '') {
      setMissing(true);
      return;
    }
    setMissing(false);
    setBusy(true);
    const result = await onSubmit(input);
    setBusy(false);
    if (result.ok) onClose();
    else errors.show(result.fieldErrors);
  };

  return (
    <FormDialog
      title={table ? t('googleTables.editTitle') : t('googleTables.addTitle')}
      onSubmit={submit}
      onClose={onClose}
      busy={busy}
      open={open}
      contentClassName={styles.form}
    >
      <Field label={t('googleTables.nameEn')} required validationMessage={errors.first('name_en')}>
        <Input name="name_en" value={nameEn} onChange={(_, data) => setNameEn(data.value)} />
      </Field>
      <Field label={t('googleTables.nameRu')} required validationMessage={errors.first('name_ru')}>
        <Input name="name_ru" value={nameRu} onChange={(_, data) => setNameRu(data.value)} />
      </Field>
      <Field label={t('googleTables.spreadsheetId')} required validationMessage={errors.first('spreadsheet_id')}>
        <Input name="spreadsheet_id" value={sheet} onChange={(_, data) => setSheet(data.value)} />
      </Field>
      {!table && (
        <Field label={t('googleTables.parent')} validationMessage={errors.first('parent_id')}>
          <Select name="parent_id" value={parent} onChange={(_, data) => setParent(data.value)}>
            <option value="">{t('googleTables.noParent')}</option>
            {parents.map((option) => (
              <option key={option.id} value={String(option.id)}>
                {option.label}
              </option>
            ))}
          </Select>
        </Field>
      )}
      {missing && <Text role="alert">{t('common.required')}</Text>}
    </FormDialog>
  );
}
