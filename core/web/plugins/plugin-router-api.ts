/**
 * What the host provides to external plugins as `react-router-dom`: the declarative routing API
 * the app itself runs on (the host mounts every page under its own <BrowserRouter>, so a plugin
 * links, navigates and reads the address, but never creates a router or a data route). Handing a
 * remote the whole package would keep all of it in the host's build, the data-router, server and
 * framework parts included: 34 KB gzip on every signed-in screen, measured by the budget stage.
 * One module instance either way, so a plugin's hooks read the host's router.
 * A name added here is a promise to plugin authors (plugins/README.md lists these).
 */
export {
  createPath,
  createSearchParams,
  generatePath,
  Link,
  matchPath,
  matchRoutes,
  Navigate,
  NavigationType,
  NavLink,
  Outlet,
  parsePath,
  resolvePath,
  Route,
  Routes,
  useHref,
  useInRouterContext,
  useLinkClickHandler,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
} from 'react-router-dom';
