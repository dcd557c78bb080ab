import { customerPages } from '../../../contracts/pages';
import { ErrorPage as SharedErrorPage } from '../../shared/layout/ErrorPage';

/** The router's fallback for an error no screen handled (web/shared/layout/ErrorPage.tsx), back to the dashboard. */
export const ErrorPage = () => <SharedErrorPage home={customerPages.dashboard.href()} logLabel="unexpected application error" />;
