import { useEffect, useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import {
  ChevronDownRegular,
  ChevronRightRegular,
  DeleteRegular,
  EditRegular,
  ReOrderDotsVerticalRegular,
} from '@fluentui/react-icons';
import { I18nService, useInjection } from '@core/sdk/web';
import {
  childrenOf,
  levelOf,
  visibleOrder,
  type DropPlace,
  type GoogleTable,
  type KeyboardMove,
  type TableTree,
} from './tree';
import { tableName } from './table-name';

const useStyles = makeStyles({
  tree: { listStyleType: 'none', margin: 0, padding: 0 },
  group: { listStyleType: 'none', margin: 0, paddingLeft: tokens.spacingHorizontalXXL },
  row: {
    outlineStyle: 'none',
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    minHeight: '36px',
    padding: `0 ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    borderTop: '2px solid transparent',
    borderBottom: '2px solid transparent',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  dragging: { opacity: 0.5 },
  dropBefore: { borderTopColor: tokens.colorBrandStroke1 },
  dropAfter: { borderBottomColor: tokens.colorBrandStroke1 },
  dropInside: { backgroundColor: tokens.colorBrandBackground2, outline: `1px dashed ${tokens.colorBrandStroke1}` },
  handle: { cursor: 'grab', color: tokens.colorNeutralForeground3, display: 'flex' },
  toggle: { minWidth: '24px', width: '24px' },
  spacer: { width: '24px', flexShrink: 0 },
  name: {
    color: tokens.colorBrandForegroundLink,
    textDecorationLine: 'none',
    ':hover': { textDecorationLine: 'underline', color: tokens.colorBrandForegroundLinkHover },
  },
  sheet: {
    color: tokens.colorNeutralForeground3,
    fontFamily: tokens.fontFamilyMonospace,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  actions: { marginLeft: 'auto', display: 'flex', gap: tokens.spacingHorizontalXS },
});

/** Which third of a row the pointer is over: its top quarter puts the table before, its bottom after. */
export function dropPlaceAt(clientY: number, rect: Pick<DOMRect, 'top' | 'height'>): DropPlace {
  if (!Number.isFinite(clientY) || rect.height <= 0) return 'inside';
  const offset = (clientY - rect.top) / rect.height;
  if (offset < 0.25) return 'before';
  if (offset > 0.75) return 'after';
  return 'inside';
}

const KEY_MOVES: Readonly<Record<string, KeyboardMove>> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowRight: 'indent',
  ArrowLeft: 'outdent',
};

export interface GoogleTableTreeProps {
  readonly tree: TableTree;
  readonly disabled?: boolean;
  readonly canEdit: boolean;
  readonly onMove: (dragId: number, targetId: number, place: DropPlace) => Promise<void>;
  readonly onKeyMove: (id: number, move: KeyboardMove) => Promise<void>;
  readonly onEdit: (table: GoogleTable) => void;
  readonly onDelete: (table: GoogleTable) => void;
  /** Id of the text that explains the keys, when it is shown. */
  readonly describedBy?: string;
}

/**
 * The spreadsheet tables as an ARIA tree. Each table's row is its tree item, named by what it shows
 * (the name and the spreadsheet); the tables inside it follow in a group the row owns, outside the
 * row, so the row's name is not the text of the whole branch. A table is moved by dragging its row onto another (top
 * quarter: before it, bottom quarter: after it, middle: inside it) or with Alt+Arrow keys:
 * Alt+Up/Down among its siblings, Alt+Right into the table above, Alt+Left out of its parent.
 * Arrow keys move the focus; Right and Left also open and close a branch.
 */
export const GoogleTableTree = observer(function GoogleTableTree({
  tree,
  disabled,
  canEdit,
  onMove,
  onKeyMove,
  onEdit,
  onDelete,
  describedBy,
}: GoogleTableTreeProps) {
  const { t } = useTranslation('finance');
  const styles = useStyles();
  const i18n = useInjection(I18nService);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const [focusedId, setFocusedId] = useState<number | null>(null);
  const [dragId, setDragId] = useState<number | null>(null);
  const [hint, setHint] = useState<{ id: number; place: DropPlace } | null>(null);
  const [refocus, setRefocus] = useState<number | null>(null);
  const rootRef = useRef<HTMLUListElement>(null);
  const idPrefix = useId();
  const dragRef = useRef<number | null>(null);

  const order = visibleOrder(tree, collapsed);
  const current =
    focusedId !== null && order.some((entry) => entry.id === focusedId) ? focusedId : (order[0]?.id ?? null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `tree` is the trigger: the row to focus exists once the new tree is drawn.
  useEffect(() => {
    if (refocus === null) return;
    rootRef.current?.querySelector<HTMLElement>(`[data-table-id="${refocus}"] > [role="treeitem"]`)?.focus();
    setRefocus(null);
  }, [refocus, tree]);

  const focus = (id: number) => {
    setFocusedId(id);
    setRefocus(id);
  };

  const toggle = (id: number, open?: boolean) => {
    setCollapsed((previous) => {
      const next = new Set(previous);
      const shouldOpen = open ?? next.has(id);
      if (shouldOpen) next.delete(id);
      else next.add(id);
      return next;
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>, id: number) => {
    const move = KEY_MOVES[event.key];
    if (event.altKey && move) {
      event.preventDefault();
      event.stopPropagation();
      if (!canEdit || disabled) return;
      if (move === 'indent') {
        // The new parent opens so the moved table stays in view.
        const siblings = childrenOf(tree, tree.parents.get(id) ?? null);
        const previous = siblings[siblings.indexOf(id) - 1];
        if (previous !== undefined) toggle(previous, true);
      }
      void onKeyMove(id, move).then(() => focus(id));
      return;
    }
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const index = order.findIndex((entry) => entry.id === id);
    const hasChildren = childrenOf(tree, id).length > 0;
    let handled = true;
    switch (event.key) {
      case 'ArrowDown': {
        const next = order[index + 1];
        if (next) focus(next.id);
        break;
      }
      case 'ArrowUp': {
        const previous = order[index - 1];
        if (previous) focus(previous.id);
        break;
      }
      case 'ArrowRight':
        if (hasChildren && collapsed.has(id)) toggle(id, true);
        else if (hasChildren) focus(childrenOf(tree, id)[0] ?? id);
        break;
      case 'ArrowLeft': {
        const parent = tree.parents.get(id) ?? null;
        if (hasChildren && !collapsed.has(id)) toggle(id, false);
        else if (parent !== null) focus(parent);
        break;
      }
      case 'Home':
        if (order[0]) focus(order[0].id);
        break;
      case 'End': {
        const last = order[order.length - 1];
        if (last) focus(last.id);
        break;
      }
      default:
        handled = false;
    }
    if (handled) {
      event.preventDefault();
      event.stopPropagation();
    }
  };

  const dragStart = (event: DragEvent<HTMLDivElement>, id: number) => {
    dragRef.current = id;
    setDragId(id);
    if (event.dataTransfer) {
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData('text/plain', String(id));
    }
  };

  const placeOf = (event: DragEvent<HTMLDivElement>): DropPlace =>
    dropPlaceAt(event.clientY, event.currentTarget.getBoundingClientRect());

  const dragOver = (event: DragEvent<HTMLDivElement>, id: number) => {
    if (dragRef.current === null) return;
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'move';
    const place = placeOf(event);
    if (hint?.id !== id || hint.place !== place) setHint({ id, place });
  };

  const endDrag = () => {
    dragRef.current = null;
    setDragId(null);
    setHint(null);
  };

  const drop = (event: DragEvent<HTMLDivElement>, id: number) => {
    const dragged = dragRef.current;
    endDrag();
    if (dragged === null) return;
    event.preventDefault();
    const place = placeOf(event);
    if (place === 'inside') toggle(id, true);
    void onMove(dragged, id, place);
  };

  const renderLevel = (parent: number | null) =>
    childrenOf(tree, parent).map((id, index, siblings) => {
      const table = tree.tables.get(id);
      if (!table) return null;
      const kids = childrenOf(tree, id);
      const open = !collapsed.has(id);
      const name = tableName(table, i18n.language);
      const hintClass =
        hint?.id === id
          ? hint.place === 'before'
            ? styles.dropBefore
            : hint.place === 'after'
              ? styles.dropAfter
              : styles.dropInside
          : undefined;
      const nameId = `${idPrefix}-name-${id}`;
      const sheetId = `${idPrefix}-sheet-${id}`;
      const groupId = `${idPrefix}-group-${id}`;
      const showsKids = kids.length > 0 && open;
      return (
        <li key={id} role="none" data-table-id={id} onKeyDown={(event) => onKeyDown(event, id)}>
          <div
            role="treeitem"
            aria-level={levelOf(tree, id)}
            aria-setsize={siblings.length}
            aria-posinset={index + 1}
            aria-expanded={kids.length > 0 ? open : undefined}
            aria-owns={showsKids ? groupId : undefined}
            aria-labelledby={`${nameId} ${sheetId}`}
            tabIndex={current === id ? 0 : -1}
            onFocus={(event) => {
              if (event.target === event.currentTarget) setFocusedId(id);
            }}
            className={mergeClasses(styles.row, dragId === id && styles.dragging, hintClass)}
            draggable={canEdit && !disabled}
            data-drop-row={id}
            onDragStart={(event) => dragStart(event, id)}
            onDragOver={(event) => dragOver(event, id)}
            onDragLeave={() => setHint((previous) => (previous?.id === id ? null : previous))}
            onDrop={(event) => drop(event, id)}
            onDragEnd={endDrag}
          >
            {canEdit && (
              <span className={styles.handle} aria-hidden="true">
                <ReOrderDotsVerticalRegular />
              </span>
            )}
            {kids.length > 0 ? (
              <Button
                className={styles.toggle}
                appearance="subtle"
                size="small"
                tabIndex={-1}
                aria-label={open ? t('googleTables.collapse', { name }) : t('googleTables.expand', { name })}
                icon={open ? <ChevronDownRegular /> : <ChevronRightRegular />}
                onClick={() => toggle(id)}
              />
            ) : (
              <span className={styles.spacer} />
            )}
            <Link
              id={nameId}
              className={styles.name}
              to={`/google-table-data/${id}`}
              tabIndex={current === id ? 0 : -1}
            >
              {name}
            </Link>{' '}
            <Text id={sheetId} size={200} className={styles.sheet} title={table.spreadsheet_id}>
              {table.spreadsheet_id}
            </Text>
            {canEdit && (
              <span className={styles.actions}>
                <Button
                  appearance="subtle"
                  size="small"
                  tabIndex={current === id ? 0 : -1}
                  aria-label={t('googleTables.editNamed', { name })}
                  title={t('googleTables.edit')}
                  icon={<EditRegular />}
                  onClick={() => onEdit(table)}
                />
                <Button
                  appearance="subtle"
                  size="small"
                  tabIndex={current === id ? 0 : -1}
                  aria-label={t('googleTables.deleteNamed', { name })}
                  title={t('googleTables.delete')}
                  icon={<DeleteRegular />}
                  onClick={() => onDelete(table)}
                />
              </span>
            )}
          </div>
          {showsKids && (
            <ul role="group" id={groupId} className={styles.group}>
              {renderLevel(id)}
            </ul>
          )}
        </li>
      );
    });

  return (
    <ul
      ref={rootRef}
      role="tree"
      aria-label={t('nav.googleTables')}
      aria-describedby={describedBy}
      aria-busy={disabled || undefined}
      className={styles.tree}
    >
      {renderLevel(null)}
    </ul>
  );
});
