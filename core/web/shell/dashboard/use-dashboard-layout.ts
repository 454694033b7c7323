import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_PREFERENCE, type DashboardLayout } from '@core/shared/preferences';
import { useInjection } from '../../react/container-context';
import { PreferencesService } from '../../services/preferences-service';
import { ToastService } from '../../services/toast-service';

export interface DashboardLayoutState {
  /** False until the saved layout has been read; a failed read counts as read (the default layout then). */
  readonly ready: boolean;
  /** The user's layout, or null for the default. */
  readonly saved: DashboardLayout | null;
  save(layout: DashboardLayout): void;
  /** Back to the default: the server forgets the saved layout. */
  reset(): void;
}

/**
 * The signed-in user's dashboard layout, kept on the server (the `dashboard` preference) so it
 * follows them to another browser. Changes show at once; writes go one after another, so a quick
 * run of moves can never land out of order.
 */
export function useDashboardLayout(): DashboardLayoutState {
  const { t } = useTranslation();
  const preferences = useInjection(PreferencesService);
  const toasts = useInjection(ToastService);
  const [state, setState] = useState<{ ready: boolean; saved: DashboardLayout | null }>({ ready: false, saved: null });
  const writes = useRef<Promise<void>>(Promise.resolve());

  useEffect(() => {
    let current = true;
    preferences.get(DASHBOARD_PREFERENCE).then(
      (saved) => current && setState({ ready: true, saved }),
      () => current && setState({ ready: true, saved: null }),
    );
    return () => {
      current = false;
    };
  }, [preferences]);

  const write = useCallback(
    (saved: DashboardLayout | null) => {
      setState({ ready: true, saved });
      writes.current = writes.current
        .then(() => (saved ? preferences.set(DASHBOARD_PREFERENCE, saved) : preferences.clear(DASHBOARD_PREFERENCE)))
        .catch(() => toasts.error(t('dashboard.saveFailed')));
    },
    [preferences, toasts, t],
  );

  return { ...state, save: write, reset: useCallback(() => write(null), [write]) };
}
