import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useResourceStrings } from './resource-strings';

/** What the dialog says besides the question; the engine's 'Please confirm' and 'Yes' by default. */
export interface ConfirmWording {
  readonly title?: string;
  /** The confirming button, best the action's own name ('Delete', 'Unlink'). */
  readonly confirmLabel?: string;
  /** The record the question is about (its label), named under the question so the user sees what is meant. */
  readonly subject?: string;
  /** What saying yes does, under the record's name (an action's own explanation). */
  readonly detail?: string;
}

interface Question extends ConfirmWording {
  readonly message: string;
  readonly resolve: (yes: boolean) => void;
}

const useStyles = makeStyles({
  text: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  subject: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
});

/**
 * A yes/no question as a promise: `await ask(t('core:resource.confirm.question'))`. Render the
 * returned element once, anywhere in the screen.
 */
export function useConfirm(): {
  readonly dialog: ReactNode;
  readonly ask: (message: string, wording?: ConfirmWording) => Promise<boolean>;
} {
  useResourceStrings();
  const { t } = useTranslation('core');
  const styles = useStyles();
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
          <DialogContent id="resource-confirm-text" className={styles.text}>
            <Text>{question?.message}</Text>
            {question?.subject && <Text className={styles.subject}>{question.subject}</Text>}
            {question?.detail && <Text>{question.detail}</Text>}
          </DialogContent>
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
