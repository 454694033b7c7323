import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import {
  Button,
  Checkbox,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  SpinButton,
  Text,
  ToolbarButton,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownRegular, ArrowResetRegular, ArrowUpRegular, ColumnTripleEditRegular } from '@fluentui/react-icons';
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, type ColumnPreferences } from './columns';

const useStyles = makeStyles({
  surface: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    maxHeight: '70vh',
    overflowY: 'auto',
    minWidth: '340px',
  },
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
  },
  item: {
    display: 'grid',
    gridTemplateColumns: '1fr 96px auto auto',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
  },
  // "Reset" beside the title: at the foot of thirty columns it would be out of sight.
  header: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
});

/**
 * The column chooser: show or hide each column, move it up or down, set its width, or reset them all
 * to the list's defaults. Every change is kept for this user and this resource (`ColumnPreferences`).
 */
export const ColumnChooser = observer(function ColumnChooser({ columns }: { columns: ColumnPreferences }) {
  const { t } = useTranslation('core');
  const styles = useStyles();
  const all = columns.all;
  return (
    <Popover positioning="below-end" trapFocus>
      <PopoverTrigger disableButtonEnhancement>
        <ToolbarButton icon={<ColumnTripleEditRegular />}>{t('resource.toolbar.columns')}</ToolbarButton>
      </PopoverTrigger>
      <PopoverSurface className={styles.surface} aria-label={t('resource.columns.title')}>
        <div className={styles.header}>
          <Text weight="semibold">{t('resource.columns.title')}</Text>
          <Button size="small" icon={<ArrowResetRegular />} onClick={() => columns.reset()}>
            {t('resource.columns.reset')}
          </Button>
        </div>
        <ul className={styles.list}>
          {all.map((column, index) => {
            const label = t(column.labelKey);
            return (
              <li key={column.name} className={styles.item} data-column={column.name}>
                <Checkbox
                  label={label}
                  checked={column.visible}
                  onChange={(_, data) => columns.toggle(column.name, data.checked === true)}
                />
                <SpinButton
                  aria-label={t('resource.columns.width', { column: label })}
                  value={column.width}
                  min={MIN_COLUMN_WIDTH}
                  max={MAX_COLUMN_WIDTH}
                  step={10}
                  onChange={(_, data) => {
                    const width = data.value ?? Number(data.displayValue);
                    if (typeof width === 'number' && Number.isFinite(width)) columns.setWidth(column.name, width);
                  }}
                />
                <Button
                  appearance="subtle"
                  size="small"
                  icon={<ArrowUpRegular />}
                  aria-label={t('resource.columns.moveUp', { column: label })}
                  disabled={index === 0}
                  onClick={() => columns.move(column.name, -1)}
                />
                <Button
                  appearance="subtle"
                  size="small"
                  icon={<ArrowDownRegular />}
                  aria-label={t('resource.columns.moveDown', { column: label })}
                  disabled={index === all.length - 1}
                  onClick={() => columns.move(column.name, 1)}
                />
              </li>
            );
          })}
        </ul>
      </PopoverSurface>
    </Popover>
  );
});
