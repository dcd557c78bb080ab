import { officePages } from '../../../contracts/pages';
import { ErrorPage as SharedErrorPage } from '../../shared/layout/ErrorPage';

/** The router's fallback for an error no screen handled (web/shared/layout/ErrorPage.tsx), back to the Inbox. */
export const ErrorPage = () => <SharedErrorPage home={officePages.inbox.href()} logLabel="unexpected office application error" />;
