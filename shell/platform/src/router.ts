/**
 * The router, through the platform singleton. Shell and remotes import routing from `@buergerfit/platform`,
 * never from react-router(-dom) directly (a lint rule enforces it): then the one router copy in the browser is
 * the shell's, and the shell's bundle keeps only the parts of react-router listed here instead of the whole
 * library that a shared module would carry (~40 KB compressed). Add an export here when an app needs one.
 */

export {
  BrowserRouter,
  Link,
  MemoryRouter,
  matchRoutes,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Router,
  Routes,
  UNSAFE_NavigationContext as NavigationContext,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
} from 'react-router-dom';
