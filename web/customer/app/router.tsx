import { createBrowserRouter, type RouteObject } from 'react-router';
import { CheckInboxPage } from '../features/auth/CheckInboxPage';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage';
import { LoginPage } from '../features/auth/LoginPage';
import { RegisterPage } from '../features/auth/RegisterPage';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage';
import { paths } from '../lib/paths';
import { ErrorPage } from './ErrorPage';
import { PublicOnly, RequireAuth } from './guards';
import { NotFoundPage } from './NotFoundPage';
import { SignedInLayout } from './SignedInLayout';

/** The spec's routes, plus the account pages every real portal has (check inbox, password reset). */
export const routes: RouteObject[] = [
  {
    errorElement: <ErrorPage />,
    children: [
      {
        element: (
          <RequireAuth>
            <SignedInLayout />
          </RequireAuth>
        ),
        children: [
          // Each screen is its own chunk, loaded when first visited: the login page stays small.
          { path: paths.dashboard, lazy: () => import('../features/dashboard/DashboardPage').then((m) => ({ Component: m.DashboardPage })) },
          { path: paths.quotes, lazy: () => import('../features/quotes/QuotesPage').then((m) => ({ Component: m.QuotesPage })) },
          { path: paths.workOrders, lazy: () => import('../features/work-orders/WorkOrdersPage').then((m) => ({ Component: m.WorkOrdersPage })) },
          { path: paths.submitWorkOrder, lazy: () => import('../features/submit-work-order/SubmitWorkOrderPage').then((m) => ({ Component: m.SubmitWorkOrderPage })) },
          { path: paths.profile, lazy: () => import('../features/profile/ProfilePage').then((m) => ({ Component: m.ProfilePage })) },
        ],
      },
      { path: paths.login, element: <PublicOnly><LoginPage /></PublicOnly> },
      { path: paths.register, element: <PublicOnly><RegisterPage /></PublicOnly> },
      { path: paths.checkInbox, element: <CheckInboxPage /> },
      { path: paths.forgotPassword, element: <ForgotPasswordPage /> },
      { path: paths.resetPassword, element: <ResetPasswordPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
