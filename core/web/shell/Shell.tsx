import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { observer } from 'mobx-react-lite';
import { Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useInjection } from '../react/container-context';
import { addSignedInStrings } from '../i18n/signed-in-strings';
import { I18nService } from '../services/i18n-service';
import { ThemeService } from '../services/theme-service';
import { AreaBreadcrumb } from './layout/AreaBreadcrumb';
import { TOP_BAR_LAYER } from './layout/layers';
import { usePortalLayers } from './layout/portal-layers';
import { useOnNavigation } from './layout/on-navigation';
import { DockedSidebar, OverlaySidebar } from './layout/SidebarFrame';
import { CommandPalette } from './command-palette/CommandPalette';
import { useWideWindow } from './layout/use-wide-window';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';
import { useAfterIdle } from './use-after-idle';
import { useNavigation } from './use-navigation';

// The customizer's button, drawer and pickers: shown once the browser is idle, fetched then.
const ThemeCustomizer = lazy(() =>
  import(/* webpackChunkName: "theme-customizer" */ './layout/ThemeCustomizer').then((m) => ({
    default: m.ThemeCustomizer,
  })),
);

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    minHeight: '100vh',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  header: { position: 'sticky', top: 0, zIndex: TOP_BAR_LAYER },
  body: { display: 'flex', flexGrow: 1, minHeight: 0 },
  main: { flexGrow: 1, minWidth: 0, padding: tokens.spacingHorizontalXXL },
});

/**
 * Open in a wide window, closed in a narrow one; the toggle overrides until the window crosses
 * the breakpoint. In a narrow window the sidebar is an overlay, so a navigation closes it.
 */
function useSidebarOpen(wide: boolean): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(wide);
  const { pathname } = useLocation();
  useEffect(() => setOpen(wide), [wide]);
  // Only a navigation closes the overlay; crossing the breakpoint is the effect above.
  useOnNavigation(pathname, () => {
    if (!wide) setOpen(false);
  });
  return [open, setOpen];
}

const ShellFrame = observer(function ShellFrame() {
  usePortalLayers();
  const styles = useStyles();
  const theme = useInjection(ThemeService);
  const { language } = useInjection(I18nService);
  const groups = useNavigation();
  const wide = useWideWindow();
  const [open, setOpen] = useSidebarOpen(wide);
  const idle = useAfterIdle();
  const layout = theme.layout;
  // A menu bar squeezed into a narrow window helps nobody: there the overlay shows the vertical list.
  const sideLayout = layout === 'horizontal' ? 'vertical' : layout;
  const showMenuBar = open && wide && layout === 'horizontal';
  const showDocked = open && wide && layout !== 'horizontal';
  const showOverlay = open && !wide;

  return (
    <div className={styles.root} data-layout={layout} data-sidebar={open ? 'open' : 'closed'}>
      <div className={styles.header}>
        <TopBar sidebarOpen={open} onToggleSidebar={() => setOpen(!open)} />
        {showMenuBar && <Sidebar layout="horizontal" groups={groups} />}
      </div>
      <div className={styles.body}>
        {showDocked && (
          <DockedSidebar>
            <Sidebar layout={layout} groups={groups} />
          </DockedSidebar>
        )}
        <main className={styles.main}>
          <AreaBreadcrumb groups={groups} />
          {/* The server answers in the reader's language (reference labels such as countries, its messages):
              a language switch opens the page afresh, so what it read is read again in the new language. */}
          <Suspense key={language} fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      {showOverlay && (
        <OverlaySidebar onClose={() => setOpen(false)}>
          <Sidebar layout={sideLayout} groups={groups} />
        </OverlaySidebar>
      )}
      {idle && (
        <Suspense fallback={null}>
          <ThemeCustomizer />
        </Suspense>
      )}
      <CommandPalette />
    </div>
  );
});

/** The signed-in layout around every page: top bar, sidebar from the manifests, the page. */
export default function Shell() {
  // Before anything below renders a signed-in string.
  addSignedInStrings(useInjection(I18nService).i18n);
  return (
    <Suspense fallback={<Spinner />}>
      <ShellFrame />
    </Suspense>
  );
}
