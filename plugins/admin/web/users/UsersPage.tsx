import { useMemo } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { makeStyles, tokens } from '@fluentui/react-components';
import { OpenRegular } from '@fluentui/react-icons';
import {
  ResourcePage,
  type ResourceCellProps,
  type ResourceFormProps,
  type ResourceScreenOptions,
} from '@core/sdk/web';
import { USERS_RESOURCE } from '@core/sdk/shared';
import { UserFormDialog } from './UserForm';
import { UsersListApi } from './users-api';

const useStyles = makeStyles({
  link: {
    color: tokens.colorBrandForegroundLink,
    textDecorationLine: 'none',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    ':hover': { textDecorationLine: 'underline' },
  },
  // A block of its own, so a long list of roles ends in an ellipsis instead of running into the next column.
  text: { display: 'block', minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

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

/** The role names `GET users` gives each row (the labels of its `role_ids`). */
function RolesCell({ record }: ResourceCellProps) {
  const styles = useStyles();
  const names = record._labels?.role_ids;
  const text = typeof names === 'string' ? names : (names ?? []).join(', ');
  return (
    <span className={styles.text} title={text}>
      {text}
    </span>
  );
}

/** Add and edit with the user form (roles, password, Telegram, manager) rather than the generated dialog. */
function UserForm({ record, onCancel, onSaved }: ResourceFormProps) {
  return (
    <UserFormDialog
      userId={record?.id ?? null}
      onCancel={onCancel}
      onSaved={(user) => onSaved({ ...user, version: 0, updated_at: user.created_at })}
    />
  );
}

/**
 * `/users` (JU): the engine's list screen of the core's users resource (UsersListApi): its filters
 * and orders, the without/with/only deleted scopes, block and unblock, soft delete and restore,
 * selection, CSV export and each user's history, add and edit with the user form; the username
 * (or Open) goes to the user detail.
 */
export function UsersPage() {
  const navigate = useNavigate();
  const options = useMemo<ResourceScreenOptions>(
    () => ({
      listApi: (clients) => new UsersListApi(clients),
      deletedScopes: ['without', 'with', 'only'],
      cells: { username: UsernameCell, role_ids: RolesCell },
      // Role names are longer than the ids a reference column is sized for.
      columnWidths: { role_ids: 220 },
      form: UserForm,
      addLabelKey: 'admin:users.add',
      recordPath: (record) => userDetailPath(record.id),
      rowActions: [
        {
          name: 'open',
          labelKey: 'admin:users.open',
          icon: <OpenRegular />,
          run: (record) => navigate(userDetailPath(record.id)),
        },
      ],
    }),
    [navigate],
  );
  return <ResourcePage definition={USERS_RESOURCE} options={options} />;
}
