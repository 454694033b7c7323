import { useId, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Button, Text, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, ArrowClockwiseRegular } from '@fluentui/react-icons';
import {
  DataView,
  I18nService,
  PermissionService,
  ToastService,
  useConfirm,
  useData,
  useInjection,
} from '@core/sdk/web';
import { dataOf, failureText, type FinanceResult } from '../finance-result';
import { GoogleTableDialog, type ParentOption } from './GoogleTableDialog';
import { GoogleTableTree } from './GoogleTableTree';
import { GoogleTablesStore, type GoogleTableInput } from './google-tables-store';
import { tableName } from './table-name';
import { levelOf, visibleOrder, type DropPlace, type GoogleTable, type KeyboardMove } from './tree';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  toolbar: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', flexWrap: 'wrap' },
  hint: { color: tokens.colorNeutralForeground3 },
  live: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
});

/** `/google-table`: the tree of spreadsheet tables, rearranged by drag and drop or Alt+Arrow keys. */
export const GoogleTablesPage = observer(function GoogleTablesPage() {
  const { t } = useTranslation('finance');
  const styles = useStyles();
  const store = useInjection(GoogleTablesStore);
  const toasts = useInjection(ToastService);
  const i18n = useInjection(I18nService);
  const permissions = useInjection(PermissionService);
  const canEdit = permissions.has('FG');
  const [editing, setEditing] = useState<{ table: GoogleTable | null } | null>(null);
  const { dialog: confirmDialog, ask } = useConfirm();
  const [announcement, setAnnouncement] = useState('');
  const keysId = useId();

  // The read says whether the list came; the tree itself is drawn from the store, which moves and edits change.
  const list = useData(() => dataOf(store.load()), [store]);

  const report = (result: FinanceResult<unknown>, success: string): boolean => {
    if (result.ok) toasts.success(success);
    else toasts.error(result.messages);
    return result.ok;
  };

  const announceMove = (id: number) => {
    const table = store.table(id);
    if (!table) return;
    const tree = store.tree;
    setAnnouncement(
      t('googleTables.moved', {
        name: tableName(table, i18n.language),
        level: levelOf(tree, id),
        position: table.position + 1,
      }),
    );
  };

  const afterMove = (id: number, result: FinanceResult<boolean>) => {
    if (!result.ok) {
      toasts.error(result.messages);
      return;
    }
    if (result.data) {
      toasts.success(t('googleTables.updated'));
      announceMove(id);
    }
  };

  const move = async (dragId: number, targetId: number, place: DropPlace) =>
    afterMove(dragId, await store.move(dragId, targetId, place));
  const keyMove = async (id: number, how: KeyboardMove) => afterMove(id, await store.moveByKey(id, how));

  const submit = async (input: GoogleTableInput): Promise<FinanceResult<unknown>> => {
    const table = editing?.table;
    const result = table ? await store.update(table.id, input) : await store.create(input);
    report(result, table ? t('googleTables.updated') : t('googleTables.added'));
    return result;
  };

  const remove = async (table: GoogleTable) => {
    if (
      !(await ask(t('googleTables.confirmDelete'), {
        title: t('googleTables.delete'),
        confirmLabel: t('common.delete'),
      }))
    )
      return;
    report(await store.remove(table.id), t('googleTables.deleted'));
  };

  const tree = store.tree;
  const limit = store.maxNestingLevel;
  const parents: ParentOption[] = visibleOrder(tree)
    .filter((entry) => limit === null || entry.level < limit)
    .flatMap((entry) => {
      const table = tree.tables.get(entry.id);
      return table
        ? [{ id: entry.id, label: `${'— '.repeat(entry.level - 1)}${tableName(table, i18n.language)}` }]
        : [];
    });

  return (
    <div className={styles.page}>
      <Title2 as="h1">{t('nav.googleTables')}</Title2>
      <div className={styles.toolbar}>
        {canEdit && (
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing({ table: null })}>
            {t('googleTables.add')}
          </Button>
        )}
        <Button icon={<ArrowClockwiseRegular />} onClick={() => void list.reload()} disabled={store.loading}>
          {t('common.refresh')}
        </Button>
        {limit !== null && <Text className={styles.hint}>{t('googleTables.limit', { count: limit })}</Text>}
      </div>
      {canEdit && (
        <Text id={keysId} size={200} className={styles.hint}>
          {t('googleTables.keysHint')}
        </Text>
      )}
      <DataView
        data={list}
        errorText={failureText}
        isEmpty={() => store.tables.length === 0}
        empty={<Text>{t('common.empty')}</Text>}
      >
        {() => (
          <GoogleTableTree
            tree={tree}
            disabled={store.saving}
            canEdit={canEdit}
            onMove={move}
            onKeyMove={keyMove}
            onEdit={(table) => setEditing({ table })}
            onDelete={(table) => void remove(table)}
            describedBy={canEdit ? keysId : undefined}
          />
        )}
      </DataView>
      <div className={styles.live} aria-live="polite" role="status">
        {announcement}
      </div>
      <GoogleTableDialog
        open={editing !== null}
        table={editing?.table ?? null}
        parents={parents}
        onSubmit={submit}
        onClose={() => setEditing(null)}
      />
      {confirmDialog}
    </div>
  );
});
