import { useEffect, useId, useState, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import {
  Badge,
  Button,
  Card,
  CardHeader,
  Dropdown,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Option,
  SearchBox,
  Spinner,
  Tab,
  TabList,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Textarea,
  Title2,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular, KeyRegular, LockClosedRegular } from '@fluentui/react-icons';
import { USERS_REFERENCE } from '@core/shared/resource/core-references';
import type { ServiceName } from '@core/shared/services';
import { HttpClients } from '@core/web/http/http-clients';
import { useInjection } from '@core/web/react/container-context';
import { ReferenceApi, ReferencePicker, ResourceFeedback } from '@core/web/resource';
import { FormDialog } from '@core/web/react/FormDialog';
import { useConfirm } from '@core/web/resource/ConfirmDialog';
import { useListboxClass } from '@core/web/resource/listbox';
import { ReferenceLabels } from '@core/web/resource/reference-labels';
import { addResourceStrings } from '@core/web/resource/resource-strings';
import { I18nService } from '@core/web/services/i18n-service';
import { PermissionService } from '@core/web/services/permission-service';
import { ToastService } from '@core/web/services/toast-service';
import { USERS_CODE, type PermissionItem, type RoleItem, type UserInfo } from '../auth-types';
import { AdditionalPermissionsDialog } from '../user-detail/AdditionalPermissionsDialog';
import { UsersStore } from '../users/users-store';
import { usePermissionAreas } from './permission-areas';
import { PermissionChecklist } from './PermissionChecklist';
import { RolesModel, type PermissionInput, type WriteResult } from './roles-model';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  layout: { display: 'grid', gridTemplateColumns: 'minmax(220px, 300px) minmax(0, 1fr)', gap: tokens.spacingHorizontalL, alignItems: 'start' },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  roles: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, margin: 0, padding: 0, listStyleType: 'none' },
  role: { justifyContent: 'space-between', width: '100%' },
  selected: { backgroundColor: tokens.colorBrandBackground2 },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  end: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalS },
  grow: { flexGrow: 1 },
  muted: { color: tokens.colorNeutralForeground3 },
  area: { fontWeight: tokens.fontWeightSemibold, backgroundColor: tokens.colorNeutralBackground2 },
  surface: { maxWidth: 'min(560px, calc(100vw - 32px))', width: '100%' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

function messageOf(fields: Readonly<Record<string, readonly string[]>>, name: string): string | undefined {
  const list = fields[name];
  return list && list.length > 0 ? list.join(' ') : undefined;
}

/** One name, for a new role or a renamed one. */
function RoleNameDialog({ role, onSave, onClose }: { role: RoleItem | null; onSave: (name: string) => Promise<WriteResult>; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const styles = useStyles();
  const [name, setName] = useState(role?.name ?? '');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    if (name.trim() === '') {
      setError(t('common.required'));
      return;
    }
    setSaving(true);
    const result = await onSave(name);
    setSaving(false);
    if (result.ok) onClose();
    else setError(messageOf(result.fields, 'name') ?? messageOf(result.fields, 'id'));
  };
  return (
    <FormDialog
      title={role ? t('roles.renameTitle', { name: role.name }) : t('roles.addTitle')}
      onSubmit={submit}
      onClose={onClose}
      busy={saving}
      surfaceClassName={styles.surface}
    >
      <Field label={t('roles.name')} required validationState={error ? 'error' : 'none'} validationMessage={error}>
        <Input value={name} maxLength={64} onChange={(_, data) => setName(data.value)} />
      </Field>
    </FormDialog>
  );
}

const CODE = /^[A-Z][A-Z0-9_]{0,31}$/;

/** A permission of the catalogue: its code (the name), an optional description, its service. */
function PermissionDialog({
  permission,
  onSave,
  onClose,
}: {
  permission: PermissionItem | null;
  onSave: (input: PermissionInput) => Promise<WriteResult>;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const styles = useStyles();
  const listboxClass = useListboxClass();
  const areas = usePermissionAreas();
  const builtIn = permission !== null && areas.isBuiltIn(permission.name);
  const [name, setName] = useState(permission?.name ?? '');
  const [description, setDescription] = useState(permission?.description ?? '');
  const [service, setService] = useState<ServiceName>(() => areas.services.find((known) => known === permission?.service) ?? 'auth');
  const [errors, setErrors] = useState<Readonly<Record<string, readonly string[]>>>({});
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const code = name.trim();
    if (code === '') {
      setErrors({ name: [t('common.required')] });
      return;
    }
    if (!CODE.test(code)) {
      setErrors({ name: [t('permissions.codeFormat')] });
      return;
    }
    setSaving(true);
    const result = await onSave({ name: code, description: description.trim() === '' ? null : description.trim(), service });
    setSaving(false);
    if (result.ok) onClose();
    else setErrors(result.fields);
  };

  return (
    <FormDialog
      title={permission ? t('permissions.editTitle', { name: permission.name }) : t('permissions.addTitle')}
      onSubmit={submit}
      onClose={onClose}
      busy={saving}
      surfaceClassName={styles.surface}
      contentClassName={styles.form}
    >
      <Field
        label={t('permissions.name')}
        required
        hint={builtIn ? t('permissions.builtInHint') : t('permissions.nameHint')}
        validationState={messageOf(errors, 'name') ? 'error' : 'none'}
        validationMessage={messageOf(errors, 'name')}
      >
        <Input value={name} disabled={builtIn} maxLength={32} onChange={(_, data) => setName(data.value.toUpperCase())} />
      </Field>
      <Field
        label={t('permissions.description')}
        validationState={messageOf(errors, 'description') ? 'error' : 'none'}
        validationMessage={messageOf(errors, 'description')}
      >
        <Textarea value={description} maxLength={255} onChange={(_, data) => setDescription(data.value)} />
      </Field>
      <Field
        label={t('permissions.service')}
        required
        validationState={messageOf(errors, 'service') ? 'error' : 'none'}
        validationMessage={messageOf(errors, 'service')}
      >
        <Dropdown
          value={t(`permissions.services.${service}`, { defaultValue: service })}
          selectedOptions={[service]}
          onOptionSelect={(_, data) => setService(areas.services.find((known) => known === data.optionValue) ?? 'auth')}
          listbox={{ className: listboxClass }}
        >
          {areas.services.map((known) => (
            <Option key={known} value={known}>
              {t(`permissions.services.${known}`, { defaultValue: known })}
            </Option>
          ))}
        </Dropdown>
      </Field>
    </FormDialog>
  );
}

/** Opens a user's additional permissions: their info first (`GET users/{id}/info`, JU). */
function useAdditionalPermissions(): { open: (userId: number) => void; dialog: ReactNode } {
  const store = useInjection(UsersStore);
  const toasts = useInjection(ToastService);
  const i18n = useInjection(I18nService);
  const [user, setUser] = useState<UserInfo | null>(null);
  const open = (userId: number) => {
    store.info(userId).then(setUser, (error: unknown) => new ResourceFeedback(toasts, i18n).failed('load', error));
  };
  const dialog = user ? <AdditionalPermissionsDialog user={user} onCancel={() => setUser(null)} onSaved={() => setUser(null)} /> : null;
  return { open, dialog };
}

const RolesList = observer(function RolesList({ model, ask }: { model: RolesModel; ask: (message: string) => Promise<boolean> }) {
  const { t } = useTranslation('admin');
  const styles = useStyles();
  const [naming, setNaming] = useState<{ role: RoleItem | null } | null>(null);
  const selected = model.selected;
  const remove = async (role: RoleItem) => {
    if (await ask(t('roles.confirmDelete', { name: role.name }))) await model.deleteRole(role.id);
  };
  return (
    <Card className={styles.card}>
      <CardHeader
        header={<Text as="h2" weight="semibold">{t('roles.title')}</Text>}
        action={
          <Button size="small" icon={<AddRegular />} onClick={() => setNaming({ role: null })}>
            {t('roles.add')}
          </Button>
        }
      />
      {model.roles.length === 0 ? (
        <Text className={styles.muted}>{t('roles.empty')}</Text>
      ) : (
        <ul className={styles.roles} aria-label={t('roles.title')}>
          {model.roles.map((role) => (
            <li key={role.id}>
              <Button
                appearance="subtle"
                className={mergeClasses(styles.role, role.id === model.selectedId && styles.selected)}
                aria-pressed={role.id === model.selectedId}
                data-role={role.id}
                onClick={() => void model.select(role.id)}
              >
                <span>{role.name}</span>
                <Badge appearance="tint" size="small" aria-label={t('roles.usersCount', { count: role.users_count })}>
                  {role.users_count}
                </Badge>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {selected && (
        <div className={styles.row}>
          <Button size="small" icon={<EditRegular />} disabled={model.busy} onClick={() => setNaming({ role: selected })}>
            {t('roles.rename')}
          </Button>
          <Button size="small" icon={<DeleteRegular />} disabled={model.busy} onClick={() => void remove(selected)}>
            {t('roles.delete')}
          </Button>
        </div>
      )}
      {naming && (
        <RoleNameDialog
          role={naming.role}
          onClose={() => setNaming(null)}
          onSave={(name) => (naming.role ? model.renameRole(naming.role.id, name) : model.createRole(name))}
        />
      )}
    </Card>
  );
});

const RoleDetail = observer(function RoleDetail({ model, openAdditional }: { model: RolesModel; openAdditional: (userId: number) => void }) {
  const { t } = useTranslation('admin');
  const styles = useStyles();
  const i18n = useInjection(I18nService);
  const canReadUsers = useInjection(PermissionService).has(USERS_CODE);
  const [tab, setTab] = useState<'permissions' | 'users'>('permissions');
  const role = model.selected;
  if (!role) return <Text className={styles.muted}>{t('roles.chooseRole')}</Text>;
  const holders = model.holders;

  return (
    <Card className={styles.card}>
      <CardHeader header={<Text as="h2" weight="semibold">{role.name}</Text>} />
      <TabList selectedValue={tab} onTabSelect={(_, data) => setTab(data.value === 'users' ? 'users' : 'permissions')}>
        <Tab value="permissions">{t('roles.permissionsTab')}</Tab>
        <Tab value="users">{t('roles.usersTab', { count: role.users_count })}</Tab>
      </TabList>
      {tab === 'permissions' &&
        (model.assignedLoaded ? (
          <>
            <PermissionChecklist permissions={model.catalogue} selected={model.draft} onChange={(next) => model.setDraft(next)} disabled={model.busy} />
            <div className={styles.row}>
              <Button appearance="primary" disabled={!model.dirty || model.busy} onClick={() => void model.assign()}>
                {t('roles.savePermissions')}
              </Button>
              <Button disabled={!model.dirty || model.busy} onClick={() => model.resetDraft()}>
                {t('roles.resetPermissions')}
              </Button>
            </div>
          </>
        ) : (
          <Spinner label={t('common.loading')} />
        ))}
      {tab === 'users' &&
        (holders === null ? (
          <Spinner label={t('common.loading')} />
        ) : holders.data.length === 0 ? (
          <Text className={styles.muted}>{t('roles.noHolders')}</Text>
        ) : (
          <>
            <Table aria-label={t('roles.holders', { name: role.name })} size="small">
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>{t('users.fields.username')}</TableHeaderCell>
                  <TableHeaderCell>{t('users.fields.email')}</TableHeaderCell>
                  <TableHeaderCell>{t('users.fields.status')}</TableHeaderCell>
                  <TableHeaderCell>{t('users.fields.createdAt')}</TableHeaderCell>
                  <TableHeaderCell>{t('common.actions')}</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {holders.data.map((user) => (
                  <TableRow key={user.id} data-user={user.id}>
                    <TableCell>{user.username}</TableCell>
                    <TableCell>{user.email ?? '—'}</TableCell>
                    <TableCell>{t(`users.statuses.${user.status === 'blocked' ? 'blocked' : 'active'}`)}</TableCell>
                    <TableCell>{i18n.formatDate(user.created_at)}</TableCell>
                    <TableCell>
                      <Button
                        size="small"
                        icon={<KeyRegular />}
                        disabled={!canReadUsers}
                        title={canReadUsers ? undefined : t('permissions.needsUsers')}
                        onClick={() => openAdditional(user.id)}
                      >
                        {t('permissions.additional')}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {holders.last_page > 1 && (
              <div className={styles.row}>
                <Button size="small" disabled={holders.current_page <= 1} onClick={() => void model.loadHolders(holders.current_page - 1)}>
                  {t('common.previous')}
                </Button>
                <Text>{t('common.page', { page: holders.current_page, pages: holders.last_page })}</Text>
                <Button size="small" disabled={holders.current_page >= holders.last_page} onClick={() => void model.loadHolders(holders.current_page + 1)}>
                  {t('common.next')}
                </Button>
              </div>
            )}
          </>
        ))}
    </Card>
  );
});

const Catalogue = observer(function Catalogue({ model, ask }: { model: RolesModel; ask: (message: string) => Promise<boolean> }) {
  const { t } = useTranslation('admin');
  const styles = useStyles();
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<{ permission: PermissionItem | null } | null>(null);
  const areas = usePermissionAreas();
  const groups = areas.group(model.catalogue, text);
  const remove = async (permission: PermissionItem) => {
    if (await ask(t('permissions.confirmDelete', { name: permission.name }))) await model.deletePermission(permission);
  };
  return (
    <Card className={styles.card}>
      <CardHeader
        header={<Text as="h2" weight="semibold">{t('permissions.catalogue')}</Text>}
        action={
          <Button size="small" icon={<AddRegular />} onClick={() => setEditing({ permission: null })}>
            {t('permissions.add')}
          </Button>
        }
      />
      <SearchBox
        aria-label={t('permissions.search')}
        placeholder={t('permissions.search')}
        dismiss={{ 'aria-label': t('permissions.clearSearch') }}
        value={text}
        onChange={(_, data) => setText(data.value)}
      />
      {groups.length === 0 ? (
        <Text className={styles.muted}>{t('common.nothingFound')}</Text>
      ) : (
        <Table aria-label={t('permissions.catalogue')} size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('permissions.name')}</TableHeaderCell>
              <TableHeaderCell>{t('permissions.description')}</TableHeaderCell>
              <TableHeaderCell>{t('permissions.service')}</TableHeaderCell>
              <TableHeaderCell>{t('common.actions')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {groups.flatMap((group) => [
              <TableRow key={`area-${group.area}`}>
                <TableCell colSpan={4} className={styles.area}>
                  {areas.label(group.area)}
                </TableCell>
              </TableRow>,
              ...group.permissions.map((permission) => {
                const builtIn = areas.isBuiltIn(permission.name);
                return (
                  <TableRow key={permission.id} data-permission={permission.name}>
                    <TableCell>
                      <span className={styles.row}>
                        {permission.name}
                        {builtIn && <LockClosedRegular aria-label={t('permissions.builtIn')} />}
                      </span>
                    </TableCell>
                    <TableCell>{areas.describe(permission) ?? '—'}</TableCell>
                    <TableCell>{t(`permissions.services.${permission.service}`, { defaultValue: permission.service })}</TableCell>
                    <TableCell>
                      <span className={styles.row}>
                        <Button
                          size="small"
                          appearance="subtle"
                          icon={<EditRegular />}
                          aria-label={t('permissions.edit', { name: permission.name })}
                          onClick={() => setEditing({ permission })}
                        />
                        {!builtIn && (
                          <Button
                            size="small"
                            appearance="subtle"
                            icon={<DeleteRegular />}
                            aria-label={t('permissions.delete', { name: permission.name })}
                            disabled={model.busy}
                            onClick={() => void remove(permission)}
                          />
                        )}
                      </span>
                    </TableCell>
                  </TableRow>
                );
              }),
            ])}
          </TableBody>
        </Table>
      )}
      {editing && (
        <PermissionDialog
          permission={editing.permission}
          onClose={() => setEditing(null)}
          onSave={(input) => (editing.permission ? model.updatePermission(editing.permission, input) : model.createPermission(input))}
        />
      )}
    </Card>
  );
});

/** Any user's additional permissions, for whoever may also read users (JU). */
function AnyUserPermissions({ openAdditional }: { openAdditional: (userId: number) => void }) {
  const { t } = useTranslation('admin');
  const styles = useStyles();
  const http = useInjection(HttpClients);
  const [labels] = useState(() => new ReferenceLabels(new ReferenceApi(http)));
  const [userId, setUserId] = useState<number | null>(null);
  const labelId = useId();
  return (
    <Card className={styles.card}>
      <CardHeader header={<Text as="h2" weight="semibold">{t('permissions.giveUser')}</Text>} />
      <div className={styles.end}>
        <Field label={{ children: t('permissions.user'), id: labelId }} className={styles.grow}>
          <ReferencePicker target={USERS_REFERENCE} labels={labels} multiple={false} value={userId === null ? [] : [userId]} ariaLabelledBy={labelId} onChange={(ids) => setUserId(ids[0] ?? null)} />
        </Field>
        <Button icon={<KeyRegular />} disabled={userId === null} onClick={() => userId !== null && openAdditional(userId)}>
          {t('permissions.additional')}
        </Button>
      </div>
    </Card>
  );
}

const RolesScreen = observer(function RolesScreen() {
  const { t } = useTranslation('admin');
  const styles = useStyles();
  const http = useInjection(HttpClients);
  const toasts = useInjection(ToastService);
  const i18n = useInjection(I18nService);
  const canReadUsers = useInjection(PermissionService).has(USERS_CODE);
  const [model] = useState(() => new RolesModel(http, new ResourceFeedback(toasts, i18n)));
  const [view, setView] = useState<'roles' | 'catalogue'>('roles');
  const { dialog: confirmDialog, ask } = useConfirm();
  const additional = useAdditionalPermissions();
  useEffect(() => {
    void model.load();
  }, [model]);

  return (
    <div className={styles.page}>
      <Title2 as="h1">{t('roles.pageTitle')}</Title2>
      {model.failed && (
        <MessageBar intent="error">
          <MessageBarBody>{t('common.loadFailed')}</MessageBarBody>
        </MessageBar>
      )}
      {!model.rolesLoaded && !model.failed && <Spinner label={t('common.loading')} />}
      {model.rolesLoaded && (
        <>
          <TabList selectedValue={view} onTabSelect={(_, data) => setView(data.value === 'catalogue' ? 'catalogue' : 'roles')}>
            <Tab value="roles">{t('roles.title')}</Tab>
            <Tab value="catalogue">{t('permissions.catalogue')}</Tab>
          </TabList>
          {view === 'roles' ? (
            <div className={styles.layout}>
              <RolesList model={model} ask={ask} />
              <RoleDetail model={model} openAdditional={additional.open} />
            </div>
          ) : (
            <Catalogue model={model} ask={ask} />
          )}
          {canReadUsers && <AnyUserPermissions openAdditional={additional.open} />}
        </>
      )}
      {additional.dialog}
      {confirmDialog}
    </div>
  );
});

/** `/roles-permissions` (JQ or JT): roles, their permissions and holders, the permission catalogue, users' additional permissions. */
export const RolesPermissionsPage = observer(function RolesPermissionsPage() {
  const i18n = useInjection(I18nService);
  addResourceStrings(i18n.i18n);
  useTranslation(['admin', 'core']);
  return <RolesScreen />;
});
