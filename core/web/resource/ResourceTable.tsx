import {
  useEffect,
  useMemo,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import {
  Badge,
  Skeleton,
  SkeletonItem,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  TableSelectionCell,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import type { ResourceRecord } from '@core/shared/resource/definition';
import { isQuantity } from '@core/shared/resource/field';
import { useInjection } from '../react/container-context';
import { I18nService } from '../services/i18n-service';
import { CellValue } from './CellValue';
import { fitWidth, FIT_SAMPLE_ROWS } from './column-fit';
import type { ColumnPreferences, VisibleColumn } from './columns';
import { cellText } from './format-value';
import type { ResourceListStore } from './resource-list-store';
import { isBlocked, isDeleted } from './row-actions';
import type { ResourceCellRenderer, RowTone } from './types';
import { useRowWindow, VIRTUALIZE_AFTER } from './windowing';
import { useResourceStrings } from './resource-strings';

/** Every body row has this height, so a window of rows can stand in for a long page. */
export const ROW_HEIGHT = 44;
const SELECTION_WIDTH = 44;
const ACTIONS_WIDTH = 56;
const RESIZE_STEP = 16;

/** The row's own background, which the sticky cells paint so the columns scrolling under them stay hidden. */
const ROW_BACKGROUND = '--resource-row-background';
/** The colour of a toned row's stripe along its left edge. */
const ROW_STRIPE = '--resource-row-stripe';
const rowBackground = `var(${ROW_BACKGROUND})`;
const stripe = `linear-gradient(to right, var(${ROW_STRIPE}, transparent) 4px, transparent 4px)`;
/** A line and a shadow falling on the columns scrolling under a sticky one, so it reads as lifted above them. */
const EDGE_SHADOW_START = `inset -1px 0 0 ${tokens.colorNeutralStroke2}, 6px 0 8px -4px ${tokens.colorNeutralShadowKeyDarker}`;
const EDGE_SHADOW_END = `inset 1px 0 0 ${tokens.colorNeutralStroke2}, -6px 0 8px -4px ${tokens.colorNeutralShadowKeyDarker}`;

const useStyles = makeStyles({
  scroller: {
    overflow: 'auto',
    maxHeight: 'max(360px, calc(100vh - 300px))',
    position: 'relative',
    backgroundColor: tokens.colorNeutralBackground1,
    // The edges' shadows show only while columns are scrolled under them.
    '&[data-hidden-start] [data-sticky="start"]': { boxShadow: EDGE_SHADOW_START },
    '&[data-hidden-end] [data-sticky="end"]': { boxShadow: EDGE_SHADOW_END },
  },
  header: {
    position: 'sticky',
    top: 0,
    // Above the body's sticky cells, which scroll up under it.
    zIndex: 2,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: `0 1px 0 ${tokens.colorNeutralStroke1}`,
  },
  // A column's width includes its padding, so the table is as wide as the widths add up to.
  headerCell: {
    position: 'relative',
    fontWeight: tokens.fontWeightSemibold,
    boxSizing: 'border-box',
    whiteSpace: 'nowrap',
  },
  headerButton: { minWidth: 0 },
  headerLabel: { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  // Quantities line up by their last digit, the header over them.
  end: { textAlign: 'end' },
  endButton: { justifyContent: 'flex-end' },
  stickyStart: { position: 'sticky', zIndex: 1 },
  stickyEnd: { position: 'sticky', right: 0, zIndex: 1 },
  stickyHeader: { backgroundColor: tokens.colorNeutralBackground1 },
  stickyBody: { backgroundColor: rowBackground },
  row: {
    height: `${ROW_HEIGHT}px`,
    [ROW_BACKGROUND]: tokens.colorNeutralBackground1,
    backgroundColor: rowBackground,
    ':hover': { [ROW_BACKGROUND]: tokens.colorSubtleBackgroundHover },
    // The dark theme's link colour reads at 4.2:1 on a hovered row; its hover colour keeps 4.5:1.
    ':hover a': { color: tokens.colorBrandForegroundLinkHover },
    ':hover .fui-Link': { color: tokens.colorBrandForegroundLinkHover },
  },
  // The row's first cell carries the stripe of its tone (a box shadow there is the sticky edge's).
  leading: { backgroundImage: stripe },
  removed: { color: tokens.colorNeutralForeground3, [ROW_BACKGROUND]: tokens.colorNeutralBackground2 },
  // Status tokens: each theme (light, dark, high contrast) gives them values that text stays readable on.
  warning: {
    [ROW_BACKGROUND]: tokens.colorStatusWarningBackground1,
    [ROW_STRIPE]: tokens.colorStatusWarningBorderActive,
  },
  danger: { [ROW_BACKGROUND]: tokens.colorStatusDangerBackground1, [ROW_STRIPE]: tokens.colorStatusDangerBorderActive },
  visuallyHidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
  cell: { overflow: 'hidden', whiteSpace: 'nowrap' },
  opens: {
    cursor: 'pointer',
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  recordLink: {
    minWidth: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    color: tokens.colorBrandForegroundLink,
    textDecorationLine: 'none',
    ':hover': { textDecorationLine: 'underline', color: tokens.colorBrandForegroundLinkHover },
  },
  first: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, minWidth: 0 },
  resizer: {
    position: 'absolute',
    top: 0,
    right: 0,
    bottom: 0,
    width: '8px',
    cursor: 'col-resize',
    touchAction: 'none',
    '::after': {
      content: '""',
      position: 'absolute',
      top: '25%',
      bottom: '25%',
      right: '3px',
      width: '2px',
      backgroundColor: tokens.colorNeutralStroke2,
    },
    ':hover::after': { backgroundColor: tokens.colorBrandStroke1 },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  spacer: { padding: 0, border: 'none' },
  empty: {
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalL}`,
    textAlign: 'center',
    color: tokens.colorNeutralForeground3,
  },
  legend: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}`,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    margin: 0,
    listStyleType: 'none',
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
  },
  legendItem: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  swatch: {
    width: '24px',
    height: '14px',
    borderRadius: tokens.borderRadiusSmall,
    backgroundColor: rowBackground,
    backgroundImage: stripe,
    outline: `1px solid ${tokens.colorNeutralStroke2}`,
  },
});

export interface ResourceTableProps {
  readonly store: ResourceListStore;
  readonly columns: ColumnPreferences;
  /** Draws the selection checkboxes (only users who may delete need them). */
  readonly selectable: boolean;
  readonly cells?: Readonly<Record<string, ResourceCellRenderer>>;
  readonly labelOf: (record: ResourceRecord) => string;
  readonly onSort: (column: string) => void;
  readonly rowMenu: (record: ResourceRecord) => ReactNode;
  /** Shown in the body instead of rows ('Nothing found', the empty section's message). */
  readonly emptyMessage: string | null;
  /** A warning or danger tone per row, said in words to screen readers too. */
  readonly rowTone?: (record: ResourceRecord) => RowTone | undefined;
  /**
   * A record's page, when the resource has them: the label cell links there, and a click on the
   * row (not on a control) or Enter on the focused row opens it, remembering the list to go back to.
   */
  readonly recordPath?: (record: ResourceRecord) => string | null;
  /** A column left out whatever the user chose: a related section's pointer, the same record on every row. */
  readonly omit?: string;
}

/** Controls inside a row keep their own clicks: the row opens its record only from plain cells. */
const INTERACTIVE =
  'a, button, input, label, select, textarea, [role="menuitem"], [role="checkbox"], [role="button"], [role="separator"]';

function fromControl(event: MouseEvent<HTMLElement>): boolean {
  const target = event.target;
  // A portal's content (a row menu's items, a dialog) bubbles through React to the row without being in it.
  if (!(target instanceof Element) || !event.currentTarget.contains(target)) return true;
  // Text selected by dragging across a cell is not a click meant to leave the list.
  if ((window.getSelection()?.toString() ?? '') !== '') return true;
  return target.closest(INTERACTIVE) !== null;
}

function ResizeHandle({ column, columns }: { column: VisibleColumn; columns: ColumnPreferences }) {
  const { t } = useTranslation(['core']);
  const styles = useStyles();
  const start = useRef<{ x: number; width: number } | null>(null);
  const label = t(column.labelKey);

  const down = (event: PointerEvent<HTMLSpanElement>) => {
    event.preventDefault();
    event.stopPropagation();
    start.current = { x: event.clientX, width: column.width };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const move = (event: PointerEvent<HTMLSpanElement>) => {
    if (start.current) columns.setWidth(column.name, start.current.width + event.clientX - start.current.x, false);
  };
  const up = (event: PointerEvent<HTMLSpanElement>) => {
    if (!start.current) return;
    columns.setWidth(column.name, start.current.width + event.clientX - start.current.x, true);
    start.current = null;
  };
  const key = (event: KeyboardEvent<HTMLSpanElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    columns.setWidth(column.name, column.width + (event.key === 'ArrowRight' ? RESIZE_STEP : -RESIZE_STEP));
  };
  return (
    <span
      role="separator"
      aria-orientation="vertical"
      aria-label={t('resource.columns.resize', { column: label })}
      aria-valuenow={column.width}
      tabIndex={0}
      className={styles.resizer}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={up}
      onKeyDown={key}
      onClick={(event) => event.stopPropagation()}
    />
  );
}

const SortableHeader = observer(function SortableHeader({
  column,
  store,
  columns,
  onSort,
  sticky,
}: {
  column: VisibleColumn;
  store: ResourceListStore;
  columns: ColumnPreferences;
  onSort: (column: string) => void;
  /** The first column's left offset: it stays in place while the rest scroll. */
  sticky?: number;
}) {
  const { t } = useTranslation(['core']);
  const styles = useStyles();
  const sort = store.view.query.sort;
  const direction = sort.field === column.name ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined;
  const label = t(column.labelKey);
  const end = isQuantity(column.field, column.name);
  return (
    // Named by its label alone (the resize handle inside has a name of its own), and a column
    // header by role: beside the selection cell Chromium would guess the first one a row header.
    <TableHeaderCell
      role="columnheader"
      aria-label={label}
      className={mergeClasses(
        styles.headerCell,
        end && styles.end,
        sticky !== undefined && mergeClasses(styles.stickyStart, styles.stickyHeader),
      )}
      style={{ width: column.width, left: sticky }}
      sortable={column.sortable}
      sortDirection={direction}
      onClick={column.sortable ? () => onSort(column.name) : undefined}
      button={{ className: mergeClasses(styles.headerButton, end && styles.endButton) }}
      aside={<ResizeHandle column={column} columns={columns} />}
      data-column={column.name}
      data-align={end ? 'end' : undefined}
      data-sticky={sticky !== undefined ? 'start' : undefined}
    >
      {/* Never wrapped: a header too long for its column is cut, and whole on hover. */}
      <span className={styles.headerLabel} title={label}>
        {label}
      </span>
    </TableHeaderCell>
  );
});

/**
 * The list's rows: sortable headers with resize handles, selection, cells drawn by kind, a menu
 * per row. A page longer than 100 rows is windowed: only the rows in view (plus a margin) are in
 * the DOM, with blank rows standing in for the rest, so a 1000-row page scrolls smoothly.
 */
export const ResourceTable = observer(function ResourceTable(props: ResourceTableProps) {
  useResourceStrings();
  const { store, columns, selectable, cells, labelOf, onSort, rowMenu, emptyMessage, rowTone, recordPath, omit } =
    props;
  const { t } = useTranslation(['core']);
  const i18n = useInjection(I18nService);
  const styles = useStyles();
  const navigate = useNavigate();
  const location = useLocation();
  // Back on the record page returns here, with this list's filters and page.
  const from = { from: location };
  const shown = omit === undefined ? columns.visible : columns.visible.filter((column) => column.name !== omit);
  const labelColumn = shown.some((column) => column.name === store.definition.labelField)
    ? store.definition.labelField
    : shown[0]?.name;
  const scroller = useRef<HTMLDivElement>(null);
  const rows = store.rows;
  // Until the rows of this view arrive (a failed load shows its message instead).
  const skeleton = store.stale && !store.failed && (store.loading || !store.page);
  const virtual = !skeleton && rows.length > VIRTUALIZE_AFTER;
  const { rows: slice, onScroll } = useRowWindow(scroller, rows.length, ROW_HEIGHT, virtual);
  const visible = useFittedColumns(shown, rows, cells, i18n, t);
  const width = visible.reduce((sum, column) => sum + column.width, (selectable ? SELECTION_WIDTH : 0) + ACTIONS_WIDTH);
  const firstLeft = selectable ? SELECTION_WIDTH : 0;
  // Columns of quantities, aligned at the end.
  const ends = new Set(visible.filter((column) => isQuantity(column.field, column.name)).map((column) => column.name));
  useScrollEdges(scroller, width);
  const tones = new Map<string, RowTone>();
  const span = visible.length + (selectable ? 2 : 1);
  const pageState = store.pageSelected ? true : store.selected.size > 0 ? 'mixed' : false;

  const body = (): ReactNode => {
    if (skeleton) {
      const count = Math.min(store.view.query.perPage, 8);
      return Array.from({ length: count }, (_, index) => (
        <TableRow key={`skeleton-${index}`} className={styles.row} aria-hidden>
          <TableCell colSpan={span}>
            <Skeleton>
              <SkeletonItem size={16} />
            </Skeleton>
          </TableCell>
        </TableRow>
      ));
    }
    if (rows.length === 0) {
      return emptyMessage ? (
        <TableRow>
          <TableCell colSpan={span} className={styles.empty}>
            {emptyMessage}
          </TableCell>
        </TableRow>
      ) : null;
    }
    return (
      <>
        {slice.before > 0 && (
          <tr aria-hidden style={{ height: slice.before }}>
            <td colSpan={span} className={styles.spacer} />
          </tr>
        )}
        {rows.slice(slice.start, slice.end).map((record) => {
          const label = labelOf(record);
          const removed = isDeleted(record);
          const checked = store.selected.has(record.id);
          const tone = removed ? undefined : rowTone?.(record);
          if (tone) tones.set(`${tone.tone}:${tone.labelKey}`, tone);
          const path = recordPath?.(record) ?? null;
          const open = path
            ? {
                tabIndex: 0,
                onClick: (event: MouseEvent<HTMLTableRowElement>) => {
                  if (!fromControl(event)) navigate(path, { state: from });
                },
                onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => {
                  if (event.key === 'Enter' && event.target === event.currentTarget) navigate(path, { state: from });
                },
              }
            : {};
          const cell = (column: VisibleColumn) => {
            const value = (
              <CellValue
                definition={store.definition}
                record={record}
                name={column.name}
                field={column.field}
                renderer={cells?.[column.name]}
              />
            );
            // A plugin's own label cell may hold links and buttons of its own, which a link cannot
            // contain: the row still opens the record on a click beside them, and on Enter.
            if (!path || column.name !== labelColumn || cells?.[column.name]) return value;
            return (
              <RouterLink className={styles.recordLink} to={path} state={from}>
                {value}
              </RouterLink>
            );
          };
          return (
            <TableRow
              key={record.id}
              className={mergeClasses(
                styles.row,
                removed && styles.removed,
                tone && styles[tone.tone],
                path !== null && styles.opens,
              )}
              data-row-id={record.id}
              data-tone={tone?.tone}
              {...open}
            >
              {selectable && (
                <TableSelectionCell
                  className={mergeClasses(styles.stickyStart, styles.stickyBody, styles.leading)}
                  style={{ left: 0 }}
                  checked={checked}
                  onClick={() => store.toggle(record.id, !checked)}
                  checkboxIndicator={{ 'aria-label': t('resource.table.selectRow', { label }) }}
                />
              )}
              {visible.map((column, index) => (
                <TableCell
                  key={column.name}
                  className={mergeClasses(
                    styles.cell,
                    ends.has(column.name) && styles.end,
                    index === 0 && mergeClasses(styles.stickyStart, styles.stickyBody, !selectable && styles.leading),
                  )}
                  style={index === 0 ? { left: firstLeft } : undefined}
                  data-sticky={index === 0 ? 'start' : undefined}
                  data-align={ends.has(column.name) ? 'end' : undefined}
                >
                  {index === 0 ? (
                    <span className={styles.first}>
                      {tone && <span className={styles.visuallyHidden}>{t(tone.labelKey)}</span>}
                      {removed && (
                        <Badge appearance="tint" color="danger" size="small">
                          {t('resource.table.deleted')}
                        </Badge>
                      )}
                      {isBlocked(record) && (
                        <Badge appearance="tint" color="warning" size="small">
                          {t('resource.table.blocked')}
                        </Badge>
                      )}
                      {cell(column)}
                    </span>
                  ) : (
                    cell(column)
                  )}
                </TableCell>
              ))}
              <TableCell className={mergeClasses(styles.stickyEnd, styles.stickyBody)} data-sticky="end">
                {rowMenu(record)}
              </TableCell>
            </TableRow>
          );
        })}
        {slice.after > 0 && (
          <tr aria-hidden style={{ height: slice.after }}>
            <td colSpan={span} className={styles.spacer} />
          </tr>
        )}
      </>
    );
  };

  const rendered = body();
  return (
    <>
      <div ref={scroller} className={styles.scroller} onScroll={onScroll} data-virtualized={virtual || undefined}>
        <Table
          aria-label={t(store.definition.titleKey)}
          aria-busy={store.loading}
          aria-rowcount={virtual ? rows.length + 1 : undefined}
          sortable
          style={{ width, minWidth: '100%' }}
        >
          <TableHeader className={styles.header}>
            <TableRow>
              {selectable && (
                <TableSelectionCell
                  role="columnheader"
                  className={mergeClasses(styles.stickyStart, styles.stickyHeader)}
                  style={{ width: SELECTION_WIDTH, left: 0 }}
                  checked={pageState}
                  onClick={() => store.togglePage(pageState !== true)}
                  checkboxIndicator={{ 'aria-label': t('resource.table.selectPage') }}
                />
              )}
              {visible.map((column, index) => (
                <SortableHeader
                  key={column.name}
                  column={column}
                  store={store}
                  columns={columns}
                  onSort={onSort}
                  sticky={index === 0 ? firstLeft : undefined}
                />
              ))}
              <TableHeaderCell
                className={mergeClasses(styles.stickyEnd, styles.stickyHeader)}
                style={{ width: ACTIONS_WIDTH, boxSizing: 'border-box' }}
                sortable={false}
                data-sticky="end"
              >
                <span className={styles.visuallyHidden}>{t('resource.table.actions')}</span>
              </TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>{rendered}</TableBody>
        </Table>
      </div>
      {tones.size > 0 && <ToneLegend tones={[...tones.values()]} />}
    </>
  );
});

/** Names the tints of the rows on the page, since a colour alone says nothing to whoever does not know it. */
function ToneLegend({ tones }: { tones: readonly RowTone[] }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <ul className={styles.legend} aria-label={t('core:resource.table.legend')} data-tone-legend>
      {tones.map((tone) => (
        <li key={`${tone.tone}:${tone.labelKey}`} className={styles.legendItem} data-tone={tone.tone}>
          <span className={mergeClasses(styles.swatch, styles[tone.tone])} aria-hidden />
          {t(tone.labelKey)}
        </li>
      ))}
    </ul>
  );
}

/**
 * The columns at the widths they are drawn at: a width the user set as it is, any other fitted to
 * the column's header and the values on the page (see fitWidth). A column only grows while the
 * table is shown, so paging back and forth does not shake the layout.
 */
function useFittedColumns(
  shown: readonly VisibleColumn[],
  rows: readonly ResourceRecord[],
  cells: Readonly<Record<string, ResourceCellRenderer>> | undefined,
  i18n: I18nService,
  t: (key: string) => string,
): readonly VisibleColumn[] {
  const grown = useRef(new Map<string, number>());
  return useMemo(() => {
    const sample = rows.slice(0, FIT_SAMPLE_ROWS);
    return shown.map((column) => {
      if (column.custom) return column;
      // A plugin's cell draws what the engine cannot measure: the screen's width for it stands.
      const values = cells?.[column.name]
        ? []
        : sample.map((record) => cellText(column.field, record, column.name, i18n));
      const badges = column.field?.kind === 'enum' && column.field.tones !== undefined;
      const fitted = Math.max(
        grown.current.get(column.name) ?? 0,
        fitWidth({ least: column.width, header: t(column.labelKey), values, badges }),
      );
      grown.current.set(column.name, fitted);
      return fitted === column.width ? column : { ...column, width: fitted };
    });
  }, [shown, rows, cells, i18n, t]);
}

/**
 * Marks the scroller while columns are scrolled under its sticky edges (`data-hidden-start`,
 * `data-hidden-end`), which draws their shadows. Set on the element, not in state: a scroll
 * redraws no rows for it.
 */
function useScrollEdges(scroller: RefObject<HTMLDivElement | null>, tableWidth: number): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `tableWidth` is the trigger: a wider or narrower table marks again.
  useEffect(() => {
    const element = scroller.current;
    if (!element) return undefined;
    const mark = () => {
      const hiddenEnd = element.scrollWidth - element.clientWidth - element.scrollLeft > 1;
      element.toggleAttribute('data-hidden-start', element.scrollLeft > 0);
      element.toggleAttribute('data-hidden-end', hiddenEnd);
    };
    mark();
    element.addEventListener('scroll', mark, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(mark);
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', mark);
      observer?.disconnect();
    };
  }, [scroller, tableWidth]);
}
