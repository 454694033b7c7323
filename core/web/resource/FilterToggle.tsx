import { CounterBadge, makeStyles, ToolbarButton, tokens } from '@fluentui/react-components';
import { ChevronDownRegular, ChevronUpRegular, FilterRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  // The badge and the chevron each keep a gap: touching, they read as one blot.
  badge: { marginInlineStart: tokens.spacingHorizontalS },
  chevron: { marginInlineStart: tokens.spacingHorizontalXS },
});

export interface FilterToggleProps {
  readonly open: boolean;
  /** How many filters are active; shown as a badge when any. */
  readonly count: number;
  /** The id of the panel it folds. */
  readonly panelId: string;
  readonly onToggle: () => void;
}

/** The list toolbar's "Filters" button: folds and unfolds the filter panel, counting the active filters. */
export function FilterToggle({ open, count, panelId, onToggle }: FilterToggleProps) {
  const { t } = useTranslation('core');
  const styles = useStyles();
  const Chevron = open ? ChevronUpRegular : ChevronDownRegular;
  return (
    <ToolbarButton
      icon={<FilterRegular />}
      aria-expanded={open}
      aria-controls={panelId}
      aria-label={t(open ? 'resource.filter.fold' : 'resource.filter.unfold')}
      onClick={onToggle}
    >
      {t('resource.filter.title')}
      {count > 0 && <CounterBadge className={styles.badge} count={count} size="small" appearance="filled" />}
      <Chevron className={styles.chevron} />
    </ToolbarButton>
  );
}
