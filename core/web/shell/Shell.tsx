import { Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { observer } from 'mobx-react-lite';
import { Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';
import { useNavigation } from './use-navigation';

/** Spec §9: the sidebar closes below this window width and opens above it. */
export const SIDEBAR_BREAKPOINT_PX = 1400;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', minHeight: '100vh', backgroundColor: tokens.colorNeutralBackground2 },
  body: { display: 'flex', flexGrow: 1, minHeight: 0 },
  main: { flexGrow: 1, padding: tokens.spacingHorizontalXXL, minWidth: 0 },
});

function useWideWindow(): boolean {
  const query = `(min-width: ${SIDEBAR_BREAKPOINT_PX}px)`;
  const [wide, setWide] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => setWide(list.matches);
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return wide;
}

const ShellFrame = observer(function ShellFrame() {
  const styles = useStyles();
  const groups = useNavigation();
  const wide = useWideWindow();
  const [open, setOpen] = useState(wide);
  useEffect(() => setOpen(wide), [wide]);

  return (
    <div className={styles.root}>
      <TopBar onToggleSidebar={() => setOpen((value) => !value)} />
      <div className={styles.body}>
        {open && <Sidebar groups={groups} />}
        <main className={styles.main}>
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
});

/** The signed-in layout around every page: top bar, sidebar from the manifests, the page. */
export default function Shell() {
  return (
    <Suspense fallback={<Spinner />}>
      <ShellFrame />
    </Suspense>
  );
}
