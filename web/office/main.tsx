import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// The office app's entry: its own HTML page (web/office/index.html) and chunks, never loaded by a customer.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <main>
      <h1>Office</h1>
    </main>
  </StrictMode>,
);
