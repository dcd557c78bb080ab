import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/LoginPage';
import { officePages } from '../../../contracts/pages';
import { ErrorPage } from './ErrorPage';
import { requireOffice, signedOutOnly } from './guards';
import { NotFoundPage } from './NotFoundPage';
import { OfficeLayout } from './OfficeLayout';
import { prefetchScreen } from './prefetch';

/** A screen with other features' sections below it: the router composes them, so features never import each other. */
const withBelow = (Page: ComponentType, ...Below: ComponentType[]): ComponentType =>
  function WithBelow() {
    return (
      <>
        <Page />
        {Below.map((Section, i) => (
          <Section key={i} />
        ))}
      </>
    );
  };

/** office-spec section 2: the office's screens, each its own chunk with a loader that starts its data. */
export const createRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    errorElement: <ErrorPage />,
    children: [
      {
        loader: requireOffice(queryClient),
        element: <OfficeLayout />,
        hydrateFallbackElement: <div aria-busy="true" className="session-pending" />,
        children: [
          {
            path: officePages.inbox.path,
            lazy: {
              loader: prefetchScreen(queryClient, () => import('../features/inbox/api/list-inbox').then((m) => m.prefetchInbox)),
              Component: () => import('../features/inbox/InboxPage').then((m) => m.InboxPage),
            },
          },
          {
            path: officePages.customers.path,
            lazy: {
              loader: prefetchScreen(queryClient, () =>
                import('../features/customers/api/search-customers').then((m) => m.prefetchCustomers),
              ),
              Component: () => import('../features/customers/CustomersPage').then((m) => m.CustomersPage),
            },
          },
          {
            path: officePages.customer.path,
            lazy: {
              loader: prefetchScreen(queryClient, () =>
                import('../features/customers/api/get-customer-detail').then((m) => m.prefetchCustomerDetail),
              ),
              Component: () => import('../features/customers/CustomerPage').then((m) => m.CustomerPage),
            },
          },
          {
            path: officePages.quotes.path,
            lazy: {
              loader: prefetchScreen(queryClient, () => import('../features/quotes/api/list-quotes').then((m) => m.prefetchOfficeQuotes)),
              Component: () => import('../features/quotes/QuotesPage').then((m) => m.QuotesPage),
            },
          },
          {
            path: officePages.newQuote.path,
            lazy: { Component: () => import('../features/quotes/QuoteEditorPage').then((m) => m.NewQuotePage) },
          },
          {
            path: officePages.quote.path,
            lazy: {
              loader: prefetchScreen(queryClient, () => import('../features/quotes/api/get-quote').then((m) => m.prefetchOfficeQuote)),
              // The quote's page, then its contract's change orders (contract-spec §2; features stay apart).
              Component: () =>
                Promise.all([import('../features/quotes/QuoteDetailPage'), import('../features/change-orders/ChangeOrdersPanel')]).then(
                  ([page, changes]) => withBelow(page.QuoteDetailPage, changes.QuoteChangeOrdersPanel),
                ),
            },
          },
          {
            path: officePages.editQuote.path,
            lazy: {
              loader: prefetchScreen(queryClient, () => import('../features/quotes/api/get-quote').then((m) => m.prefetchOfficeQuote)),
              Component: () => import('../features/quotes/QuoteEditorPage').then((m) => m.EditQuotePage),
            },
          },
          {
            path: officePages.workOrders.path,
            lazy: {
              loader: prefetchScreen(queryClient, () =>
                import('../features/work-orders/api/list-work-orders').then((m) => m.prefetchOfficeWorkOrders),
              ),
              Component: () => import('../features/work-orders/WorkOrdersPage').then((m) => m.WorkOrdersPage),
            },
          },
          {
            path: officePages.workOrder.path,
            lazy: {
              loader: prefetchScreen(queryClient, () =>
                import('../features/work-orders/api/work-order').then((m) => m.prefetchOfficeWorkOrder),
              ),
              // The order's page, its contract's change orders, then its invoices (contract-spec §2, §3).
              Component: () =>
                Promise.all([
                  import('../features/work-orders/WorkOrderPage'),
                  import('../features/change-orders/ChangeOrdersPanel'),
                  import('../features/invoices/WorkOrderInvoicesPanel'),
                ]).then(([page, changes, invoices]) =>
                  withBelow(page.WorkOrderPage, changes.WorkOrderChangeOrdersPanel, invoices.WorkOrderInvoicesSection),
                ),
            },
          },
          {
            path: officePages.changeOrder.path,
            lazy: {
              loader: prefetchScreen(queryClient, () =>
                import('../features/change-orders/api/change-orders').then((m) => m.prefetchOfficeChangeOrder),
              ),
              Component: () => import('../features/change-orders/ChangeOrderPage').then((m) => m.ChangeOrderPage),
            },
          },
          {
            path: officePages.invoices.path,
            lazy: {
              loader: prefetchScreen(queryClient, () => import('../features/invoices/api/invoices').then((m) => m.prefetchOfficeInvoices)),
              Component: () => import('../features/invoices/InvoicesPage').then((m) => m.InvoicesPage),
            },
          },
          {
            path: officePages.invoice.path,
            lazy: {
              loader: prefetchScreen(queryClient, () => import('../features/invoices/api/invoices').then((m) => m.prefetchOfficeInvoice)),
              Component: () => import('../features/invoices/InvoiceDetailPage').then((m) => m.InvoiceDetailPage),
            },
          },
          {
            path: officePages.staff.path,
            lazy: {
              loader: prefetchScreen(queryClient, () => import('../features/staff/api/list-staff').then((m) => m.prefetchStaff)),
              Component: () => import('../features/staff/StaffPage').then((m) => m.StaffPage),
            },
          },
          {
            path: officePages.audit.path,
            lazy: {
              loader: prefetchScreen(queryClient, () => import('../features/audit/api/list-audit').then((m) => m.prefetchAudit)),
              Component: () => import('../features/audit/AuditPage').then((m) => m.AuditPage),
            },
          },
          { path: `${officePages.inbox.path}/*`, element: <NotFoundPage /> },
        ],
      },
      { path: officePages.login.path, loader: signedOutOnly(queryClient), element: <LoginPage /> },
      // Rarely opened: their own chunks.
      {
        path: officePages.forgotPassword.path,
        lazy: { Component: () => import('../features/auth/ForgotPasswordPage').then((m) => m.ForgotPasswordPage) },
      },
      {
        path: officePages.resetPassword.path,
        lazy: { Component: () => import('../features/auth/ResetPasswordPage').then((m) => m.ResetPasswordPage) },
      },
      // Opened once per account, from the invitation: its own chunk, with the QR code library.
      { path: officePages.setup.path, lazy: { Component: () => import('../features/auth/SetupPage').then((m) => m.SetupPage) } },
      {
        path: '*',
        element: (
          <main>
            <NotFoundPage />
          </main>
        ),
      },
    ],
  },
];

export const createRouter = (queryClient: QueryClient) => createBrowserRouter(createRoutes(queryClient));
