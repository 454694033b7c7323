import { lazy, Suspense } from 'react';
import type { PermissionRequirement } from '@core/shared/permissions';
import { Outlet, useRoutes, type RouteObject } from 'react-router-dom';
import { LoginRoute } from '../auth/LoginRoute';
import type { PluginHost } from '../plugins/plugin-host';
import { pluginRouteTable } from '../plugins/navigation';
import { DocumentTitle } from './DocumentTitle';
import {
  ENTER_EMAIL_PATH,
  HomeRedirect,
  LOGIN_PATH,
  MAIN_PATH,
  NavigationTrail,
  NavigationTrailProvider,
  RequireMissingEmail,
  RequireSession,
  SignedOutOnly,
} from './guards';
import type { RouteHandle } from './route-handle';

// The signed-in layout is its own chunk: the sign-in page does not pay for it, but may fetch it while the user types.
export const loadShell = () => import(/* webpackChunkName: "shell" */ './Shell');
const Shell = lazy(loadShell);
const MainDashboard = lazy(() =>
  import(/* webpackChunkName: "shell" */ './MainDashboard').then((m) => ({ default: m.MainDashboard })),
);
const NotFoundPage = lazy(() =>
  import(/* webpackChunkName: "shell" */ './NotFoundPage').then((m) => ({ default: m.NotFoundPage })),
);
const PluginRouteView = lazy(() =>
  import(/* webpackChunkName: "shell" */ './PluginRouteView').then((m) => ({ default: m.PluginRouteView })),
);
const RecordRouteView = lazy(() =>
  import(/* webpackChunkName: "shell" */ './RecordRouteView').then((m) => ({ default: m.RecordRouteView })),
);
// Small enough to ride along with the shell they are shown in.
const PlaceholderPage = lazy(() => import(/* webpackChunkName: "shell" */ '../pages/PlaceholderPage'));
// Bare pages the sign-in page leads to, and the profile: each fetched when first opened.
const EnterEmailPage = lazy(() => import(/* webpackChunkName: "enter-email" */ '../auth/EnterEmailPage'));
const ProfilePage = lazy(() => import(/* webpackChunkName: "profile" */ '../pages/profile/ProfilePage'));
const NotificationsPage = lazy(
  () => import(/* webpackChunkName: "notifications" */ '../notifications/NotificationsPage'),
);

function Root({ table, trail }: { table: () => RouteObject[]; trail: NavigationTrail }) {
  return (
    <NavigationTrailProvider trail={trail}>
      <DocumentTitle routes={table()} />
      <Outlet />
    </NavigationTrailProvider>
  );
}

const handle = (titleKey: string, requires?: PermissionRequirement): RouteHandle =>
  requires === undefined ? { titleKey } : { titleKey, requires };

/** The route table: the core's own pages and, from the manifests, every enabled plugin's. */
export function appRoutes(host: PluginHost): RouteObject[] {
  // One per route table, i.e. per app start: which pages this user has been shown.
  const trail = new NavigationTrail();
  const routes: RouteObject[] = [
    {
      // The root reads this same table to find the current route's title.
      element: <Root table={() => routes} trail={trail} />,
      children: [
        { path: '/', element: <HomeRedirect /> },
        {
          path: LOGIN_PATH,
          handle: handle('login.welcome'),
          element: (
            <SignedOutOnly>
              <LoginRoute />
            </SignedOutOnly>
          ),
        },
        {
          path: ENTER_EMAIL_PATH,
          handle: handle('enterEmail.title'),
          element: (
            <RequireMissingEmail>
              {/* Bare layout: no shell, so no spinner of the shell's either; the chunk is small. */}
              <Suspense fallback={null}>
                <EnterEmailPage />
              </Suspense>
            </RequireMissingEmail>
          ),
        },
        {
          element: (
            <RequireSession>
              <Shell />
            </RequireSession>
          ),
          children: [
            { path: MAIN_PATH, handle: handle('dashboard.title'), element: <MainDashboard /> },
            { path: '/profile', handle: handle('profile.title'), element: <ProfilePage /> },
            { path: '/notifications', handle: handle('notifications.title'), element: <NotificationsPage /> },
            {
              path: '/dashboards/messaging',
              handle: handle('placeholders.messaging.title'),
              element: <PlaceholderPage kind="messaging" />,
            },
            {
              path: '/settings',
              handle: handle('placeholders.settings.title'),
              element: <PlaceholderPage kind="settings" />,
            },
            ...pluginRouteTable(host.manifests).map(
              (route): RouteObject => ({
                path: route.path,
                handle: handle(route.titleKey, route.requires),
                element: route.record ? (
                  <RecordRouteView
                    key={route.path}
                    pluginId={route.pluginId}
                    record={route.record}
                    requires={route.requires}
                  />
                ) : (
                  <PluginRouteView
                    key={route.path}
                    pluginId={route.pluginId}
                    path={route.path}
                    requires={route.requires}
                  />
                ),
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
