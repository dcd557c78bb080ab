import { officePages } from '../../../contracts/pages';
import { NotFoundPage as SharedNotFoundPage } from '../../shared/layout/NotFound';

/** An unknown office address; inside the shell when signed in, alone otherwise (the router gives it its `main` then). */
export const NotFoundPage = () => <SharedNotFoundPage home={officePages.inbox.href()} />;
