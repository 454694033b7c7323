import { useEffect, type KeyboardEvent, type ReactElement } from 'react';
import { Toast, ToastTitle, Toaster, makeStyles, useId, useToastController } from '@fluentui/react-components';
import type { ToastService } from '../services/toast-service';

const useStyles = makeStyles({
  clickable: { cursor: 'pointer' },
});

export interface ToastHostProps {
  readonly toasts: ToastService;
}

/** Copying is a convenience on top of dismissing, so a missing or refused clipboard is ignored. */
function copyQuietly(text: string): void {
  void navigator.clipboard?.writeText(text).catch(() => undefined);
}

/**
 * Shows the kernel's toasts in Fluent's Toaster. Clicking an error toast (or Enter while it has
 * focus) dismisses it and copies its text, so users can paste the error into a report.
 */
export function ToastHost({ toasts }: ToastHostProps): ReactElement {
  // Its own toaster id keeps these toasts apart from any other Toaster on the page.
  const toasterId = useId('toaster');
  const { dispatchToast, dismissToast } = useToastController(toasterId);
  const styles = useStyles();

  useEffect(
    () =>
      toasts.attach({
        show(toast) {
          const dismissAndCopy = (): void => {
            dismissToast(toast.id);
            copyQuietly(toast.message);
          };
          dispatchToast(
            <Toast>
              <ToastTitle>{toast.message}</ToastTitle>
            </Toast>,
            {
              toastId: toast.id,
              intent: toast.intent,
              timeout: toast.timeout,
              // The root is the focusable container Fluent wraps around the toast, so keys reach it.
              root:
                toast.intent === 'error'
                  ? {
                      className: styles.clickable,
                      onClick: dismissAndCopy,
                      onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => {
                        if (event.key === 'Enter') dismissAndCopy();
                      },
                    }
                  : undefined,
            },
          );
        },
      }),
    [toasts, dispatchToast, dismissToast, styles.clickable],
  );

  return <Toaster toasterId={toasterId} position="top-end" />;
}
