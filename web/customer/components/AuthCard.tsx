import type { ReactNode } from 'react';
import { CompanyLogo } from '../../shared/components/CompanyLogo';
import { usePublicConfig } from '../../shared/lib/public-config';
import { LanguageToggle } from '../../shared/i18n/LanguageToggle';
import { useDocumentTitle } from '../../shared/lib/use-document-title';

/** The frame of the signed-out pages: company logo and name, the language toggle, and a card. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const config = usePublicConfig();
  useDocumentTitle(title);
  return (
    <main className="auth-page">
      <div className="auth-card">
        <div className="auth-language">
          <LanguageToggle />
        </div>
        <p className="brand auth-brand">
          {/* The same logo as the signed-in frame (COMPANY_LOGO, else the drawn mark); decorative beside the name. */}
          {config.data && <CompanyLogo className="auth-logo" logoUrl={config.data.company.logoUrl} width={40} height={40} />}
          {config.data?.company.name ?? '\u00a0'}
        </p>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}
