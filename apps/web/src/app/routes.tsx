import { createBrowserRouter, type RouteObject } from 'react-router';
import { DispatchSheetScreen } from '../modules/dispatch/screens/dispatch-sheet.screen';
import { OrderListScreen } from '../modules/inspection-orders/screens/order-list.screen';
import { OrderSubmitScreen } from '../modules/inspection-orders/screens/order-submit.screen';
import { OrderDetailScreen } from '../modules/inspection-orders/screens/order-detail.screen';
import { TicketListScreen } from '../modules/tickets/screens/ticket-list.screen';
import { HomeScreen } from './home.screen';

/** Screens of built modules, by path. The shell adds every other sidebar page around them. */
export const moduleRoutes: RouteObject[] = [
  { path: '/panel/inspection/orders/management', element: <DispatchSheetScreen /> },
  { path: '/panel/inspection/orders', element: <OrderListScreen /> },
  { path: '/panel/inspection/orders/submit', element: <OrderSubmitScreen /> },
  { path: '/panel/inspection/orders/:id', element: <OrderDetailScreen /> },
  { path: '/panel/inspection/tickets', element: <TicketListScreen /> },
];

export const appRouter = createBrowserRouter([{ path: '/', element: <HomeScreen /> }, ...moduleRoutes]);
