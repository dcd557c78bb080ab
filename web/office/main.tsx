import '../shared/lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { i18nReady } from './i18n';
import '../shared/base.css';
import './styles.css';

// The office app's entry: its own HTML page (web/office/index.html) and chunks, never loaded by a customer.
// Rendered once the texts of the language shown are there (Spanish is fetched first when it is that).
void i18nReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
