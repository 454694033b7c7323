import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Input, Label, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { MONTH_PATTERN, shiftMonth } from '../../shared/departments';

const useStyles = makeStyles({
  chooser: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  input: { width: '11rem' },
});

export interface MonthChooserProps {
  readonly month: string;
  readonly onChange: (month: string) => void;
}

/** The month a page shows: the browser's month input, with a step to the month before and after. */
export function MonthChooser({ month, onChange }: MonthChooserProps) {
  const { t } = useTranslation('finance');
  const styles = useStyles();
  const id = useId();
  return (
    <div className={styles.chooser}>
      <Label htmlFor={id}>{t('departments.month')}</Label>
      <Button appearance="subtle" icon={<ChevronLeftRegular />} aria-label={t('departments.previousMonth')} onClick={() => onChange(shiftMonth(month, -1))} />
      <Input
        id={id}
        className={styles.input}
        type="month"
        value={month}
        onChange={(_, data) => {
          if (MONTH_PATTERN.test(data.value)) onChange(data.value);
        }}
      />
      <Button appearance="subtle" icon={<ChevronRightRegular />} aria-label={t('departments.nextMonth')} onClick={() => onChange(shiftMonth(month, 1))} />
    </div>
  );
}
