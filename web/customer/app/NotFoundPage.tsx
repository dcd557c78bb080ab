import { useTranslation } from 'react-i18next';
import { customerPages } from '../../../contracts/pages';
import { NotFoundPage as SignedOutNotFound, NotFoundText } from '../../shared/layout/NotFound';
import { useSession } from '../features/auth/session';
import { SignedInLayout } from './SignedInLayout';

const home = customerPages.dashboard.href();

/** Any other path: inside the signed-in frame for a signed-in customer (menu and all), a page of its own otherwise. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const session = useSession();
  if (session.isPending) return <div aria-busy="true" className="session-pending" />;
  if (session.data) {
    return (
      <SignedInLayout title={t('notFound.title')}>
        <NotFoundText home={home} />
      </SignedInLayout>
    );
  }
  return <SignedOutNotFound home={home} landmark />;
}
