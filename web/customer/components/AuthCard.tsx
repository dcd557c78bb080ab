import type { ReactNode } from 'react';
import { usePublicConfig } from '../lib/public-config';
import { useDocumentTitle } from '../lib/use-document-title';

/** The frame of the signed-out pages: company name and a card. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const config = usePublicConfig();
  useDocumentTitle(title);
  return (
    <main className="auth-page">
      <div className="auth-card">
        <p className="brand">{config.data?.company.name ?? '\u00a0'}</p>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}
