import { useId, useMemo, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular, PeopleRegular } from '@fluentui/react-icons';
import { USERS_REFERENCE, type DataEnvelope, type ResourceRecord } from '@core/sdk/shared';
import {
  DataView,
  HttpClients,
  I18nService,
  PermissionService,
  ReferencePicker,
  ResourcePage,
  useConfirm,
  useData,
  useInjection,
  type ExtraRowAction,
  type ResourceCellProps,
  type ResourceScreenOptions,
  useReferenceLabels,
} from '@core/sdk/web';
import { rdpServersResource, type RdpGrant } from '../../shared/rdp';
import { USERS_CODE } from '../auth-types';

const useStyles = makeStyles({
  name: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  text: { overflow: 'hidden', textOverflow: 'ellipsis' },
  surface: { maxWidth: 'min(640px, calc(100vw - 32px))', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  grow: { flexGrow: 1 },
  muted: { color: tokens.colorNeutralForeground3 },
});

function grantsOf(record: ResourceRecord): readonly RdpGrant[] {
  const users = record.users;
  return Array.isArray(users) ? (users as readonly RdpGrant[]) : [];
}

/** The server's name, and how many users are granted on it (their names on hover). */
function NameCell({ record, value }: ResourceCellProps) {
  const { t } = useTranslation('admin');
  const styles = useStyles();
  const grants = grantsOf(record);
  return (
    <span className={styles.name}>
      <span className={styles.text}>{typeof value === 'string' ? value : ''}</span>
      {grants.length > 0 && (
        <Badge
          appearance="tint"
          size="small"
          title={grants.map((grant) => grant.username).join(', ')}
          aria-label={t('rdp.usersCount', { count: grants.length })}
        >
          {grants.length}
        </Badge>
      )}
    </span>
  );
}

/**
 * The users granted on one server: revoke each, grant another (when users can be picked, JU).
 * `onChanged` follows each grant or revocation, so the list's count of users keeps up.
 */
function RdpUsersDialog({
  server,
  onChanged,
  onClose,
}: {
  server: ResourceRecord;
  onChanged: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const styles = useStyles();
  const http = useInjection(HttpClients);
  const i18n = useInjection(I18nService);
  const canPickUsers = useInjection(PermissionService).has(USERS_CODE);
  const labels = useReferenceLabels();
  const [userId, setUserId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const { dialog, ask } = useConfirm();
  const pickerLabel = useId();
  const name = typeof server.name === 'string' ? server.name : `#${server.id}`;

  const grants = useData(
    async (signal) =>
      (
        await http
          .get('auth')
          .get<DataEnvelope<readonly RdpGrant[]>>(`rdps/server/${server.id}/users`, { silent: true, signal })
      ).data,
    [http, server.id],
  );

  const change = async (run: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await run();
      onChanged();
      return true;
    } catch {
      return false;
    } finally {
      await grants.reload();
      setBusy(false);
    }
  };
  const grant = async () => {
    if (userId === null || !(await ask(t('services.confirm.rdpCreate')))) return;
    if (await change(() => http.get('auth').post(`rdps/${server.id}/users/${userId}`))) setUserId(null);
  };
  const revoke = async (item: RdpGrant) => {
    if (await ask(t('services.confirm.rdpDelete'))) await change(() => http.get('auth').delete(`rdps/${item.id}`));
  };

  return (
    <>
      <Dialog open modalType="modal" onOpenChange={(_, data) => !data.open && onClose()}>
        <DialogSurface className={styles.surface}>
          <DialogBody>
            <DialogTitle>{t('rdp.usersTitle', { server: name })}</DialogTitle>
            <DialogContent className={styles.content}>
              <DataView
                data={grants}
                isEmpty={(found) => found.length === 0}
                empty={<Text className={styles.muted}>{t('rdp.noUsers')}</Text>}
              >
                {(found) => (
                  <Table size="small" aria-label={t('rdp.usersTitle', { server: name })}>
                    <TableHeader>
                      <TableRow>
                        <TableHeaderCell>{t('users.fields.username')}</TableHeaderCell>
                        <TableHeaderCell>{t('rdp.grantedAt')}</TableHeaderCell>
                        <TableHeaderCell>{t('common.actions')}</TableHeaderCell>
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {found.map((item) => (
                        <TableRow key={item.id}>
                          <TableCell>{item.username}</TableCell>
                          <TableCell>{i18n.format.date(new Date(item.created_at))}</TableCell>
                          <TableCell>
                            <Button
                              size="small"
                              appearance="subtle"
                              icon={<DeleteRegular />}
                              aria-label={t('rdp.revoke', { name: item.username })}
                              disabled={busy}
                              onClick={() => void revoke(item)}
                            />
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                )}
              </DataView>
              {canPickUsers && (
                <div className={styles.row}>
                  <Field className={styles.grow} label={{ children: t('rdp.grantUser'), id: pickerLabel }}>
                    <ReferencePicker
                      target={USERS_REFERENCE}
                      labels={labels}
                      multiple={false}
                      value={userId === null ? [] : [userId]}
                      ariaLabelledBy={pickerLabel}
                      onChange={(ids) => setUserId(ids[0] ?? null)}
                    />
                  </Field>
                  <Button icon={<AddRegular />} disabled={userId === null || busy} onClick={() => void grant()}>
                    {t('rdp.grant')}
                  </Button>
                </div>
              )}
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>{t('common.close')}</Button>
            </DialogActions>
          </DialogBody>
          {/* Nested in this dialog, the confirmation hands the modal back when it closes; beside it, this dialog stayed aria-hidden. */}
          {dialog}
        </DialogSurface>
      </Dialog>
    </>
  );
}

/**
 * `/rdp-servers` (VR): the engine's list of `rdpServersResource` (the server serves it as an engine
 * resource, with the users granted on each server in every row), and a dialog of those users.
 */
export const RdpServersPage = observer(function RdpServersPage() {
  useTranslation('admin');
  // The server whose users are open, and the list's reload (the row shows how many are granted).
  const [opened, setOpened] = useState<{
    readonly server: ResourceRecord;
    readonly reload: () => Promise<void>;
  } | null>(null);
  const options = useMemo<ResourceScreenOptions>(() => {
    const users: ExtraRowAction = {
      name: 'users',
      labelKey: 'admin:rdp.users',
      icon: <PeopleRegular />,
      run: (record, { reload }) => setOpened({ server: record, reload }),
    };
    return { path: '/rdp-servers', cells: { name: NameCell }, rowActions: [users] };
  }, []);
  return (
    <>
      <ResourcePage definition={rdpServersResource} options={options} />
      {opened && (
        <RdpUsersDialog server={opened.server} onChanged={() => void opened.reload()} onClose={() => setOpened(null)} />
      )}
    </>
  );
});
