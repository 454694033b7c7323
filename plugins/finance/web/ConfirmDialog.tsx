import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';

export interface ConfirmDialogProps {
  readonly open: boolean;
  readonly title: string;
  readonly question: string;
  readonly confirmLabel: string;
  readonly onConfirm: () => Promise<void>;
  readonly onClose: () => void;
}

/** A yes-or-no question before something that cannot be undone. */
export function ConfirmDialog({ open, title, question, confirmLabel, onConfirm, onClose }: ConfirmDialogProps) {
  const { t } = useTranslation('finance');
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} modalType="alert" onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>{question}</DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button appearance="primary" disabled={busy} onClick={() => void confirm()}>
              {confirmLabel}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
