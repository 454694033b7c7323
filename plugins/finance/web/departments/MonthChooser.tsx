import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Label, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { MonthInput } from '@core/sdk/web';
import { shiftMonth } from '../../shared/departments';

const useStyles = makeStyles({
  chooser: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  input: { width: '13rem' },
});

export interface MonthChooserProps {
  readonly month: string;
  readonly onChange: (month: string) => void;
}

/** The month a page shows, named in the interface language, with a step to the month before and after. */
export function MonthChooser({ month, onChange }: MonthChooserProps) {
  const { t } = useTranslation('finance');
  const styles = useStyles();
  const id = useId();
  const labelId = useId();
  return (
    <div className={styles.chooser}>
      <Label id={labelId} htmlFor={id}>
        {t('departments.month')}
      </Label>
      <Button
        appearance="subtle"
        icon={<ChevronLeftRegular />}
        aria-label={t('departments.previousMonth')}
        onClick={() => onChange(shiftMonth(month, -1))}
      />
      <MonthInput id={id} className={styles.input} aria-labelledby={labelId} value={month} onChange={onChange} />
      <Button
        appearance="subtle"
        icon={<ChevronRightRegular />}
        aria-label={t('departments.nextMonth')}
        onClick={() => onChange(shiftMonth(month, 1))}
      />
    </div>
  );
}
