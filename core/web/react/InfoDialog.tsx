import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components';
import { useResourceStrings } from '../resource/resource-strings';

export interface InfoDialogProps {
  readonly title: string;
  readonly onClose: () => void;
  /** The closing button's text; `Close` by default. */
  readonly closeLabel?: string;
  /** Laid out by the caller (a column of lines, a table). */
  readonly contentClassName?: string;
  readonly surfaceClassName?: string;
  readonly children: ReactNode;
}

/**
 * A modal that shows something and asks nothing: a title, the caller's content (a record's data,
 * a preview, a table), and Close (also Escape and a click outside). The frame every read-only
 * dialog of the product shares, next to FormDialog for the ones that submit.
 */
export function InfoDialog({
  title,
  onClose,
  closeLabel,
  contentClassName,
  surfaceClassName,
  children,
}: InfoDialogProps) {
  useResourceStrings();
  const { t } = useTranslation('core');
  return (
    <Dialog open modalType="modal" onOpenChange={(_, state) => !state.open && onClose()}>
      <DialogSurface className={surfaceClassName} aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent className={contentClassName}>{children}</DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {closeLabel ?? t('resource.dialog.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
