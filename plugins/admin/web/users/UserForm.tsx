import { useEffect, useId, useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Option,
  Spinner,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { USERS_REFERENCE } from '@core/sdk/shared';
import {
  DataView,
  HttpError,
  I18nService,
  ReferenceLabels,
  ReferencePicker,
  ResourceFeedback,
  serverMessage,
  ToastService,
  useData,
  useInjection,
  useListboxClass,
  useReferenceLabels,
} from '@core/sdk/web';
import type { UserInfo } from '../auth-types';
import {
  EMPTY_USER_FORM,
  missesRequired,
  userFormFromInfo,
  userFormIssues,
  userPayload,
  type UserFormField,
  type UserFormIssue,
  type UserFormMode,
  type UserFormValues,
} from './user-form-model';
import { UsersStore } from './users-store';

const useStyles = makeStyles({
  surface: { maxWidth: 'min(760px, calc(100vw - 32px))', width: '100%' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))',
    gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end' },
});

type Messages = Partial<Record<UserFormField, readonly string[]>>;

const FIELDS: readonly UserFormField[] = [
  'username',
  'email',
  'sub',
  'roles',
  'tg_user_id',
  'tg_login',
  'password',
  'manager_id',
];

function isFormField(name: string): name is UserFormField {
  return (FIELDS as readonly string[]).includes(name);
}

export interface UserFormState {
  readonly mode: UserFormMode;
  readonly values: UserFormValues;
  readonly set: <K extends UserFormField>(name: K, value: UserFormValues[K]) => void;
  readonly messages: Messages;
  readonly general: readonly string[];
  readonly missingRequired: boolean;
  readonly saving: boolean;
  readonly labels: ReferenceLabels;
  /** The user's role names, for a user who cannot list roles (no JQ/JT). */
  readonly roleNames: readonly string[];
  readonly submit: (event?: FormEvent) => Promise<void>;
}

/**
 * The user form's state and its save: checks first, then `POST users` or `PATCH users/{id}` with
 * the body of `userPayload`; the server's 422 messages land under their inputs.
 */
export function useUserForm(user: UserInfo | null, onSaved: (saved: UserInfo) => void): UserFormState {
  const { t } = useTranslation('admin');
  const store = useInjection(UsersStore);
  const toasts = useInjection(ToastService);
  const i18n = useInjection(I18nService);
  const [feedback] = useState(() => new ResourceFeedback(toasts, i18n));
  const labels = useReferenceLabels();
  const mode: UserFormMode = user ? 'update' : 'create';
  const [values, setValues] = useState<UserFormValues>(() => (user ? userFormFromInfo(user) : EMPTY_USER_FORM));
  const [messages, setMessages] = useState<Messages>({});
  const [general, setGeneral] = useState<readonly string[]>([]);
  const [missingRequired, setMissingRequired] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    void store.loadRoles();
  }, [store]);

  const managerId = user?.manager_id ?? null;
  useEffect(() => {
    void rememberManager(store, labels, managerId);
  }, [store, labels, managerId]);

  // A field's message is about the value it judged: a new value drops it, and the next save checks again.
  const set = <K extends UserFormField>(name: K, value: UserFormValues[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setMessages((current) =>
      Object.hasOwn(current, name)
        ? Object.fromEntries(Object.entries(current).filter(([field]) => field !== name))
        : current,
    );
  };

  const issueText = (issue: UserFormIssue): string => t(`userForm.errors.${issue}`);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (saving) return;
    const issues = userFormIssues(values, mode);
    const local: Messages = {};
    for (const [field, issue] of Object.entries(issues) as [UserFormField, UserFormIssue][])
      local[field] = [issueText(issue)];
    setMessages(local);
    setMissingRequired(missesRequired(issues));
    setGeneral([]);
    if (Object.keys(local).length > 0) return;
    setSaving(true);
    try {
      const payload = userPayload(values, mode, { rolesEditable: store.rolesState === 'ready' });
      const saved = user ? await store.update(user.id, payload) : await store.create(payload);
      feedback.succeeded(user ? 'updated' : 'created');
      setValues((current) => ({ ...current, password: '' }));
      onSaved(saved);
    } catch (error) {
      feedback.failed(user ? 'update' : 'create', error);
      if (error instanceof HttpError && error.status === 422) {
        const onFields: Messages = {};
        const elsewhere: string[] = [];
        for (const [name, list] of Object.entries(error.fieldErrors)) {
          if (isFormField(name)) onFields[name] = list;
          else elsewhere.push(...list);
        }
        setMessages(onFields);
        setGeneral(elsewhere);
      } else {
        setGeneral([serverMessage(error) ?? t('userForm.failed')]);
      }
    } finally {
      setSaving(false);
    }
  };

  return {
    mode,
    values,
    set,
    messages,
    general,
    missingRequired,
    saving,
    labels,
    roleNames: user?.roles ?? [],
    submit,
  };
}

/** Remembers the current manager's name, so the picker shows it without a lookup of its own. */
export async function rememberManager(
  store: UsersStore,
  labels: ReferenceLabels,
  managerId: number | null,
): Promise<void> {
  if (managerId === null) return;
  try {
    const manager = await store.info(managerId);
    labels.remember(USERS_REFERENCE, [{ id: manager.id, label: manager.username }]);
  } catch {
    // The picker then names the manager by id.
  }
}

function invalid(messages: readonly string[] | undefined): {
  validationState: 'error' | 'none';
  validationMessage: string | undefined;
} {
  const has = messages !== undefined && messages.length > 0;
  return { validationState: has ? 'error' : 'none', validationMessage: has ? messages.join(' ') : undefined };
}

/** The inputs of the user form: username, e-mail, sub, roles, messenger id and login, password, manager. */
export const UserFormFields = observer(function UserFormFields({ form }: { form: UserFormState }) {
  const { t } = useTranslation('admin');
  const styles = useStyles();
  const store = useInjection(UsersStore);
  const listboxClass = useListboxClass();
  const managerLabel = useId();
  const { values, set, messages, general, missingRequired } = form;
  const rolesReady = store.rolesState === 'ready';
  const roleName = (id: number) => store.roles.find((role) => role.id === id)?.name ?? `#${id}`;
  const chosenRoles = values.roles.map(roleName).join(', ');
  const rolesHint =
    store.rolesState === 'denied'
      ? t('userForm.rolesDenied', {
          roles: form.roleNames.length > 0 ? form.roleNames.join(', ') : t('userForm.noRoles'),
        })
      : store.rolesState === 'failed'
        ? t('userForm.rolesFailed')
        : undefined;

  return (
    <div className={styles.form}>
      {missingRequired && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{t('userForm.required')}</MessageBarBody>
        </MessageBar>
      )}
      {general.length > 0 && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{general.join(' ')}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.grid}>
        <Field label={t('userForm.username')} required {...invalid(messages.username)} data-field="username">
          <Input value={values.username} autoComplete="off" onChange={(_, data) => set('username', data.value)} />
        </Field>
        <Field
          label={t('userForm.email')}
          hint={t('userForm.emailHint')}
          {...invalid(messages.email)}
          data-field="email"
        >
          <Input
            type="email"
            value={values.email}
            autoComplete="off"
            onChange={(_, data) => set('email', data.value)}
          />
        </Field>
        <Field
          label={t('userForm.sub')}
          hint={form.mode === 'create' ? t('userForm.subHint') : undefined}
          {...invalid(messages.sub)}
          data-field="sub"
        >
          <Input value={values.sub} onChange={(_, data) => set('sub', data.value)} />
        </Field>
        <Field label={t('userForm.roles')} hint={rolesHint} {...invalid(messages.roles)} data-field="roles">
          <Dropdown
            multiselect
            disabled={!rolesReady}
            placeholder={rolesReady ? t('userForm.chooseRoles') : undefined}
            value={rolesReady ? chosenRoles : ''}
            selectedOptions={values.roles.map(String)}
            onOptionSelect={(_, data) =>
              set(
                'roles',
                data.selectedOptions.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0),
              )
            }
            listbox={{ className: listboxClass }}
          >
            {store.roles.map((role) => (
              <Option key={role.id} value={String(role.id)}>
                {role.name}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field label={t('userForm.tgUserId')} {...invalid(messages.tg_user_id)} data-field="tg_user_id">
          <Input inputMode="numeric" value={values.tg_user_id} onChange={(_, data) => set('tg_user_id', data.value)} />
        </Field>
        <Field label={t('userForm.tgLogin')} {...invalid(messages.tg_login)} data-field="tg_login">
          <Input value={values.tg_login} onChange={(_, data) => set('tg_login', data.value)} />
        </Field>
        <Field
          label={t('userForm.password')}
          required={form.mode === 'create'}
          hint={form.mode === 'update' ? t('userForm.passwordHint') : undefined}
          {...invalid(messages.password)}
          data-field="password"
        >
          <Input
            type="password"
            autoComplete="new-password"
            value={values.password}
            onChange={(_, data) => set('password', data.value)}
          />
        </Field>
        <Field
          label={{ children: t('userForm.manager'), id: managerLabel }}
          {...invalid(messages.manager_id)}
          data-field="manager_id"
        >
          <ReferencePicker
            target={USERS_REFERENCE}
            labels={form.labels}
            multiple={false}
            value={values.manager_id === null ? [] : [values.manager_id]}
            ariaLabelledBy={managerLabel}
            invalid={(messages.manager_id?.length ?? 0) > 0}
            onChange={(ids) => set('manager_id', ids[0] ?? null)}
          />
        </Field>
      </div>
    </div>
  );
});

export interface UserFormDialogProps {
  /** The user to edit, or null to create one. */
  readonly userId: number | null;
  readonly onSaved: (user: UserInfo) => void;
  readonly onCancel: () => void;
}

function UserFormDialogBody({
  user,
  onSaved,
  onCancel,
}: {
  user: UserInfo | null;
  onSaved: (user: UserInfo) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const form = useUserForm(user, onSaved);
  return (
    <form onSubmit={(event) => void form.submit(event)} noValidate>
      <DialogBody>
        <DialogTitle>{user ? t('userForm.editTitle', { name: user.username }) : t('userForm.addTitle')}</DialogTitle>
        <DialogContent>
          <UserFormFields form={form} />
        </DialogContent>
        <DialogActions>
          <Button appearance="secondary" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button
            appearance="primary"
            type="submit"
            disabled={form.saving}
            icon={form.saving ? <Spinner size="tiny" /> : undefined}
          >
            {t('common.save')}
          </Button>
        </DialogActions>
      </DialogBody>
    </form>
  );
}

/** Editing: the user's info is read first (`GET users/{id}/info`), its states drawn by DataView. */
function EditUserFormBody({ userId, onSaved, onCancel }: UserFormDialogProps & { readonly userId: number }) {
  const { t } = useTranslation('admin');
  const store = useInjection(UsersStore);
  const user = useData((signal) => store.info(userId, signal), [store, userId]);
  if (user.data) return <UserFormDialogBody user={user.data} onSaved={onSaved} onCancel={onCancel} />;
  return (
    <DialogBody>
      <DialogTitle>{t('userForm.loadingTitle')}</DialogTitle>
      <DialogContent>
        <DataView data={user}>{() => null}</DataView>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('common.close')}</Button>
      </DialogActions>
    </DialogBody>
  );
}

/** The add/edit dialog of the users list: the user form. */
export function UserFormDialog({ userId, onSaved, onCancel }: UserFormDialogProps) {
  const styles = useStyles();
  return (
    <Dialog open modalType="modal" onOpenChange={(_, data) => !data.open && onCancel()}>
      <DialogSurface className={styles.surface}>
        {userId === null ? (
          <UserFormDialogBody user={null} onSaved={onSaved} onCancel={onCancel} />
        ) : (
          <EditUserFormBody userId={userId} onSaved={onSaved} onCancel={onCancel} />
        )}
      </DialogSurface>
    </Dialog>
  );
}
