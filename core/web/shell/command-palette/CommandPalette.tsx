import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMountedOnce } from '../layout/use-mounted-once';

// The dialog, its search and its styles are fetched on first use, not with the shell every page waits for.
const PaletteDialog = lazy(() => import(/* webpackChunkName: "command-palette" */ './PaletteDialog'));

/** Ctrl+K or Cmd+K; by physical key too, so it works on a Cyrillic layout where the key reads "л". */
function isPaletteShortcut(event: KeyboardEvent): boolean {
  if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return false;
  const key = event.key.toLowerCase();
  if (key === 'k') return true;
  return !/^[a-z]$/.test(key) && event.code === 'KeyK';
}

/**
 * Jump to any screen this user may open: Ctrl+K or Cmd+K anywhere in the signed-in app, type,
 * pick with the arrows and Enter or the mouse. Escape or a click outside closes it and focus goes
 * back where it was. Lists exactly what the sidebar would, plus the dashboard and the profile.
 */
export function CommandPalette() {
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
    <Suspense fallback={null}>
      <PaletteDialog open={open} onClose={close} onOpen={openScreen} inputRef={inputRef} />
    </Suspense>
  );
}
