import { lazy } from 'react';
import { Outlet, useRoutes, type RouteObject } from 'react-router-dom';
import { LoginPage } from '../auth/LoginPage';
import type { PluginHost } from '../plugins/plugin-host';
import { pluginRouteTable } from '../plugins/navigation';
import { DocumentTitle } from './DocumentTitle';
import { HomeRedirect, RequireSession, SignedOutOnly } from './guards';
import type { RouteHandle } from './route-handle';

// The signed-in layout is its own chunk: the sign-in page does not pay for it.
const Shell = lazy(() => import(/* webpackChunkName: "shell" */ './Shell'));
const MainDashboard = lazy(() => import(/* webpackChunkName: "shell" */ './MainDashboard').then((m) => ({ default: m.MainDashboard })));
const NotFoundPage = lazy(() => import(/* webpackChunkName: "shell" */ './NotFoundPage').then((m) => ({ default: m.NotFoundPage })));
const PluginRouteView = lazy(() =>
  import(/* webpackChunkName: "shell" */ './PluginRouteView').then((m) => ({ default: m.PluginRouteView })),
);

function Root({ table }: { table: () => RouteObject[] }) {
  return (
    <>
      <DocumentTitle routes={table()} />
      <Outlet />
    </>
  );
}

const handle = (titleKey: string): RouteHandle => ({ titleKey });

/** The route table: the core's own pages and, from the manifests, every enabled plugin's. */
export function appRoutes(host: PluginHost): RouteObject[] {
  const routes: RouteObject[] = [
    {
      // The root reads this same table to find the current route's title.
      element: <Root table={() => routes} />,
      children: [
        { path: '/', element: <HomeRedirect /> },
        {
          path: '/login',
          handle: handle('login.welcome'),
          element: (
            <SignedOutOnly>
              <LoginPage />
            </SignedOutOnly>
          ),
        },
        {
          element: (
            <RequireSession>
              <Shell />
            </RequireSession>
          ),
          children: [
            { path: '/dashboard/main', handle: handle('dashboard.title'), element: <MainDashboard /> },
            ...pluginRouteTable(host.manifests).map(
              (route): RouteObject => ({
                path: route.path,
                handle: handle(route.titleKey),
                element: <PluginRouteView key={route.path} pluginId={route.pluginId} path={route.path} />,
              }),
            ),
            { path: '*', handle: handle('notFound.title'), element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ];
  return routes;
}

/**
 * The routes rendered by a declarative router (BrowserRouter in the app, MemoryRouter in tests):
 * the data-router APIs would add to every page's download without serving a need here.
 */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}
