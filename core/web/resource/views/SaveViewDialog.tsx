import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { MAX_SAVED_VIEWS, MAX_VIEW_NAME_LENGTH } from '@core/shared/preferences';
import type { SavedViews } from './saved-views';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

export interface SaveViewDialogProps {
  readonly views: SavedViews;
  /** Resolves once the view is kept; rejects when the server refused (the caller says so). */
  readonly onSave: (name: string) => Promise<void>;
  readonly onClose: () => void;
}

/**
 * Names the current view. A name already taken asks, in place, whether to replace that view: the
 * button then reads "Replace". With the list of views full, only a replacement can be saved.
 */
export const SaveViewDialog = observer(function SaveViewDialog({ views, onSave, onClose }: SaveViewDialogProps) {
  const { t } = useTranslation('core');
  const styles = useStyles();
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  const trimmed = name.trim();
  const existing = trimmed === '' ? undefined : views.named(trimmed);
  const blocked = !existing && views.full;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (trimmed === '' || blocked) return;
    setSaving(true);
    try {
      await onSave(existing?.name ?? trimmed);
      onClose();
    } catch {
      setSaving(false);
    }
  };

  return (
    <Dialog open onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <DialogBody>
            <DialogTitle>{t('resource.views.title')}</DialogTitle>
            <DialogContent className={styles.content}>
              <Field label={t('resource.views.name')} required>
                <Input value={name} maxLength={MAX_VIEW_NAME_LENGTH} onChange={(_, data) => setName(data.value)} />
              </Field>
              {existing && (
                <MessageBar intent="warning">
                  <MessageBarBody>{t('resource.views.replaceQuestion', { name: existing.name })}</MessageBarBody>
                </MessageBar>
              )}
              {blocked && (
                <MessageBar intent="error">
                  <MessageBarBody>{t('resource.views.full', { max: MAX_SAVED_VIEWS })}</MessageBarBody>
                </MessageBar>
              )}
            </DialogContent>
            <DialogActions>
              <Button type="submit" appearance="primary" disabled={trimmed === '' || blocked || saving}>
                {t(existing ? 'resource.views.replace' : 'resource.views.saveButton')}
              </Button>
              <Button type="button" onClick={onClose}>
                {t('resource.views.cancel')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
});
