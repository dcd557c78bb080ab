import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { listPeople } from '../../../contracts/customer/people';
import { callEndpoint } from '../../shared/api/client';
import { FormMessage } from '../../shared/components/FormMessage';
import { queryKeys } from '../lib/query-keys';

/** GET /api/people: the account's people and the signed-in person's role (issue 26.4), shared by every screen that acts. */
export const peopleQuery = () =>
  queryOptions({
    queryKey: queryKeys.people,
    queryFn: ({ signal }) => callEndpoint(listPeople, { signal }),
    staleTime: 60_000,
  });

/**
 * What the signed-in person may do here: 'owner', 'approve_and_pay', 'view_only', or undefined while
 * unknown. Screens hide their actions only once it is known to be view-only (the server refuses anyway).
 */
export function useAccountRole() {
  return useQuery(peopleQuery()).data?.you.role;
}

/** Where a screen's actions would be, for a view-only person: why there are none (decision 245). */
export function ViewOnlyNotice() {
  const { t } = useTranslation('common');
  return (
    <div data-testid="view-only-notice">
      <FormMessage kind="info">{t('viewOnly')}</FormMessage>
    </div>
  );
}
