import type { QueryClient } from '@tanstack/react-query';
import { getProfile, type Profile } from '../../../../contracts/customer/profile';
import type { SessionAnswer } from '../../../../contracts/public';
import { callEndpoint } from '../../../shared/api/client';
import { queryKeys } from '../../lib/query-keys';
import type { PdfCustomer } from '../../../shared/pdf/render';

/**
 * Whom a PDF is for: the signed-in customer's profile as the app caches it (queryKeys.profile, the
 * Profile page's query; read now if no page has yet), with its name and postal address. When the
 * profile cannot be read (no customers row, the network), the session's name and e-mail stand in
 * and the reason goes to the console; with neither, the PDF has no customer block.
 */
export async function pdfCustomer(queryClient: QueryClient): Promise<PdfCustomer | null> {
  const session = queryClient.getQueryData<SessionAnswer['user'] | null>(queryKeys.session);
  try {
    const profile = await queryClient.ensureQueryData<Profile>({
      queryKey: queryKeys.profile,
      queryFn: ({ signal }) => callEndpoint(getProfile, { signal }),
      // A profile that is not there now is not there a second later: the PDF goes on without it.
      retry: false,
    });
    return { name: profile.name || session?.name || null, email: profile.email, phone: profile.phone, address: profile.address };
  } catch (err) {
    console.warn('PDF: the profile could not be read; the customer block shows the account’s name and e-mail only', err);
    return session ? { name: session.name || null, email: session.email, phone: null, address: null } : null;
  }
}
