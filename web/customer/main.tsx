import '../shared/lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createQueryClient } from './app/App';
import { startEarlyData } from './app/early-data';
import { sessionQuery } from './features/auth/session';
import { i18nReady } from './i18n';
import { publicConfigQuery } from '../shared/lib/public-config';
import '../shared/base.css';

// Every page asks who is signed in and for the company's settings: both requests start now, beside
// the texts and the screen's chunks, not after them; a signed-in screen's data right after the
// session (early-data.ts).
const queryClient = createQueryClient();
void queryClient.prefetchQuery(sessionQuery);
void queryClient.prefetchQuery(publicConfigQuery);
startEarlyData(queryClient, window.location.pathname);

// Rendered once the texts of the language shown are there (Spanish is fetched first when it is that).
void i18nReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  ),
);
