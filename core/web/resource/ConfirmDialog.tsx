import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useResourceStrings } from './resource-strings';

/** What the dialog says besides the question; the engine's 'Please confirm' and 'Yes' by default. */
export interface ConfirmWording {
  readonly title?: string;
  /** The confirming button, best the action's own name ('Delete', 'Unlink'). */
  readonly confirmLabel?: string;
}

interface Question extends ConfirmWording {
  readonly message: string;
  readonly resolve: (yes: boolean) => void;
}

/**
 * A yes/no question as a promise: `await ask(t('core:resource.confirm.question'))`. Render the
 * returned element once, anywhere in the screen.
 */
export function useConfirm(): { readonly dialog: ReactNode; readonly ask: (message: string, wording?: ConfirmWording) => Promise<boolean> } {
  useResourceStrings();
  const { t } = useTranslation('core');
  const [question, setQuestion] = useState<Question | null>(null);
  const current = useRef<Question | null>(null);

  const ask = useCallback((message: string, wording: ConfirmWording = {}) => {
    current.current?.resolve(false);
    return new Promise<boolean>((resolve) => {
      const next = { ...wording, message, resolve };
      current.current = next;
      setQuestion(next);
    });
  }, []);

  const answer = (yes: boolean) => {
    current.current?.resolve(yes);
    current.current = null;
    setQuestion(null);
  };

  const dialog = (
    <Dialog open={question !== null} modalType="alert" onOpenChange={(_, data) => !data.open && answer(false)}>
      <DialogSurface aria-describedby="resource-confirm-text">
        <DialogBody>
          <DialogTitle>{question?.title ?? t('resource.confirm.title')}</DialogTitle>
          <DialogContent id="resource-confirm-text">{question?.message}</DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={() => answer(false)}>
              {t('resource.confirm.no')}
            </Button>
            <Button appearance="primary" onClick={() => answer(true)}>
              {question?.confirmLabel ?? t('resource.confirm.yes')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
  return { dialog, ask };
}
