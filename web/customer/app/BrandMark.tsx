import type { PublicConfig } from '../../../contracts/public';
import { CompanyLogo } from '../../shared/components/CompanyLogo';

export { DEFAULT_LOGO } from '../../shared/components/CompanyLogo';

/**
 * The company's logo (COMPANY_LOGO, else the drawn mark, also when the logo does not load) and name.
 * The logo is decorative beside the name (alt=""), so a screen reader says the name once. Nothing but
 * the space it takes until the config has loaded.
 */
export function BrandMark({ company }: { company: PublicConfig['company'] | undefined }) {
  return (
    <p className="brand">
      {company && <CompanyLogo className="brand-logo" logoUrl={company.logoUrl} width={36} height={36} />}
      <span className="brand-name">{company?.name ?? '\u00a0'}</span>
    </p>
  );
}
