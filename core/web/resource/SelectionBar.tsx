import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Button, Link, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useInjection } from '../react/container-context';
import { I18nService } from '../services/i18n-service';
import { countText, isTotalExact } from './list-total';
import type { ResourceListStore } from './resource-list-store';

const useStyles = makeStyles({
  selection: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorBrandBackground2,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
});

export interface SelectionBarProps {
  readonly store: ResourceListStore;
  /** Deletes the selection (after asking). */
  readonly onDelete: () => void;
}

/** Above the table while rows are selected: how many, "select all N matching", delete, clear. */
export const SelectionBar = observer(function SelectionBar({ store, onDelete }: SelectionBarProps) {
  const { t } = useTranslation('core');
  const i18n = useInjection(I18nService);
  const styles = useStyles();
  if (store.selectedCount === 0) return null;
  const total = store.page?.total ?? 0;
  const totalText = countText(total, isTotalExact(store.page), (value) => i18n.formatNumber(value));
  const selectedText = store.allMatching ? totalText : i18n.formatNumber(store.selectedCount);
  return (
    <div className={styles.selection} role="region" aria-label={t('resource.selection.count', { count: selectedText })}>
      <Text weight="semibold">{t('resource.selection.count', { count: selectedText })}</Text>
      {store.allMatching ? (
        <Text>{t('resource.selection.allMatching', { total: totalText })}</Text>
      ) : (
        store.pageSelected &&
        total > store.rows.length && (
          <>
            <Text>{t('resource.selection.pageSelected', { count: store.rows.length })}</Text>
            <Link as="button" onClick={() => store.selectAllMatching()}>
              {t('resource.selection.selectAllMatching', { total: totalText })}
            </Link>
          </>
        )
      )}
      <Button appearance="primary" size="small" disabled={store.busy} onClick={onDelete}>
        {t('resource.selection.delete')}
      </Button>
      <Button appearance="subtle" size="small" onClick={() => store.clearSelection()}>
        {t('resource.selection.clear')}
      </Button>
    </div>
  );
});
