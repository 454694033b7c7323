import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { useLocaleFormat } from './use-locale-format';
import { addDays, addMonths, clampDay, monthOf, monthWeeks, today, weekStart, withinBounds } from './calendar-days';

const useStyles = makeStyles({
  header: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    marginBottom: tokens.spacingVerticalS,
  },
  title: { fontWeight: tokens.fontWeightSemibold },
  grid: { borderCollapse: 'collapse' },
  weekday: {
    width: '36px',
    height: '28px',
    fontWeight: tokens.fontWeightRegular,
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground3,
  },
  cell: { padding: '1px' },
  day: {
    width: '34px',
    height: '32px',
    border: `${tokens.strokeWidthThin} solid transparent`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: 'transparent',
    color: tokens.colorNeutralForeground1,
    fontFamily: 'inherit',
    fontSize: tokens.fontSizeBase300,
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover },
    ':focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '-2px',
    },
    ':disabled': { color: tokens.colorNeutralForegroundDisabled, cursor: 'default', backgroundColor: 'transparent' },
  },
  otherMonth: { color: tokens.colorNeutralForeground3 },
  today: {
    border: `${tokens.strokeWidthThin} solid ${tokens.colorBrandStroke1}`,
    fontWeight: tokens.fontWeightSemibold,
  },
  selected: {
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    ':hover': { backgroundColor: tokens.colorBrandBackgroundHover },
  },
});

export interface CalendarMonthProps {
  /** The chosen day (`YYYY-MM-DD`), or '' for none. */
  readonly selected: string;
  /** The day keyboard focus is on; its month is the one shown. */
  readonly focused: string;
  readonly onFocusedChange: (day: string) => void;
  readonly onPick: (day: string) => void;
  readonly min?: string;
  readonly max?: string;
}

/** How a key moves the focused day, or null for a key the grid leaves alone. */
function movedDay(event: KeyboardEvent, day: string, firstDayOfWeek: number): string | null {
  switch (event.key) {
    case 'ArrowLeft':
      return addDays(day, -1);
    case 'ArrowRight':
      return addDays(day, 1);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'Home':
      return weekStart(day, firstDayOfWeek);
    case 'End':
      return addDays(weekStart(day, firstDayOfWeek), 6);
    case 'PageUp':
      return addMonths(day, event.shiftKey ? -12 : -1);
    case 'PageDown':
      return addMonths(day, event.shiftKey ? 12 : 1);
    default:
      return null;
  }
}

const focusDay = (grid: HTMLTableElement | null, day: string) =>
  grid?.querySelector<HTMLButtonElement>(`button[data-day="${day}"]`)?.focus();

/**
 * One month's days as a keyboard grid, weeks starting on the language's first day: arrows move a
 * day or a week, Home and End to the week's ends, Page Up and Page Down a month (with Shift a
 * year); Enter or Space picks. Today is outlined, the chosen day filled, days out of bounds off.
 */
export function CalendarMonth({ selected, focused, onFocusedChange, onPick, min, max }: CalendarMonthProps) {
  const { t } = useTranslation('core');
  const format = useLocaleFormat();
  const styles = useStyles();
  const titleId = useId();
  const gridRef = useRef<HTMLTableElement>(null);
  const month = monthOf(focused);
  const current = today();

  // Focus goes to the focused day on opening (after the popover has placed its own), then follows
  // it as keys move it; clicking the month arrows leaves focus on them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on opening; later moves are followed below.
  useEffect(() => {
    const timer = setTimeout(() => focusDay(gridRef.current, focused), 0);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    const grid = gridRef.current;
    if (grid?.contains(grid.ownerDocument.activeElement)) focusDay(grid, focused);
  }, [focused]);

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const moved = movedDay(event, focused, format.firstDayOfWeek);
    if (moved === null) return;
    event.preventDefault();
    onFocusedChange(clampDay(moved, min, max));
  };

  return (
    <div>
      <div className={styles.header}>
        <Button
          appearance="subtle"
          size="small"
          icon={<ChevronLeftRegular />}
          aria-label={t('input.calendar.previousMonth')}
          onClick={() => onFocusedChange(addMonths(focused, -1))}
        />
        <span id={titleId} className={styles.title} aria-live="polite">
          {format.month(month)}
        </span>
        <Button
          appearance="subtle"
          size="small"
          icon={<ChevronRightRegular />}
          aria-label={t('input.calendar.nextMonth')}
          onClick={() => onFocusedChange(addMonths(focused, 1))}
        />
      </div>
      <table ref={gridRef} role="grid" aria-labelledby={titleId} className={styles.grid} onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {format.weekdays.map((name) => (
              <th key={name} scope="col" className={styles.weekday}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month, format.firstDayOfWeek).map((week) => (
            <tr key={week[0]}>
              {week.map((day) => (
                <td key={day} className={styles.cell} role="gridcell" aria-selected={day === selected}>
                  <button
                    type="button"
                    data-day={day}
                    tabIndex={day === focused ? 0 : -1}
                    disabled={!withinBounds(day, min, max)}
                    aria-label={format.date(day)}
                    aria-current={day === current ? 'date' : undefined}
                    className={mergeClasses(
                      styles.day,
                      monthOf(day) !== month && styles.otherMonth,
                      day === current && styles.today,
                      day === selected && styles.selected,
                    )}
                    onClick={() => onPick(day)}
                  >
                    {Number(day.slice(8))}
                  </button>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
