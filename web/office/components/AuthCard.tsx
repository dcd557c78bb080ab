import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageToggle } from '../../shared/i18n/LanguageToggle';
import { usePublicConfig } from '../../shared/lib/public-config';
import { useDocumentTitle } from '../../shared/lib/use-document-title';

/** The frame of the signed-out office pages (sign-in, set-up): company name, a card, the language toggle. */
export function AuthCard({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation();
  const config = usePublicConfig();
  useDocumentTitle(title);
  return (
    <main className="auth-page">
      <div className={wide ? 'auth-card wide' : 'auth-card'}>
        <div className="auth-card-top">
          <p className="brand">
            {config.data?.company.name ?? '\u00a0'}
            <span className="brand-office">{t('office')}</span>
          </p>
          <LanguageToggle className="link-button" />
        </div>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}
