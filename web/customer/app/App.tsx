import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { useFavicon } from '../../shared/lib/use-favicon';
import { ApiError } from '../../shared/api/client';
import { usePublicConfig } from '../../shared/lib/public-config';
import { createRouter } from './router';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not get better by asking again; network and 5xx errors are retried twice.
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}

/** `queryClient`: the entry's (main.tsx), which has already asked for the session and the config. */
export function App({ queryClient: given }: { queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  const [router] = useState(() => createRouter(queryClient));
  return (
    <QueryClientProvider client={queryClient}>
      <CompanyFavicon />
      <MetaDescription />
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}

/** The tab's icon: the company's logo (COMPANY_LOGO) once it has loaded, else the drawn mark of index.html. */
function CompanyFavicon() {
  useFavicon(usePublicConfig().data?.company.logoUrl);
  return null;
}

/** The page's meta description (index.html has the English one) in the language shown. */
function MetaDescription() {
  const { t } = useTranslation();
  const text = t('metaDescription');
  useEffect(() => {
    document.querySelector('meta[name="description"]')?.setAttribute('content', text);
  }, [text]);
  return null;
}
