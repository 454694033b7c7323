import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
} from '@fluentui/react-components';
import { DataView, I18nService, ResourceFeedback, ToastService, useData, useInjection } from '@core/sdk/web';
import type { UserInfo } from '../auth-types';
import { PermissionChecklist } from '../roles/PermissionChecklist';
import { UsersStore } from '../users/users-store';

const useStyles = makeStyles({
  surface: { maxWidth: 'min(860px, calc(100vw - 32px))', width: '100%' },
});

export interface AdditionalPermissionsDialogProps {
  readonly user: Pick<UserInfo, 'id' | 'username' | 'additional_permissions'>;
  readonly onSaved: (user: UserInfo) => void;
  readonly onCancel: () => void;
}

/** A user's additional permissions, on top of their roles': the checklist, saved with `PUT users/{id}/permissions`. */
export function AdditionalPermissionsDialog({ user, onSaved, onCancel }: AdditionalPermissionsDialogProps) {
  const { t } = useTranslation('admin');
  const styles = useStyles();
  const store = useInjection(UsersStore);
  const toasts = useInjection(ToastService);
  const i18n = useInjection(I18nService);
  const [feedback] = useState(() => new ResourceFeedback(toasts, i18n));
  const catalogue = useData(() => store.permissions(), [store]);
  const [selected, setSelected] = useState<ReadonlySet<number>>(
    () => new Set(user.additional_permissions.map((permission) => permission.id)),
  );
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setSaving(true);
    try {
      const saved = await store.setPermissions(
        user.id,
        [...selected].sort((a, b) => a - b),
      );
      feedback.succeeded('updated');
      onSaved(saved);
    } catch (error) {
      feedback.failed('update', error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open modalType="modal" onOpenChange={(_, data) => !data.open && onCancel()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{t('permissions.additionalTitle', { name: user.username })}</DialogTitle>
          <DialogContent>
            <DataView data={catalogue}>
              {(permissions) => (
                <PermissionChecklist permissions={permissions} selected={selected} onChange={setSelected} />
              )}
            </DataView>
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
            <Button appearance="primary" disabled={saving || catalogue.data === undefined} onClick={() => void save()}>
              {t('common.save')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
