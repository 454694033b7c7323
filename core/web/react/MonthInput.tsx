import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  makeStyles,
  mergeClasses,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  tokens,
} from '@fluentui/react-components';
import { CalendarMonthRegular, ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { useLocaleFormat } from './use-locale-format';
import { isIsoMonth, today, withinBounds } from './calendar-days';

const useStyles = makeStyles({
  trigger: { justifyContent: 'space-between', fontWeight: tokens.fontWeightRegular, minWidth: '11rem' },
  header: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    marginBottom: tokens.spacingVerticalS,
  },
  year: { fontWeight: tokens.fontWeightSemibold },
  months: { display: 'grid', gridTemplateColumns: 'repeat(3, 72px)', gap: tokens.spacingHorizontalXS },
  month: { minWidth: 0 },
  current: { fontWeight: tokens.fontWeightSemibold },
});

export interface MonthInputProps {
  /** The month as `YYYY-MM`. */
  readonly value: string;
  readonly onChange: (month: string) => void;
  /** The first and last months that may be chosen (`YYYY-MM`). */
  readonly min?: string;
  readonly max?: string;
  readonly id?: string;
  /** What names the picker (a label's id); the button says the month after it. */
  readonly 'aria-labelledby'?: string;
  readonly className?: string;
}

const monthText = (year: number, index: number): string =>
  `${String(year).padStart(4, '0')}-${String(index + 1).padStart(2, '0')}`;

/** How a key moves within the year's 4 × 3 months, or null for a key the grid leaves alone. */
function movedMonth(key: string, index: number): number | null {
  const moves: Readonly<Record<string, number>> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -3, ArrowDown: 3 };
  if (key === 'Home') return 0;
  if (key === 'End') return 11;
  const move = moves[key];
  return move === undefined ? null : Math.min(11, Math.max(0, index + move));
}

const focusMonth = (grid: HTMLDivElement | null, index: number) =>
  grid?.querySelector<HTMLButtonElement>(`button[data-month-index="${index}"]`)?.focus();

/**
 * A month picker in the interface language: the button reads "November 2026" or "ноябрь 2026 г.",
 * and opens the year's months (arrows move between them, the year buttons step a year). Stores
 * `YYYY-MM`.
 */
export function MonthInput({ value, onChange, min, max, id, className, ...props }: MonthInputProps) {
  const { t } = useTranslation('core');
  const format = useLocaleFormat();
  const styles = useStyles();
  const valueId = useId();
  const [open, setOpen] = useState(false);
  const chosen = isIsoMonth(value) ? value : today().slice(0, 7);
  const [year, setYear] = useState(Number(chosen.slice(0, 4)));
  const [focused, setFocused] = useState(Number(chosen.slice(5, 7)) - 1);
  const gridRef = useRef<HTMLDivElement>(null);
  const currentMonth = today().slice(0, 7);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only on opening; keys move focus themselves.
  useEffect(() => {
    if (!open) return undefined;
    // After the popover has placed its own focus.
    const timer = setTimeout(() => focusMonth(gridRef.current, focused), 0);
    return () => clearTimeout(timer);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moved = movedMonth(event.key, focused);
    if (moved === null) return;
    event.preventDefault();
    setFocused(moved);
    focusMonth(gridRef.current, moved);
  };

  const labelledBy = props['aria-labelledby'];
  return (
    <Popover
      open={open}
      onOpenChange={(_, data) => {
        if (data.open) {
          setYear(Number(chosen.slice(0, 4)));
          setFocused(Number(chosen.slice(5, 7)) - 1);
        }
        setOpen(data.open);
      }}
      trapFocus
      positioning="below-start"
    >
      <PopoverTrigger disableButtonEnhancement>
        <Button
          id={id}
          className={mergeClasses(styles.trigger, className)}
          icon={<CalendarMonthRegular />}
          iconPosition="after"
          aria-haspopup="dialog"
          aria-labelledby={labelledBy ? `${labelledBy} ${valueId}` : undefined}
        >
          <span id={valueId}>{isIsoMonth(value) ? format.month(value) : value}</span>
        </Button>
      </PopoverTrigger>
      <PopoverSurface aria-label={t('input.month.choose')}>
        <div className={styles.header}>
          <Button
            appearance="subtle"
            size="small"
            icon={<ChevronLeftRegular />}
            aria-label={t('input.month.previousYear')}
            onClick={() => setYear(year - 1)}
          />
          <span className={styles.year} aria-live="polite">
            {year}
          </span>
          <Button
            appearance="subtle"
            size="small"
            icon={<ChevronRightRegular />}
            aria-label={t('input.month.nextYear')}
            onClick={() => setYear(year + 1)}
          />
        </div>
        <div ref={gridRef} className={styles.months} role="group" aria-label={String(year)} onKeyDown={onKeyDown}>
          {format.months.map((name, index) => {
            const month = monthText(year, index);
            return (
              <Button
                key={month}
                data-month-index={index}
                className={mergeClasses(styles.month, month === currentMonth && styles.current)}
                size="small"
                appearance={month === value ? 'primary' : 'subtle'}
                tabIndex={index === focused ? 0 : -1}
                disabled={!withinBounds(month, min, max)}
                aria-label={format.month(month)}
                aria-pressed={month === value}
                aria-current={month === currentMonth ? 'date' : undefined}
                onClick={() => {
                  onChange(month);
                  setOpen(false);
                }}
              >
                {name}
              </Button>
            );
          })}
        </div>
      </PopoverSurface>
    </Popover>
  );
}
