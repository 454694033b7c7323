import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Button, MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import type { UserDetailTabProps } from '@core/sdk/web';
import type { UserInfo } from '../auth-types';
import { UserFormFields, useUserForm } from '../users/UserForm';
import { useUserDetail } from './user-detail-model';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '960px' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

function EditForm({ user, onSaved }: { user: UserInfo; onSaved: (user: UserInfo) => void }) {
  const { t } = useTranslation('admin');
  const styles = useStyles();
  const form = useUserForm(user, onSaved);
  return (
    <form
      className={styles.form}
      onSubmit={(event) => void form.submit(event)}
      noValidate
      aria-label={t('userDetail.tabs.edit')}
    >
      <UserFormFields form={form} />
      <div className={styles.actions}>
        <Button
          appearance="primary"
          type="submit"
          disabled={form.saving}
          icon={form.saving ? <Spinner size="tiny" /> : undefined}
        >
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}

/** `edit-user-tab`: the user form, saved with `PATCH users/{id}`. */
export const EditUserTab = observer(function EditUserTab({ userId }: UserDetailTabProps) {
  const { t } = useTranslation('admin');
  const model = useUserDetail(userId);
  const user = model.user;
  if (!user) {
    return model.state === 'failed' ? (
      <MessageBar intent="error">
        <MessageBarBody>{t('userDetail.loadFailed')}</MessageBarBody>
      </MessageBar>
    ) : (
      <Spinner label={t('common.loading')} />
    );
  }
  // Keyed by the loaded record: the form starts from the user as first shown, and keeps edits after a save.
  return <EditForm key={user.id} user={user} onSaved={(saved) => model.set(saved)} />;
});
