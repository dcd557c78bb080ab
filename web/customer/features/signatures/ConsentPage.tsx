import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { customerPages } from '../../../../contracts/pages';
import { CONSENT_VERSION } from '../../../../contracts/signatures';
import { usePublicConfig } from '../../../shared/lib/public-config';
import { AuthCard } from '../../components/AuthCard';
import './signatures.css';

/**
 * The electronic consent's full text (contract-spec §1), version CONSENT_VERSION, in the language
 * shown: what agreeing means, a paper copy on request, how to withdraw, how to keep the e-mail
 * address up to date. Public, so it can be read before signing in, and linked from the approve dialog.
 */
export function ConsentPage() {
  const { t } = useTranslation('signatures');
  const company = usePublicConfig().data?.company;
  const values = {
    company: company?.name ?? '',
    email: company?.email ?? '',
    phone: company?.phones[0]?.replace(/^[^:]*:\s*/, '') ?? '',
  };
  return (
    <AuthCard title={t('consent.pageTitle')}>
      <p className="muted">{t('consent.version', { version: CONSENT_VERSION })}</p>
      <p>{t('consent.agreement', values)}</p>
      {(['paper', 'withdraw', 'email', 'needs'] as const).map((part) => (
        <section key={part}>
          <h2 className="consent-heading">{t(`consent.${part}Title`)}</h2>
          <p>{t(`consent.${part}`, values)}</p>
        </section>
      ))}
      <p className="auth-links">
        <Link to={customerPages.dashboard.href()}>{t('consent.back')}</Link>
      </p>
    </AuthCard>
  );
}
