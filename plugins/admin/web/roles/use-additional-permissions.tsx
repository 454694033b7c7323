import { useState, type ReactNode } from 'react';
import { I18nService, ResourceFeedback, ToastService, useInjection } from '@core/sdk/web';
import type { UserInfo } from '../auth-types';
import { AdditionalPermissionsDialog } from '../user-detail/AdditionalPermissionsDialog';
import { UsersStore } from '../users/users-store';

/** Opens a user's additional permissions: their info first (`GET users/{id}/info`, JU). */
export function useAdditionalPermissions(): { open: (userId: number) => void; dialog: ReactNode } {
  const store = useInjection(UsersStore);
  const toasts = useInjection(ToastService);
  const i18n = useInjection(I18nService);
  const [user, setUser] = useState<UserInfo | null>(null);
  const open = (userId: number) => {
    store.info(userId).then(setUser, (error: unknown) => new ResourceFeedback(toasts, i18n).failed('load', error));
  };
  const dialog = user ? (
    <AdditionalPermissionsDialog user={user} onCancel={() => setUser(null)} onSaved={() => setUser(null)} />
  ) : null;
  return { open, dialog };
}
