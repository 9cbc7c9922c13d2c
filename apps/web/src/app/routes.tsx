import type { ComponentType } from 'react';
import { Navigate, createBrowserRouter, useLocation, useNavigate, type RouteObject } from 'react-router';
import { AUTH_PATH, PANEL_HOME_PATH } from '@panel/contracts/common/plain';
import { ErrorFallback } from '@panel/ui/error-boundary';
import { loadUi, releaseIslands } from '@panel/ui/island';
import { AccessGate } from './access-gate';
import { PanelLayout } from './shell/panel-layout';

/**
 * Screens of built modules, by absolute path; they render inside the panel shell and load on
 * demand (one chunk per module), so the dispatch sheet's first load carries no other module's
 * code. Adding a screen is one line here, e.g. the order detail:
 * `{ path: '/panel/inspection/orders/:id', lazy: screen(() => import('...order-detail.screen'), 'OrderDetailScreen') }`.
 * Every sidebar page without a line here shows the plain "not built yet" page.
 */
function screen<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): RouteObject['lazy'] {
  return async () => {
    // Chakra with the screen's own chunk, side by side; the shell's islands need not wait longer.
    const [module, { IslandProvider }] = await Promise.all([load(), loadUi()]);
    releaseIslands();
    const Screen = module[name] as ComponentType;
    return {
      Component: () => (
        <IslandProvider>
          <Screen />
        </IslandProvider>
      ),
    };
  };
}

/**
 * A screen drawn plain, whose Chakra parts are islands (decision 148): only the dispatch sheet,
 * the screen a dispatcher opens first thing and keeps open all day.
 */
function plainScreen<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): RouteObject['lazy'] {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

export const moduleRoutes: RouteObject[] = [
  { path: '/panel/inspection/orders/management', lazy: plainScreen(() => import('../modules/dispatch/screens/dispatch-sheet.screen'), 'DispatchSheetScreen') },
  { path: '/panel/inspection/orders', lazy: screen(() => import('../modules/inspection-orders/screens/order-list.screen'), 'OrderListScreen') },
  { path: '/panel/inspection/orders/submit', lazy: screen(() => import('../modules/inspection-orders/screens/order-submit.screen'), 'OrderSubmitScreen') },
  { path: '/panel/inspection/orders/:id', lazy: screen(() => import('../modules/inspection-orders/screens/order-detail.screen'), 'OrderDetailScreen') },
  { path: '/panel/inspection/offers/list', lazy: screen(() => import('../modules/inspection-offers/screens/offer-list.screen'), 'OfferListScreen') },
  { path: '/panel/inspection/offer-monitoring', lazy: screen(() => import('../modules/inspection-offers/screens/offer-monitoring.screen'), 'OfferMonitoringScreen') },
  { path: '/panel/inspection/reserves', lazy: screen(() => import('../modules/inspection-reserves/screens/reserve-list.screen'), 'ReserveListScreen') },
  { path: '/panel/inspection/tickets', lazy: screen(() => import('../modules/inspection-tickets/screens/ticket-list.screen'), 'TicketListScreen') },
  { path: '/panel/sell-tickets', lazy: screen(() => import('../modules/sell-tickets/screens/sell-ticket-list.screen'), 'SellTicketListScreen') },
  { path: '/panel/divar-token', lazy: screen(() => import('../modules/divar-tokens/screens/divar-token-list.screen'), 'DivarTokenListScreen') },
  { path: '/panel/sms', lazy: screen(() => import('../modules/notifications/screens/sms.screen'), 'SmsScreen') },
  { path: '/panel/notification', lazy: screen(() => import('../modules/notifications/screens/expert-message.screen'), 'ExpertMessageScreen') },
  { path: '/panel/originality-mapping', lazy: screen(() => import('../modules/originality-mapping/screens/originality-mapping.screen'), 'OriginalityMappingScreen') },
  { path: '/panel/leasing-order', lazy: screen(() => import('../modules/leasing/screens/leasing-register.screen'), 'LeasingRegisterScreen') },
  { path: '/panel/leasing/orders', lazy: screen(() => import('../modules/leasing/screens/leasing-orders.screen'), 'LeasingOrdersScreen') },
  { path: '/panel/leasing/orders/:id', lazy: screen(() => import('../modules/leasing/screens/leasing-order-detail.screen'), 'LeasingOrderDetailScreen') },
  { path: '/panel/leasing/claims', lazy: screen(() => import('../modules/leasing/screens/leasing-claims.screen'), 'LeasingClaimsScreen') },
  { path: '/panel/leasing/claims/:id', lazy: screen(() => import('../modules/leasing/screens/leasing-claim-detail.screen'), 'LeasingClaimDetailScreen') },
  { path: '/panel/leasing/payment-plans', lazy: screen(() => import('../modules/leasing/screens/payment-plans.screen'), 'PaymentPlansScreen') },
  { path: '/panel/concierge-sale', lazy: screen(() => import('../modules/concierge-sale/screens/sale-list.screen'), 'SaleListScreen') },
  { path: '/panel/concierge-sale/:id', lazy: screen(() => import('../modules/concierge-sale/screens/sale-detail.screen'), 'SaleDetailScreen') },
  { path: '/panel/concierge-sale/offers', lazy: screen(() => import('../modules/concierge-sale/screens/offer-list.screen'), 'BuyerOfferListScreen') },
  { path: '/panel/concierge-sale/offer-monitoring', lazy: screen(() => import('../modules/concierge-sale/screens/offer-monitoring.screen'), 'OfferMonitoringScreen') },
  { path: '/panel/sell-assisstant/submit-order', lazy: screen(() => import('../modules/concierge-sale/screens/submit-order.screen'), 'SubmitOrderScreen') },
  { path: '/panel/deals', lazy: screen(() => import('../modules/concierge-sale/screens/deal-list.screen'), 'DealListScreen') },
  { path: '/panel/api-tokens', lazy: screen(() => import('../modules/api-tokens/screens/api-tokens.screen'), 'ApiTokensScreen') },
  { path: '/panel/car-posts', lazy: screen(() => import('../modules/car-posts/screens/car-post-list.screen'), 'CarPostListScreen') },
  { path: '/panel/pricing-order-list', lazy: screen(() => import('../modules/pricing-orders/screens/pricing-order-list.screen'), 'PricingOrderListScreen') },
  { path: '/panel/inspection/assistant', lazy: screen(() => import('../modules/inspection-assistants/screens/turn-assign.screen'), 'TurnAssignScreen') },
  { path: '/panel/inspection/qc-assistants', lazy: screen(() => import('../modules/inspection-assistants/screens/desk-queues.screen'), 'QcDeskScreen') },
  { path: '/panel/inspection/pricing-assistants', lazy: screen(() => import('../modules/inspection-assistants/screens/desk-queues.screen'), 'PricingDeskScreen') },
  { path: '/panel/inspection/qc-assistants/:pk', lazy: screen(() => import('../modules/inspection-assistants/screens/qc-review.screen'), 'QcReviewScreen') },
  { path: '/panel/inspection/pricing-assistants/:pk', lazy: screen(() => import('../modules/inspection-assistants/screens/pricing-review.screen'), 'PricingReviewScreen') },
  { path: '/panel/inspection/packages', lazy: screen(() => import('../modules/inspection-catalogue/screens/package-list.screen'), 'PackageListScreen') },
  { path: '/panel/inspection/vehicles', lazy: screen(() => import('../modules/inspection-catalogue/screens/vehicle-list.screen'), 'VehicleListScreen') },
  { path: '/panel/inspection/pricing-rates', lazy: screen(() => import('../modules/inspection-catalogue/screens/pricing-rate-list.screen'), 'PricingRateListScreen') },
  { path: '/panel/inspection/packages/:id', lazy: screen(() => import('../modules/inspection-catalogue/screens/package-editor.screen'), 'PackageEditorScreen') },
  { path: '/panel/inspection/pricing-rates/:id', lazy: screen(() => import('../modules/inspection-catalogue/screens/pricing-rate-editor.screen'), 'PricingRateEditorScreen') },
  { path: '/panel/car-posts/:id', lazy: screen(() => import('../modules/car-posts/screens/car-post-detail.screen'), 'CarPostDetailScreen') },
  { path: '/panel/affidavit', lazy: screen(() => import('../modules/affidavits/screens/affidavits-list.screen'), 'AffidavitsListScreen') },
  { path: '/panel/affidavit/add', lazy: screen(() => import('../modules/affidavits/screens/affidavit-add.screen'), 'AffidavitAddScreen') },
  { path: '/panel/affidavit/:id', lazy: screen(() => import('../modules/affidavits/screens/affidavit-detail.screen'), 'AffidavitDetailScreen') },
  { path: '/panel/affidavit/:id/edit', lazy: screen(() => import('../modules/affidavits/screens/affidavit-edit.screen'), 'AffidavitEditScreen') },
  { path: '/panel/experts/list', lazy: screen(() => import('../modules/experts/screens/experts-list.screen'), 'ExpertsListScreen') },
  { path: '/panel/experts/tickets', lazy: screen(() => import('../modules/experts/screens/expert-tickets.screen'), 'ExpertTicketsScreen') },
  { path: '/panel/experts/:id', lazy: screen(() => import('../modules/experts/screens/expert-detail.screen'), 'ExpertDetailScreen') },
  { path: '/panel/cms', lazy: screen(() => import('../modules/cms/screens/cms-list.screen'), 'CmsListScreen') },
  { path: '/panel/cms/category-manage', lazy: screen(() => import('../modules/cms/screens/cms-categories.screen'), 'CmsCategoriesScreen') },
  { path: '/panel/cms/add', lazy: screen(() => import('../modules/cms/screens/cms-content.screen'), 'CmsContentAddScreen') },
  { path: '/panel/cms/:id', lazy: screen(() => import('../modules/cms/screens/cms-content.screen'), 'CmsContentScreen') },
  { path: '/panel/inspection/schema', lazy: screen(() => import('../modules/report-schemas/screens/report-schemas-list.screen'), 'ReportSchemasListScreen') },
  { path: '/panel/inspection/schema/add', lazy: screen(() => import('../modules/report-schemas/screens/schema-editor.screen'), 'SchemaAddScreen') },
  { path: '/panel/inspection/schema/bmt', lazy: screen(() => import('../modules/report-schemas/screens/schema-bmt.screen'), 'SchemaBmtScreen') },
  { path: '/panel/inspection/schema/:id', lazy: screen(() => import('../modules/report-schemas/screens/schema-editor.screen'), 'SchemaEditScreen') },
  { path: '/panel/accounting/payments', lazy: screen(() => import('../modules/expert-pay/screens/expert-payments.screen'), 'ExpertPaymentsScreen') },
  { path: '/panel/settings/inspection', lazy: screen(() => import('../modules/expert-pay/screens/inspection-settings.screen'), 'InspectionSettingsScreen') },
  { path: '/panel/nps', lazy: screen(() => import('../modules/nps/screens/nps-list.screen'), 'NpsListScreen') },
  { path: '/panel/ai-qc', lazy: screen(() => import('../modules/ai-qc/screens/ai-qc-list.screen'), 'AiQcListScreen') },
  { path: '/panel/discount', lazy: screen(() => import('../modules/discounts/screens/discounts-list.screen'), 'DiscountsListScreen') },
  { path: '/panel/accounting/transactions', lazy: screen(() => import('../modules/transactions/screens/transactions-list.screen'), 'TransactionsListScreen') },
  { path: '/panel/car-detail', lazy: screen(() => import('../modules/car-detail/screens/car-detail-list.screen'), 'CarDetailListScreen') },
  { path: '/panel/car-info', lazy: screen(() => import('../modules/car-info/screens/car-info-list.screen'), 'CarInfoListScreen') },
  { path: '/panel/car-info/types/:id', lazy: screen(() => import('../modules/car-info/screens/car-info-type.screen'), 'CarInfoTypeScreen') },
  { path: '/panel/brand-model-management', lazy: screen(() => import('../modules/brand-models/screens/brand-model-management.screen'), 'BrandModelManagementScreen') },
];

/**
 * What a route shows when its screen fails to render (STYLE 15): the shell and the other routes
 * keep working. React Router has already logged the error with console.error. Retrying
 * navigates to the same address, which makes the router's boundary render the screen afresh.
 */
function RouteErrorScreen() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <div style={{ padding: '1.5rem' }}>
      <ErrorFallback
        message="در نمایش این صفحه خطایی رخ داد."
        onRetry={() => navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: location.state })}
      />
    </div>
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
      { path: '/', lazy: screen(() => import('./home.screen'), 'HomeScreen') },
      // Its own chunk: a signed-in page's first load carries no sign-in form (issue 36).
      { path: AUTH_PATH, lazy: screen(() => import('../modules/auth/screens/sign-in.screen'), 'SignInScreen') },
      { path: '/panel', element: <Navigate to={PANEL_HOME_PATH} replace /> },
      {
        element: <PanelLayout />,
        children: [...moduleRoutes, { path: '/panel/*', lazy: screen(() => import('./shell/unavailable.screen'), 'PanelNotFoundScreen') }],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);

export const appRouter = createBrowserRouter(routes);
