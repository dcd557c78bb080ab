import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { parseCompanyPhone } from '../../../contracts/company-phone';
import { usePublicConfig } from '../../shared/lib/public-config';
import { EmailAddress } from './EmailAddress';
import './ContactCard.css';

/** A phone number as a tel: link target: its digits, with a leading + kept. */
export const telHref = (phone: string) => `tel:${phone.trim().startsWith('+') ? '+' : ''}${phone.replace(/\D/g, '')}`;

/**
 * How to reach the company (COMPANY_PHONES, COMPANY_EMAIL): on the dashboard and in the menu. Each
 * number and the address is a link that calls or writes; nothing shows until the config is there.
 */
export function ContactCard({ variant = 'card' }: { variant?: 'card' | 'menu' }) {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const headingId = useId();
  const company = config.data?.company;
  if (!company) return null;
  const phones = [...new Set(company.phones.filter((phone) => phone.trim()))].map(parseCompanyPhone);
  return (
    <section className={`contact-card ${variant === 'menu' ? 'in-menu' : 'card'}`} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('contact.title')}</h2>
      <p className="contact-lead">{t('contact.lead', { company: company.name })}</p>
      <ul className="contact-links">
        {phones.map((phone) => (
          <li key={`${phone.label}:${phone.number}`}>
            {/* Each number says which it is (COMPANY_PHONES 'Office: …, Mobile: …'); a bare number is 'Phone'. */}
            <a href={telHref(phone.number)}>
              <span className="contact-kind">{phone.label ?? t('contact.phone')}</span> {phone.number}
            </a>
          </li>
        ))}
        {company.email && (
          <li>
            <a href={`mailto:${company.email}`}>
              <span className="contact-kind">{t('contact.email')}</span> <EmailAddress email={company.email} className="contact-address" />
            </a>
          </li>
        )}
      </ul>
    </section>
  );
}
