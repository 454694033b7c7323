import { useEffect, useId, useMemo, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import {
  Button,
  Dropdown,
  Menu,
  MenuDivider,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Option,
  Title2,
  Toolbar,
  ToolbarButton,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import {
  AddRegular,
  ArrowClockwiseRegular,
  ArrowUndoRegular,
  DeleteRegular,
  EditRegular,
  LockClosedRegular,
  LockOpenRegular,
  MoreHorizontalRegular,
  OpenRegular,
} from '@fluentui/react-icons';
import type { DeletedScope } from '@core/shared/resource/list-query';
import type { ResourceRecord } from '@core/shared/resource/definition';
import { HttpClients } from '@core/web/http/http-clients';
import { BrowserStorage } from '@core/web/kernel/environment';
import { useInjection } from '@core/web/react/container-context';
import { ReferenceApi, ResourceFeedback, type ResourceCellProps } from '@core/web/resource';
import { ColumnPreferences, columnStorageKey } from '@core/web/resource/columns';
import { useConfirm } from '@core/web/resource/ConfirmDialog';
import { FilterChips } from '@core/web/resource/FilterChips';
import { FilterToggle } from '@core/web/resource/FilterToggle';
import { withoutFilters } from '@core/web/resource/filter-draft';
import { FilterPanel } from '@core/web/resource/FilterPanel';
import { decodeListView, encodeListView, hasFilters, paramsOf, type ListView } from '@core/web/resource/list-view';
import { useListboxClass } from '@core/web/resource/listbox';
import { Pager } from '@core/web/resource/Pager';
import { ReferenceLabels } from '@core/web/resource/reference-labels';
import { ResourceListStore } from '@core/web/resource/resource-list-store';
import { addResourceStrings } from '@core/web/resource/resource-strings';
import { ResourceTable } from '@core/web/resource/ResourceTable';
import { isBlocked, isDeleted } from '@core/web/resource/row-actions';
import { I18nService } from '@core/web/services/i18n-service';
import { PermissionService } from '@core/web/services/permission-service';
import { SessionStore } from '@core/web/services/session-store';
import { ToastService } from '@core/web/services/toast-service';
import { USERS_CODE } from '../auth-types';
import { NoAccess } from '../common/NoAccess';
import { UserFormDialog } from './UserForm';
import { USER_SORT_DIRECTION, UsersApi, usersScreen } from './users-api';
import { UsersStore } from './users-store';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  heading: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  toolbar: { flexWrap: 'wrap', padding: 0, gap: tokens.spacingHorizontalS },
  choice: { minWidth: '160px' },
  panel: {
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    padding: tokens.spacingHorizontalL,
  },
  card: {
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    overflow: 'hidden',
    boxShadow: tokens.shadow2,
  },
  link: {
    color: tokens.colorBrandForegroundLink,
    textDecorationLine: 'none',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    ':hover': { textDecorationLine: 'underline' },
  },
  text: { overflow: 'hidden', textOverflow: 'ellipsis' },
});

const ROLE_PARAM = 'role_id';
const DELETED_SCOPES: readonly DeletedScope[] = ['without', 'with', 'only'];

export const userDetailPath = (id: number, tab = 'info-tab'): string => `/user/${id}/${tab}`;

/** The username opens the user detail. */
function UsernameCell({ record, value }: ResourceCellProps) {
  const styles = useStyles();
  return (
    <RouterLink className={styles.link} to={userDetailPath(record.id)}>
      {typeof value === 'string' ? value : `#${record.id}`}
    </RouterLink>
  );
}

function RolesCell({ value }: ResourceCellProps) {
  const styles = useStyles();
  const text = Array.isArray(value) ? value.filter((name): name is string => typeof name === 'string').join(', ') : '';
  return (
    <span className={styles.text} title={text}>
      {text}
    </span>
  );
}

const CELLS = { username: UsernameCell, roles: RolesCell };

function withRole(params: Record<string, string>, roleId: number | null): Record<string, string> {
  return roleId === null ? params : { ...params, [ROLE_PARAM]: String(roleId) };
}

function roleOf(search: URLSearchParams): number | null {
  const value = Number(search.get(ROLE_PARAM));
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

interface RowHandlers {
  readonly open: (record: ResourceRecord) => void;
  readonly edit: (record: ResourceRecord) => void;
  readonly block: (record: ResourceRecord) => void;
  readonly unblock: (record: ResourceRecord) => void;
  readonly remove: (record: ResourceRecord) => void;
  readonly restore: (record: ResourceRecord) => void;
}

function UserRowMenu({ record, on }: { record: ResourceRecord; on: RowHandlers }) {
  const { t } = useTranslation('admin');
  const deleted = isDeleted(record);
  const label = typeof record.username === 'string' ? record.username : `#${record.id}`;
  return (
    <Menu positioning="below-end">
      <MenuTrigger disableButtonEnhancement>
        <Button appearance="subtle" size="small" icon={<MoreHorizontalRegular />} aria-label={t('users.rowActions', { name: label })} />
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuItem icon={<OpenRegular />} onClick={() => on.open(record)}>
            {t('users.open')}
          </MenuItem>
          {deleted ? (
            <MenuItem icon={<ArrowUndoRegular />} onClick={() => on.restore(record)}>
              {t('users.restore')}
            </MenuItem>
          ) : (
            <>
              <MenuItem icon={<EditRegular />} onClick={() => on.edit(record)}>
                {t('users.edit')}
              </MenuItem>
              {isBlocked(record) ? (
                <MenuItem icon={<LockOpenRegular />} onClick={() => on.unblock(record)}>
                  {t('users.unblock')}
                </MenuItem>
              ) : (
                <MenuItem icon={<LockClosedRegular />} onClick={() => on.block(record)}>
                  {t('users.block')}
                </MenuItem>
              )}
              <MenuDivider />
              <MenuItem icon={<DeleteRegular />} onClick={() => on.remove(record)}>
                {t('users.delete')}
              </MenuItem>
            </>
          )}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

interface Scope {
  readonly api: UsersApi;
  readonly labels: ReferenceLabels;
  readonly store: ResourceListStore;
  readonly columns: ColumnPreferences;
}

type Editing = { readonly kind: 'closed' } | { readonly kind: 'open'; readonly userId: number | null };

const UsersScreen = observer(function UsersScreen() {
  const { t } = useTranslation(['admin', 'core']);
  const styles = useStyles();
  const http = useInjection(HttpClients);
  const toasts = useInjection(ToastService);
  const i18n = useInjection(I18nService);
  const session = useInjection(SessionStore);
  const storage = useInjection(BrowserStorage);
  const users = useInjection(UsersStore);
  const navigate = useNavigate();
  const listboxClass = useListboxClass();
  const filterPanelId = useId();

  const [scope] = useState<Scope>(() => {
    const api = new UsersApi(http);
    return {
      api,
      labels: new ReferenceLabels(new ReferenceApi(http)),
      store: new ResourceListStore(api, new ResourceFeedback(toasts, i18n)),
      columns: new ColumnPreferences(usersScreen, storage, columnStorageKey(session.user?.id ?? 'anonymous', usersScreen.id)),
    };
  });
  const { api, labels, store, columns } = scope;
  useEffect(() => () => store.dispose(), [store]);
  useEffect(() => {
    void users.loadRoles();
  }, [users]);

  // The URL is the list's state: the engine's codec, plus the role filter beside it.
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
  const roleId = useMemo(() => roleOf(new URLSearchParams(search)), [search]);
  const decoded = useMemo(() => {
    const params = new URLSearchParams(search);
    params.delete(ROLE_PARAM);
    return decodeListView(usersScreen, paramsOf(params));
  }, [search]);
  useEffect(() => {
    if (decoded.dropped.length > 0) setSearchParams(withRole(encodeListView(usersScreen, decoded.view), roleId), { replace: true });
    const roleChanged = api.roleId !== roleId;
    const shown = store.page !== null || store.loading;
    const before = store.viewKey;
    api.roleId = roleId;
    store.setView(decoded.view);
    // A new role alone is no new view for the store: it is read again here.
    if (roleChanged && shown && store.viewKey === before) void store.refresh();
  }, [decoded, roleId, api, store, setSearchParams]);

  const go = (view: ListView, role: number | null = roleId) => setSearchParams(withRole(encodeListView(usersScreen, view), role));
  const view = store.view;
  const query = view.query;

  const lastPage = store.page && !store.stale ? store.page.last_page : null;
  useEffect(() => {
    if (lastPage !== null && query.page > Math.max(1, lastPage)) {
      setSearchParams(withRole(encodeListView(usersScreen, { ...view, query: { ...query, page: Math.max(1, lastPage) } }), roleId), { replace: true });
    }
  }, [lastPage, query, view, roleId, setSearchParams]);

  const [filtersOpen, setFiltersOpen] = useState(false);
  const [editing, setEditing] = useState<Editing>({ kind: 'closed' });
  const { dialog: confirmDialog, ask } = useConfirm();

  // The API sorts each column one way only, so the header shows that way.
  const sortBy = (column: string) => {
    const field = column === 'username' ? 'username' : 'created_at';
    go({ ...view, query: { ...query, page: 1, sort: { field, direction: USER_SORT_DIRECTION[field] } } });
  };

  const handlers: RowHandlers = {
    open: (record) => navigate(userDetailPath(record.id)),
    edit: (record) => setEditing({ kind: 'open', userId: record.id }),
    block: (record) => void store.block(record),
    unblock: (record) => void store.unblock(record),
    remove: (record) => void ask(t('core:resource.confirm.question')).then((yes) => yes && store.remove(record)),
    restore: (record) => void store.restore(record),
  };

  const emptyMessage =
    store.emptyState === 'nothingFound'
      ? t('core:resource.table.nothingFound')
      : store.emptyState === 'empty'
        ? t('core:resource.table.empty')
        : null;
  const filterCount = query.filters.length + (roleId === null ? 0 : 1);
  const rolesReady = users.rolesState === 'ready';
  const roleName = users.roles.find((role) => role.id === roleId)?.name;

  return (
    <div className={styles.page}>
      <div className={styles.heading}>
        <Title2 as="h1">{t('users.title')}</Title2>
        <Toolbar className={styles.toolbar} aria-label={t('core:resource.toolbar.label')}>
          <ToolbarButton icon={<ArrowClockwiseRegular />} onClick={() => void store.refresh()} disabled={store.loading}>
            {t('core:resource.toolbar.refresh')}
          </ToolbarButton>
          <FilterToggle open={filtersOpen} count={filterCount} panelId={filterPanelId} onToggle={() => setFiltersOpen((open) => !open)} />
          {rolesReady && (
            <Dropdown
              className={styles.choice}
              aria-label={t('users.roleFilter')}
              value={roleName ?? t('users.allRoles')}
              selectedOptions={[roleId === null ? '' : String(roleId)]}
              onOptionSelect={(_, data) => go({ ...view, query: { ...query, page: 1 } }, data.optionValue ? Number(data.optionValue) : null)}
              listbox={{ className: listboxClass }}
            >
              <Option value="">{t('users.allRoles')}</Option>
              {users.roles.map((role) => (
                <Option key={role.id} value={String(role.id)}>
                  {role.name}
                </Option>
              ))}
            </Dropdown>
          )}
          <Dropdown
            className={styles.choice}
            aria-label={t('users.deletedScope')}
            value={t(`users.deleted.${query.deleted}`)}
            selectedOptions={[query.deleted]}
            onOptionSelect={(_, data) => {
              const deleted = DELETED_SCOPES.find((scope) => scope === data.optionValue) ?? 'without';
              go({ ...view, query: { ...query, page: 1, deleted } });
            }}
            listbox={{ className: listboxClass }}
          >
            {DELETED_SCOPES.map((scope) => (
              <Option key={scope} value={scope}>
                {t(`users.deleted.${scope}`)}
              </Option>
            ))}
          </Dropdown>
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing({ kind: 'open', userId: null })}>
            {t('users.add')}
          </Button>
        </Toolbar>
      </div>

      {filtersOpen && (
        <section id={filterPanelId} className={styles.panel} aria-label={t('core:resource.filter.title')}>
          <FilterPanel
            definition={usersScreen}
            view={view}
            labels={labels}
            language={i18n.language}
            onApply={(next) => go(next)}
            onClear={() => go(withoutFilters(view), null)}
          />
        </section>
      )}
      {hasFilters(view) && <FilterChips definition={usersScreen} view={view} labels={labels} onChange={(next) => go(next)} offerClearAll={!filtersOpen} />}

      {store.failed && !store.page && (
        <MessageBar intent="error">
          <MessageBarBody>{t('core:resource.loadFailed')}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => void store.refresh()}>{t('core:resource.retry')}</Button>
          </MessageBarActions>
        </MessageBar>
      )}

      <div className={styles.card}>
        <ResourceTable
          store={store}
          columns={columns}
          selectable={false}
          cells={CELLS}
          labelOf={(record) => (typeof record.username === 'string' ? record.username : `#${record.id}`)}
          onSort={sortBy}
          rowMenu={(record) => <UserRowMenu record={record} on={handlers} />}
          emptyMessage={emptyMessage}
        />
        <Pager
          store={store}
          onPage={(page) => go({ ...view, query: { ...query, page } })}
          onPerPage={(perPage) => go({ ...view, query: { ...query, page: 1, perPage } })}
        />
      </div>

      {editing.kind === 'open' && (
        <UserFormDialog
          userId={editing.userId}
          onCancel={() => setEditing({ kind: 'closed' })}
          onSaved={() => {
            setEditing({ kind: 'closed' });
            void store.refresh();
          }}
        />
      )}
      {confirmDialog}
    </div>
  );
});

/**
 * `/users` (JU): the auth service's users, drawn with the resource engine's table, pager, filter
 * panel and confirmation; block and unblock, soft delete and restore, add and edit with the user
 * form; the username opens the user detail.
 */
export const UsersPage = observer(function UsersPage() {
  const i18n = useInjection(I18nService);
  addResourceStrings(i18n.i18n);
  // Suspends until the admin strings are loaded, as every plugin page does.
  useTranslation(['admin', 'core']);
  const permissions = useInjection(PermissionService);
  if (!permissions.has(USERS_CODE)) return <NoAccess />;
  return <UsersScreen />;
});
