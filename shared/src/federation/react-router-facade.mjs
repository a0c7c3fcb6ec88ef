// The shared `react-router` module: only the declarative-routing API the shell and the areas use
// under the shell's low-level <Router>. As a shared singleton the whole package would ship (60 KB gz
// on every page, data routers, server rendering, cookies and sessions included); through this list
// webpack tree-shakes it. Data-router APIs (loaders, actions, fetchers, useBlocker) need
// createBrowserRouter and never work under the contract's <Router>, so they are left out on purpose;
// other names join the list when an area first imports them (every page pays for each one).
// react-router-facade.test.ts fails when any source file imports a name missing here.
export {
  createPath,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Router,
  Routes,
  UNSAFE_createBrowserHistory,
  UNSAFE_createMemoryHistory,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from '@shop/react-router-full';
