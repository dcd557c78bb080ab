import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/LoginPage';
import { loadSignedInTexts } from '../i18n';
import { customerPages } from '../../../contracts/pages';
import { publicConfigQuery } from '../../shared/lib/public-config';
import { ErrorPage } from './ErrorPage';
import { PublicOnly, RequireAuth } from './guards';
import { NotFoundPage } from './NotFoundPage';
import { prefetchScreen } from './prefetch';
import { SignedInLayout } from './SignedInLayout';

/** A screen with another feature's section below it: the router composes them, so features never import each other. */
const withBelow = (Page: ComponentType, Below: ComponentType): ComponentType =>
  function WithBelow() {
    return (
      <>
        <Page />
        <Below />
      </>
    );
  };

/** The spec's routes, plus the account pages every real portal has (check inbox, password reset). */
export const createRoutes = (queryClient: QueryClient): RouteObject[] => {
  /**
   * A signed-in screen's chunk, ready once its texts are there too (they are not on the first page)
   * and the config, whose company time zone every time on the screen is shown in.
   */
  const screen = (load: () => Promise<ComponentType>) => () =>
    Promise.all([load(), loadSignedInTexts(), companyConfig(queryClient)]).then(([Screen]) => Screen);
  return routesWith(queryClient, screen);
};

/**
 * The config, or nothing when /api/config cannot be had: the screen is shown all the same (its times
 * then in the browser's zone, named by formatDateTime), and what needs the company's details asks
 * for them again (the PDF buttons).
 */
const companyConfig = (queryClient: QueryClient) =>
  queryClient.ensureQueryData(publicConfigQuery).catch((err: unknown) => {
    console.warn('the company configuration could not be loaded; times are shown in this browser’s zone', err);
    return null;
  });

function routesWith(queryClient: QueryClient, screen: (load: () => Promise<ComponentType>) => () => Promise<ComponentType>): RouteObject[] {
  return [
    {
      errorElement: <ErrorPage />,
      children: [
        {
          element: (
            <RequireAuth>
              <SignedInLayout />
            </RequireAuth>
          ),
          // A first page load waits for the screen's loader (the session check) and chunk: the same busy
          // placeholder RequireAuth shows while it checks the session.
          hydrateFallbackElement: <div aria-busy="true" className="session-pending" />,
          children: [
            // Each screen is its own chunk, loaded when first visited (the login page stays small); its
            // data starts loading beside it (prefetch.ts).
            {
              path: customerPages.dashboard.path,
              lazy: {
                loader: prefetchScreen(queryClient, () => import('../features/dashboard/api/get-dashboard').then((m) => m.dashboardQuery)),
                Component: screen(() => import('../features/dashboard/DashboardPage').then((m) => m.DashboardPage)),
              },
            },
            {
              path: customerPages.quotes.path,
              lazy: {
                loader: prefetchScreen(queryClient, () => import('../features/quotes/api/get-quotes').then((m) => m.quotesQuery)),
                Component: screen(() => import('../features/quotes/QuotesPage').then((m) => m.QuotesPage)),
              },
            },
            {
              path: customerPages.quote.path,
              lazy: {
                loader: prefetchScreen(queryClient, () => import('../features/quotes/api/get-quote').then((m) => m.quoteScreenQuery)),
                // The quote's page, then its contract's change orders (contract-spec §2; features stay apart).
                Component: screen(() =>
                  Promise.all([import('../features/quotes/QuotePage'), import('../features/change-orders/ChangeOrdersSection')]).then(
                    ([page, changes]) => withBelow(page.QuotePage, changes.QuoteChangeOrders),
                  ),
                ),
              },
            },
            {
              path: customerPages.workOrders.path,
              lazy: {
                loader: prefetchScreen(queryClient, () =>
                  import('../features/work-orders/api/get-work-orders').then((m) => m.workOrdersScreenQuery),
                ),
                Component: screen(() => import('../features/work-orders/WorkOrdersPage').then((m) => m.WorkOrdersPage)),
              },
            },
            {
              path: customerPages.workOrder.path,
              lazy: {
                loader: prefetchScreen(queryClient, () =>
                  import('../features/work-orders/api/get-work-order').then((m) => m.workOrderScreenQuery),
                ),
                Component: screen(() =>
                  Promise.all([
                    import('../features/work-orders/WorkOrderPage'),
                    import('../features/change-orders/ChangeOrdersSection'),
                  ]).then(([page, changes]) => withBelow(page.WorkOrderPage, changes.WorkOrderChangeOrders)),
                ),
              },
            },
            {
              path: customerPages.invoices.path,
              lazy: {
                loader: prefetchScreen(queryClient, () =>
                  import('../features/invoices/api/get-invoices').then((m) => m.invoicesScreenQuery),
                ),
                Component: screen(() => import('../features/invoices/InvoicesPage').then((m) => m.InvoicesPage)),
              },
            },
            {
              path: customerPages.invoice.path,
              lazy: {
                loader: prefetchScreen(queryClient, () => import('../features/invoices/api/get-invoice').then((m) => m.invoiceScreenQuery)),
                Component: screen(() => import('../features/invoices/InvoicePage').then((m) => m.InvoicePage)),
              },
            },
            {
              path: customerPages.submitWorkOrder.path,
              lazy: {
                Component: screen(() => import('../features/submit-work-order/SubmitWorkOrderPage').then((m) => m.SubmitWorkOrderPage)),
              },
            },
            {
              path: customerPages.profile.path,
              lazy: {
                loader: prefetchScreen(queryClient, () => import('../features/profile/api/get-profile').then((m) => m.profileQuery)),
                Component: screen(() => import('../features/profile/ProfilePage').then((m) => m.ProfilePage)),
              },
            },
          ],
        },
        {
          element: (
            <PublicOnly>
              <Outlet />
            </PublicOnly>
          ),
          children: [
            { path: customerPages.login.path, element: <LoginPage /> },
            // Opened far less than the login page (once per customer): its own chunk.
            {
              path: customerPages.register.path,
              lazy: { Component: () => import('../features/auth/RegisterPage').then((m) => m.RegisterPage) },
            },
          ],
        },
        {
          path: customerPages.checkInbox.path,
          lazy: { Component: () => import('../features/auth/CheckInboxPage').then((m) => m.CheckInboxPage) },
        },
        // Rarely opened (a link read on another device): its own chunk.
        {
          path: customerPages.confirmEmail.path,
          lazy: { Component: () => import('../features/auth/ConfirmEmailPage').then((m) => m.ConfirmEmailPage) },
        },
        // A portal invitation's link (issue 26.1): opened once per invited customer, its own chunk.
        {
          path: customerPages.portalAccess.path,
          lazy: { Component: () => import('../features/auth/PortalAccessPage').then((m) => m.PortalAccessPage) },
        },
        // A person's invitation to an account (issue 26.4): its own chunk.
        {
          path: customerPages.joinAccount.path,
          lazy: { Component: () => import('../features/auth/JoinAccountPage').then((m) => m.JoinAccountPage) },
        },
        {
          path: customerPages.confirmEmailChange.path,
          lazy: { Component: () => import('../features/auth/ConfirmEmailChangePage').then((m) => m.ConfirmEmailChangePage) },
        },
        // Password reset pages, opened now and then: their own chunks (the login page stays small).
        {
          path: customerPages.forgotPassword.path,
          lazy: { Component: () => import('../features/auth/ForgotPasswordPage').then((m) => m.ForgotPasswordPage) },
        },
        {
          path: customerPages.resetPassword.path,
          lazy: { Component: () => import('../features/auth/ResetPasswordPage').then((m) => m.ResetPasswordPage) },
        },
        // Public, signed in or not (contract-spec §1): checking a signed PDF, and the consent's full text.
        {
          path: customerPages.verify.path,
          lazy: { Component: screen(() => import('../features/signatures/VerifyPage').then((m) => m.VerifyPage)) },
        },
        {
          path: customerPages.consent.path,
          lazy: { Component: screen(() => import('../features/signatures/ConsentPage').then((m) => m.ConsentPage)) },
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

export const createRouter = (queryClient: QueryClient) => createBrowserRouter(createRoutes(queryClient));
