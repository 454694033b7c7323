import { Suspense, useEffect, useId, useState, type KeyboardEvent as ReactKeyboardEvent, type RefObject } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogSurface, Input, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { PluginHost } from '../../plugins/plugin-host';
import { useInjection } from '../../react/container-context';
import { RecordLinks } from '../../resource/record/record-links';
import { ResourceCatalogueService } from '../../resource/record/resource-catalogue';
import { useScreenNames } from '../layout/use-screen-names';
import { useNavigation } from '../use-navigation';
import { recordResults, unreachedTitles, type PaletteRecord, type PaletteRecordGroup } from './record-results';
import { searchScreens, type PaletteScreen } from './search-screens';
import { useRecordSearch, type RecordSearchState } from './use-record-search';

/** Layer stacking: modals sit at 1100, above menus and overlays (1000). */
const MODAL_Z_INDEX = 1100;

const useStyles = makeStyles({
  // The backdrop belongs to the modal layer too, or a menu at 1000 could paint over it.
  backdrop: { zIndex: MODAL_Z_INDEX },
  surface: {
    zIndex: MODAL_Z_INDEX,
    width: '560px',
    maxWidth: 'calc(100vw - 32px)',
    padding: tokens.spacingVerticalM,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    // Near the top like other palettes, so the list grows downwards without moving the input.
    marginTop: '12vh',
  },
  input: { width: '100%' },
  list: {
    maxHeight: '50vh',
    overflowY: 'auto',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
  },
  option: {
    display: 'flex',
    alignItems: 'baseline',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    cursor: 'pointer',
    color: tokens.colorNeutralForeground1,
  },
  // Focus stays in the input, so the active option draws the focus ring itself.
  active: {
    backgroundColor: tokens.colorNeutralBackground1Selected,
    outline: `2px solid ${tokens.colorStrokeFocus2}`,
    outlineOffset: '-2px',
  },
  group: { color: tokens.colorNeutralForeground3, flexShrink: 0 },
  recordGroup: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    marginTop: tokens.spacingVerticalS,
  },
  recordGroupTitle: {
    display: 'flex',
    alignItems: 'baseline',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    color: tokens.colorNeutralForeground2,
  },
  detail: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere', textAlign: 'end' },
  note: { padding: `0 ${tokens.spacingHorizontalM}`, color: tokens.colorNeutralForeground3 },
  empty: { padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalM}`, color: tokens.colorNeutralForeground3 },
});

/**
 * The screens this user may open, translated: the core pages, then the sidebar's in its order; a
 * name two areas share carries its area.
 */
function useScreens(): PaletteScreen[] {
  const { t, i18n } = useTranslation();
  const groups = useNavigation();
  const nameOf = useScreenNames(groups);
  // English texts are matched too under another language: people often know a screen by its English name.
  const english = i18n.language === 'en' ? null : i18n.getFixedT('en');
  const aliases = (key: string, options?: { defaultValue: string }): string[] =>
    english ? [english(key, options ?? {})] : [];
  const coreGroup = t('palette.coreGroup');
  const core: PaletteScreen[] = [
    {
      id: 'core.dashboard',
      path: '/dashboard/main',
      label: t('palette.dashboard'),
      group: coreGroup,
      aliases: aliases('palette.dashboard'),
    },
    {
      id: 'core.profile',
      path: '/profile',
      label: t('palette.profile'),
      group: coreGroup,
      aliases: aliases('palette.profile'),
    },
  ];
  const corePaths = new Set(core.map((screen) => screen.path));
  const plugins = groups.flatMap(({ group, entries }) => {
    const groupKey = `groups.${group}`;
    const groupName = t(groupKey, { defaultValue: group });
    return entries
      .filter((entry) => !corePaths.has(entry.path))
      .map(
        (entry): PaletteScreen => ({
          id: `${entry.pluginId}.${entry.id}`,
          path: entry.path,
          // "Finance › Positions" where the shop has Positions too: the group column alone is easy to miss.
          label: nameOf(entry).full,
          group: groupName,
          aliases: [...aliases(entry.labelKey), ...aliases(groupKey, { defaultValue: group })],
        }),
      );
  });
  return [...core, ...plugins];
}

/** DOM ids may not hold the dots and spaces screen ids and record keys can. */
function optionId(base: string, key: string): string {
  return `${base}-${key.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

/** What the list offers, in its order: the screens, then the records found, group by group. */
type PaletteOption = { readonly id: string; readonly path: string } & (
  | { readonly screen: PaletteScreen }
  | { readonly record: PaletteRecord }
);

/**
 * The records found for the text typed, named and addressed: titles from the readable resources'
 * catalogue (asked once per session, on the first search), areas from the plugins' manifests,
 * whose strings the palette has loaded already to name the screens.
 */
function useRecordGroups(search: RecordSearchState): { groups: PaletteRecordGroup[]; unreached: string[] } {
  const { t } = useTranslation();
  const catalogue = useInjection(ResourceCatalogueService);
  const links = useInjection(RecordLinks);
  const host = useInjection(PluginHost);
  const searching = search.kind !== 'idle';
  useEffect(() => {
    // Without it the groups are named by their ids, which is still usable: a failure is not reported.
    if (searching) catalogue.load().catch(() => undefined);
  }, [catalogue, searching]);
  if (search.kind !== 'done') return { groups: [], unreached: [] };
  const context = {
    t: (key: string, options?: { defaultValue: string }) => t(key, options ?? {}),
    definition: (id: string) => catalogue.definition(id),
    manifests: host.manifests,
    recordPath: (resource: string, id: number) => links.recordPath(resource, id),
  };
  return { groups: recordResults(search.answer, context), unreached: unreachedTitles(search.answer, context) };
}

interface PaletteBodyProps {
  readonly inputRef: RefObject<HTMLInputElement | null>;
  readonly onOpen: (path: string) => void;
}

const PaletteBody = observer(function PaletteBody({ inputRef, onOpen }: PaletteBodyProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const base = useId();
  const listboxId = `${base}-listbox`;
  const screens = useScreens();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const screenResults = searchScreens(screens, query);
  const search = useRecordSearch(query);
  const { groups, unreached } = useRecordGroups(search);
  const results: PaletteOption[] = [
    ...screenResults.map((screen) => ({ id: optionId(base, `screen-${screen.id}`), path: screen.path, screen })),
    ...groups.flatMap((group) =>
      group.records.map((record) => ({ id: optionId(base, `record-${record.key}`), path: record.path, record })),
    ),
  ];
  const activeIndex = Math.min(active, results.length - 1);
  const activeOption = activeIndex >= 0 ? results[activeIndex] : undefined;
  const activeId = activeOption?.id;

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  const onKeyDown = (event: ReactKeyboardEvent<HTMLInputElement>) => {
    // Enter that confirms an input method's composition is not a choice.
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (results.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + results.length) % results.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (activeOption) onOpen(activeOption.path);
    }
  };

  const option = (index: number, label: string, detail: string | null) => {
    const entry = results[index];
    if (!entry) return null;
    return (
      <div
        key={entry.id}
        id={entry.id}
        role="option"
        aria-selected={index === activeIndex}
        className={mergeClasses(styles.option, index === activeIndex && styles.active)}
        // Keep focus in the input, where the keyboard keeps working after a click.
        onMouseDown={(event) => event.preventDefault()}
        // Mouse movement, not mouseenter: a list scrolled by the keyboard under a resting pointer must not steal the selection.
        onMouseMove={() => {
          if (index !== activeIndex) setActive(index);
        }}
        onClick={() => onOpen(entry.path)}
      >
        <Text>{label}</Text>
        {detail && (
          <Text size={200} className={'screen' in entry ? styles.group : styles.detail}>
            {detail}
          </Text>
        )}
      </div>
    );
  };

  return (
    <>
      <Input
        ref={inputRef}
        className={styles.input}
        size="large"
        contentBefore={<SearchRegular />}
        placeholder={t('palette.placeholder')}
        value={query}
        onChange={(_, data) => {
          setQuery(data.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-label={t('palette.placeholder')}
        aria-expanded={results.length > 0}
        aria-controls={listboxId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        autoComplete="off"
        spellCheck={false}
        autoFocus
      />
      <div id={listboxId} role="listbox" aria-label={t('palette.results')} className={styles.list}>
        {screenResults.map((screen, index) => option(index, screen.label, screen.group))}
        {groups.map((group) => (
          <div
            key={group.resource}
            role="group"
            aria-labelledby={optionId(base, `group-${group.resource}`)}
            className={styles.recordGroup}
          >
            <div id={optionId(base, `group-${group.resource}`)} className={styles.recordGroupTitle}>
              <Text size={200} weight="semibold">
                {group.title}
              </Text>
              {group.area && <Text size={200}>{group.area}</Text>}
            </div>
            {group.records.map((record) =>
              option(
                results.findIndex((candidate) => 'record' in candidate && candidate.record === record),
                record.label,
                record.detail,
              ),
            )}
          </div>
        ))}
      </div>
      <SearchNote search={search} found={results.length > 0} recordsFound={groups.length > 0} unreached={unreached} />
    </>
  );
});

interface SearchNoteProps {
  readonly search: RecordSearchState;
  /** Whether the list shows anything, screens or records. */
  readonly found: boolean;
  readonly recordsFound: boolean;
  readonly unreached: readonly string[];
}

/** Under the list: the record search's progress, that nothing (or no record) was found, the areas it did not reach. */
function SearchNote({ search, found, recordsFound, unreached }: SearchNoteProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const status = (() => {
    if (search.kind === 'searching') return t('palette.searching');
    if (search.kind === 'failed') return t('palette.searchFailed');
    if (!found) return t('palette.nothingFound');
    if (search.kind === 'done' && !recordsFound) return t('palette.noRecords');
    return null;
  })();
  return (
    <>
      {/* One live region, always present, so each change of state is read out. */}
      <Text role="status" className={status === null ? undefined : styles.empty}>
        {status}
      </Text>
      {unreached.length > 0 && (
        <Text size={200} className={styles.note}>
          {t('palette.unreached', { names: unreached.join(', ') })}
        </Text>
      )}
    </>
  );
}

interface PaletteDialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly onOpen: (path: string) => void;
  readonly inputRef: RefObject<HTMLInputElement | null>;
}

/** The palette itself, fetched the first time Ctrl+K is pressed (CommandPalette.tsx listens for it). */
export default function PaletteDialog({ open, onClose, onOpen, inputRef }: PaletteDialogProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    // No fade in or out: a palette is opened to be typed into at once, and a half-closed one must not linger.
    <Dialog open={open} modalType="modal" surfaceMotion={null} onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface
        className={styles.surface}
        backdrop={{ className: styles.backdrop }}
        backdropMotion={null}
        aria-label={t('palette.title')}
        // The dialog focuses itself when it finds nothing focusable yet (labels still loading) and a
        // click on its padding focuses it too; typing must still land in the search field.
        onFocus={(event) => event.target === event.currentTarget && inputRef.current?.focus()}
      >
        {/* Plugin labels may still be loading; wait here rather than blanking the page around the palette. */}
        <Suspense fallback={null}>{open && <PaletteBody inputRef={inputRef} onOpen={onOpen} />}</Suspense>
      </DialogSurface>
    </Dialog>
  );
}
