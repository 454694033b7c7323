import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner } from '@fluentui/react-components';

export interface FormDialogProps {
  readonly title: string;
  /** Called on Save (or Enter); the form's own submit is already prevented. */
  readonly onSubmit: () => void | Promise<void>;
  readonly onClose: () => void;
  /** While a save runs: Save shows a spinner and is disabled, so it cannot be sent twice. */
  readonly busy: boolean;
  /** Closed dialogs stay mounted when given false (their state kept); open by default. */
  readonly open?: boolean;
  /** Laid out by the caller (a column of fields, two fields side by side). */
  readonly contentClassName?: string;
  readonly surfaceClassName?: string;
  readonly children: ReactNode;
}

/**
 * A modal form with Cancel and Save: the one frame every add/edit dialog of the product shares, so
 * each writes only its fields and its checks.
 */
export function FormDialog({ title, onSubmit, onClose, busy, open = true, contentClassName, surfaceClassName, children }: FormDialogProps) {
  const { t } = useTranslation('core');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSubmit();
  };
  return (
    <Dialog open={open} modalType="modal" onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface className={surfaceClassName} aria-describedby={undefined}>
        <form onSubmit={submit} noValidate>
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent className={contentClassName}>{children}</DialogContent>
            <DialogActions>
              <Button type="button" appearance="secondary" onClick={onClose}>
                {t('resource.form.cancel')}
              </Button>
              <Button type="submit" appearance="primary" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
                {t('resource.form.save')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
