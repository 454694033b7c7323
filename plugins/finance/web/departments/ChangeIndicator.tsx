import { useTranslation } from 'react-i18next';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowDownRegular, ArrowUpRegular, SubtractRegular } from '@fluentui/react-icons';
import { useLocaleFormat } from '@core/sdk/web';
import type { FigureChange } from '../../shared/departments';
import { signOfDecimal } from '../decimal';

const useStyles = makeStyles({
  change: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXXS,
    fontVariantNumeric: 'tabular-nums',
    whiteSpace: 'nowrap',
  },
  good: { color: tokens.colorPaletteGreenForeground1 },
  bad: { color: tokens.colorPaletteRedForeground1 },
  flat: { color: tokens.colorNeutralForeground2 },
  hidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clipPath: 'inset(50%)',
    whiteSpace: 'nowrap',
  },
});

/** Which way a figure should move: income and result up, spend and payroll down; headcount neither. */
export type BetterWhen = 'up' | 'down' | 'either';

export interface ChangeIndicatorProps {
  readonly change: FigureChange;
  /** The difference as shown (a money amount, a count); a positive one gets its "+" here. */
  readonly format: (value: string) => string;
  readonly betterWhen: BetterWhen;
}

/**
 * The change against the previous month: an arrow, the difference and its percent, green when it
 * goes the good way and red when not; a screen reader hears which way it went in words, since
 * neither the arrow nor the colour speaks.
 */
export function ChangeIndicator({ change, format, betterWhen }: ChangeIndicatorProps) {
  const { t } = useTranslation('finance');
  const locale = useLocaleFormat();
  const styles = useStyles();
  const sign = signOfDecimal(change.absolute);
  const tone =
    sign === 0 || betterWhen === 'either' ? styles.flat : sign > 0 === (betterWhen === 'up') ? styles.good : styles.bad;
  const Arrow = sign > 0 ? ArrowUpRegular : sign < 0 ? ArrowDownRegular : SubtractRegular;
  const plus = sign > 0 ? '+' : '';
  const percent =
    change.percent === null ? null : `${signOfDecimal(change.percent) > 0 ? '+' : ''}${locale.percent(change.percent)}`;
  return (
    <span className={mergeClasses(styles.change, tone)} data-change={sign > 0 ? 'up' : sign < 0 ? 'down' : 'same'}>
      <span className={styles.hidden}>
        {t(sign > 0 ? 'departments.change.up' : sign < 0 ? 'departments.change.down' : 'departments.change.same')}
      </span>
      <Arrow aria-hidden />
      <span>
        {plus}
        {format(change.absolute)}
        {percent !== null && ` (${percent})`}
      </span>
    </span>
  );
}
