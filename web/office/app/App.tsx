import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { useFavicon } from '../../shared/lib/use-favicon';
import { loginWith } from './guards';
import { usePublicConfig } from '../../shared/lib/public-config';
import { createRouter } from './router';
import { createOfficeQueryClient } from './session';

/** The office app: one query client (which notices an ended session) and the router. */
export function App() {
  const [{ queryClient, router }] = useState(() => {
    // The router needs the client, and the client's "session ended" must move the router: a late binding.
    let navigateToLogin = () => {};
    const client = createOfficeQueryClient(() => navigateToLogin());
    const created = createRouter(client);
    navigateToLogin = () => void created.navigate(loginWith('ended'), { replace: true });
    return { queryClient: client, router: created };
  });
  return (
    <QueryClientProvider client={queryClient}>
      <CompanyFavicon />
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}

/** The tab's icon: the company's logo (COMPANY_LOGO) once it has loaded, else the drawn mark of index.html. */
function CompanyFavicon() {
  useFavicon(usePublicConfig().data?.company.logoUrl);
  return null;
}
