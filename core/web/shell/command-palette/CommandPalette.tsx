import { useMountedOnce } from '../layout/use-mounted-once';
import { Suspense, useCallback, useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type RefObject } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Dialog, DialogSurface, Input, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { useNavigation } from '../use-navigation';
import { searchScreens, type PaletteScreen } from './search-screens';

/** Spec §9 layer stacking: modals sit at 1100, above menus and overlays (1000). */
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
  list: { maxHeight: '50vh', overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
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
  empty: { padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalM}`, color: tokens.colorNeutralForeground3 },
});

/** Ctrl+K or Cmd+K; by physical key too, so it works on a Cyrillic layout where the key reads "л". */
function isPaletteShortcut(event: KeyboardEvent): boolean {
  if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return false;
  const key = event.key.toLowerCase();
  if (key === 'k') return true;
  return !/^[a-z]$/.test(key) && event.code === 'KeyK';
}

/** The screens this user may open, translated: the core pages, then the sidebar's in its order. */
function useScreens(): PaletteScreen[] {
  const { t, i18n } = useTranslation();
  const groups = useNavigation();
  // English texts are matched too under another language: people often know a screen by its English name.
  const english = i18n.language === 'en' ? null : i18n.getFixedT('en');
  const aliases = (key: string, options?: { defaultValue: string }): string[] => (english ? [english(key, options ?? {})] : []);
  const coreGroup = t('palette.coreGroup');
  const core: PaletteScreen[] = [
    { id: 'core.dashboard', path: '/dashboard/main', label: t('palette.dashboard'), group: coreGroup, aliases: aliases('palette.dashboard') },
    { id: 'core.profile', path: '/profile', label: t('palette.profile'), group: coreGroup, aliases: aliases('palette.profile') },
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
          label: t(entry.labelKey),
          group: groupName,
          aliases: [...aliases(entry.labelKey), ...aliases(groupKey, { defaultValue: group })],
        }),
      );
  });
  return [...core, ...plugins];
}

/** DOM ids may not hold the dots and spaces screen ids can. */
function optionId(base: string, screen: PaletteScreen): string {
  return `${base}-${screen.id.replace(/[^A-Za-z0-9_-]/g, '_')}`;
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
  const results = searchScreens(screens, query);
  const activeIndex = Math.min(active, results.length - 1);
  const activeScreen = activeIndex >= 0 ? results[activeIndex] : undefined;
  const activeId = activeScreen ? optionId(base, activeScreen) : undefined;

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  const onKeyDown = (event: ReactKeyboardEvent<HTMLInputElement>) => {
    // Enter that confirms an input method's composition is not a choice of screen.
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (results.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + results.length) % results.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (activeScreen) onOpen(activeScreen.path);
    }
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
        {results.map((screen, index) => (
          <div
            key={screen.id}
            id={optionId(base, screen)}
            role="option"
            aria-selected={index === activeIndex}
            className={mergeClasses(styles.option, index === activeIndex && styles.active)}
            // Keep focus in the input, where the keyboard keeps working after a click.
            onMouseDown={(event) => event.preventDefault()}
            // Mouse movement, not mouseenter: a list scrolled by the keyboard under a resting pointer must not steal the selection.
            onMouseMove={() => {
              if (index !== activeIndex) setActive(index);
            }}
            onClick={() => onOpen(screen.path)}
          >
            <Text>{screen.label}</Text>
            <Text size={200} className={styles.group}>
              {screen.group}
            </Text>
          </div>
        ))}
      </div>
      {results.length === 0 && (
        <Text role="status" className={styles.empty}>
          {t('palette.nothingFound')}
        </Text>
      )}
    </>
  );
});

/**
 * Jump to any screen this user may open: Ctrl+K or Cmd+K anywhere in the signed-in app, type,
 * pick with the arrows and Enter or the mouse. Escape or a click outside closes it and focus goes
 * back where it was. Lists exactly what the sidebar would, plus the dashboard and the profile.
 */
export function CommandPalette() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const openRef = useRef(false);
  const returnFocus = useRef<HTMLElement | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isPaletteShortcut(event)) return;
      // The browser's own Ctrl+K (search bar) would take focus away from the page.
      event.preventDefault();
      if (openRef.current) return;
      openRef.current = true;
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setOpen(true);
    };
    // Capture phase, so a field that stops its keydown events cannot swallow the shortcut.
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, []);

  useEffect(() => {
    if (open) return;
    const target = returnFocus.current;
    returnFocus.current = null;
    if (target?.isConnected) target.focus();
  }, [open]);

  const close = useCallback(() => {
    openRef.current = false;
    setOpen(false);
  }, []);

  const openScreen = useCallback(
    (path: string) => {
      close();
      navigate(path);
    },
    [close, navigate],
  );

  // Mounted on first use: a mounted Fluent Dialog, even closed, adds focus guards scanners flag.
  const mounted = useMountedOnce(open);
  if (!mounted) return null;
  return (
    // No fade in or out: a palette is opened to be typed into at once, and a half-closed one must not linger.
    <Dialog open={open} modalType="modal" surfaceMotion={null} onOpenChange={(_, data) => !data.open && close()}>
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
        <Suspense fallback={null}>{open && <PaletteBody inputRef={inputRef} onOpen={openScreen} />}</Suspense>
      </DialogSurface>
    </Dialog>
  );
}
