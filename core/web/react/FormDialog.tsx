import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Spinner,
} from '@fluentui/react-components';
import { useResourceStrings } from '../resource/resource-strings';

export interface FormDialogProps {
  readonly title: string;
  /** Called on Save (or Enter); the form's own submit is already prevented. */
  readonly onSubmit: () => void | Promise<void>;
  readonly onClose: () => void;
  /**
   * While a save runs: Save shows a spinner and is disabled, so it cannot be sent twice, and the
   * dialog cannot be closed (Cancel, Escape, outside click), so no answer arrives to a closed form.
   */
  readonly busy: boolean;
  /** Closed dialogs stay mounted when given false (their state kept); open by default. */
  readonly open?: boolean;
  /** The submit button's text, e.g. "Import"; `Save` by default. */
  readonly submitLabel?: string;
  /** The closing button's text, e.g. "Close" for a dialog that reports and stays open; `Cancel` by default. */
  readonly cancelLabel?: string;
  /** Submitting is not possible yet (a required choice is missing); the button is disabled. */
  readonly submitDisabled?: boolean;
  /** Laid out by the caller (a column of fields, two fields side by side). */
  readonly contentClassName?: string;
  readonly surfaceClassName?: string;
  /**
   * Whether the form holds changes not saved, so closing it asks first. Left out, any edit in the
   * form (an input's change event) counts: enough for a form whose fields are native inputs; a form
   * that can tell when it is back to where it started says so here.
   */
  readonly dirty?: boolean;
  readonly children: ReactNode;
}

/**
 * A modal form with Cancel and Save: the one frame every add/edit dialog of the product shares, so
 * each writes only its fields and its checks. Closing it with changes not saved (Cancel, the close
 * button, Escape, a click outside) asks first, and nothing is lost on "Keep editing".
 */
export function FormDialog({
  title,
  onSubmit,
  onClose,
  busy,
  open = true,
  submitLabel,
  cancelLabel,
  submitDisabled = false,
  contentClassName,
  surfaceClassName,
  dirty,
  children,
}: FormDialogProps) {
  useResourceStrings();
  const { t } = useTranslation('core');
  const [edited, setEdited] = useState(false);
  const [asking, setAsking] = useState(false);
  // A dialog kept mounted starts clean each time it opens.
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    setEdited(false);
    setAsking(false);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy && !submitDisabled) void onSubmit();
  };
  const close = () => {
    if (busy) return;
    if (dirty ?? edited) setAsking(true);
    else onClose();
  };
  const discard = () => {
    setAsking(false);
    onClose();
  };
  return (
    <Dialog open={open} modalType="modal" onOpenChange={(_, data) => !data.open && close()}>
      <DialogSurface className={surfaceClassName} aria-describedby={undefined}>
        <form onSubmit={submit} onChange={() => setEdited(true)} noValidate aria-busy={busy}>
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent className={contentClassName}>{children}</DialogContent>
            <DialogActions>
              <Button type="button" appearance="secondary" onClick={close} disabled={busy}>
                {cancelLabel ?? t('resource.form.cancel')}
              </Button>
              <Button
                type="submit"
                appearance="primary"
                disabled={busy || submitDisabled}
                icon={busy ? <Spinner size="tiny" /> : undefined}
              >
                {submitLabel ?? t('resource.form.save')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
        {/* After the form, so it is drawn over the form's fields. */}
        <Dialog open={asking} modalType="alert" onOpenChange={(_, data) => !data.open && setAsking(false)}>
          <DialogSurface aria-describedby="form-discard-text">
            <DialogBody>
              <DialogTitle>{t('resource.form.discardTitle')}</DialogTitle>
              <DialogContent id="form-discard-text">{t('resource.form.discardText')}</DialogContent>
              <DialogActions>
                <Button type="button" appearance="secondary" onClick={() => setAsking(false)}>
                  {t('resource.form.keepEditing')}
                </Button>
                <Button type="button" appearance="primary" onClick={discard}>
                  {t('resource.form.discard')}
                </Button>
              </DialogActions>
            </DialogBody>
          </DialogSurface>
        </Dialog>
      </DialogSurface>
    </Dialog>
  );
}
