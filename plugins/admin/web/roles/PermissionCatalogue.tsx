import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import {
  Button,
  Card,
  CardHeader,
  SearchBox,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular, LockClosedRegular } from '@fluentui/react-icons';
import type { PermissionItem } from '../auth-types';
import { usePermissionAreas } from './permission-areas';
import type { RolesModel } from './roles-model';
import { PermissionDialog } from './PermissionDialog';
import { useRolesStyles } from './roles-styles';

/** The permission catalogue: search, codes grouped by area with their descriptions; add, edit, delete. */
export const PermissionCatalogue = observer(function PermissionCatalogue({
  model,
  ask,
}: {
  model: RolesModel;
  ask: (message: string) => Promise<boolean>;
}) {
  const { t } = useTranslation('admin');
  const styles = useRolesStyles();
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
        header={
          <Text as="h2" weight="semibold">
            {t('permissions.catalogue')}
          </Text>
        }
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
                    <TableCell>
                      {t(`permissions.services.${permission.service}`, { defaultValue: permission.service })}
                    </TableCell>
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
          onSave={(input) =>
            editing.permission ? model.updatePermission(editing.permission, input) : model.createPermission(input)
          }
        />
      )}
    </Card>
  );
});
