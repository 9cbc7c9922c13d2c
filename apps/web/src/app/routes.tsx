import { Box } from '@chakra-ui/react';
import { Navigate, createBrowserRouter, useLocation, useNavigate, type RouteObject } from 'react-router';
import { AUTH_PATH, PANEL_HOME_PATH } from '@panel/contracts/common';
import { ErrorFallback } from '@panel/ui';
import { DispatchSheetScreen } from '../modules/dispatch/screens/dispatch-sheet.screen';
import { OrderListScreen } from '../modules/inspection-orders/screens/order-list.screen';
import { OrderSubmitScreen } from '../modules/inspection-orders/screens/order-submit.screen';
import { OrderDetailScreen } from '../modules/inspection-orders/screens/order-detail.screen';
import { TicketListScreen } from '../modules/tickets/screens/ticket-list.screen';
import { SignInScreen } from '../modules/auth/screens/sign-in.screen';
import { AccessGate } from './access-gate';
import { HomeScreen } from './home.screen';
import { NAV_ITEMS } from './navigation';
import { PanelLayout } from './shell/panel-layout';
import { NotBuiltScreen, PanelNotFoundScreen } from './shell/not-built.screen';

/**
 * Screens of built modules, by absolute path; they render inside the panel shell. Adding a
 * screen is one line here, e.g. the order detail:
 * `{ path: '/panel/inspection/orders/:id', element: <OrderDetailScreen /> }`.
 * Every sidebar page without a line here shows the plain "not built yet" page.
 */
export const moduleRoutes: RouteObject[] = [
  { path: '/panel/inspection/orders/management', element: <DispatchSheetScreen /> },
  { path: '/panel/inspection/orders', element: <OrderListScreen /> },
  { path: '/panel/inspection/orders/submit', element: <OrderSubmitScreen /> },
  { path: '/panel/inspection/orders/:id', element: <OrderDetailScreen /> },
  { path: '/panel/inspection/tickets', element: <TicketListScreen /> },
];

const builtPaths = new Set(moduleRoutes.map((route) => route.path));
const notBuiltRoutes: RouteObject[] = NAV_ITEMS.filter((item) => !builtPaths.has(item.path)).map((item) => ({
  path: item.path,
  element: <NotBuiltScreen title={item.title} />,
}));

/**
 * What a route shows when its screen fails to render (STYLE 15): the shell and the other routes
 * keep working. React Router has already logged the error with console.error. Retrying
 * navigates to the same address, which makes the router's boundary render the screen afresh.
 */
function RouteErrorScreen() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Box p="6">
      <ErrorFallback
        message="در نمایش این صفحه خطایی رخ داد."
        onRetry={() => navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: location.state })}
      />
    </Box>
  );
}

/** Every route gets its own error element, so an error stays within the route that raised it. */
function withErrorElements(list: RouteObject[]): RouteObject[] {
  return list.map((route) =>
    ({ ...route, errorElement: route.errorElement ?? <RouteErrorScreen />, ...(route.children ? { children: withErrorElements(route.children) } : {}) }) as RouteObject,
  );
}

export const routes: RouteObject[] = withErrorElements([
  {
    element: <AccessGate />,
    children: [
      { path: '/', element: <HomeScreen /> },
      { path: AUTH_PATH, element: <SignInScreen /> },
      { path: '/panel', element: <Navigate to={PANEL_HOME_PATH} replace /> },
      {
        element: <PanelLayout />,
        children: [...moduleRoutes, ...notBuiltRoutes, { path: '/panel/*', element: <PanelNotFoundScreen /> }],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);

export const appRouter = createBrowserRouter(routes);
