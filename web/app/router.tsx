import { createBrowserRouter, type RouteObject } from 'react-router';
import { CheckInboxPage } from '../features/auth/CheckInboxPage';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage';
import { LoginPage } from '../features/auth/LoginPage';
import { RegisterPage } from '../features/auth/RegisterPage';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { ProfilePage } from '../features/profile/ProfilePage';
import { QuotesPage } from '../features/quotes/QuotesPage';
import { SubmitRequestPage } from '../features/submit-request/SubmitRequestPage';
import { WorkOrdersPage } from '../features/work-orders/WorkOrdersPage';
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
          { path: paths.dashboard, element: <DashboardPage /> },
          { path: paths.quotes, element: <QuotesPage /> },
          { path: paths.workOrders, element: <WorkOrdersPage /> },
          { path: paths.submitWorkOrder, element: <SubmitRequestPage /> },
          { path: paths.settings, element: <ProfilePage /> },
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
