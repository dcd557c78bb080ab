import type { PublicConfig } from '../../../contracts/public';

/** Shown when COMPANY_LOGO is not set: the drawn mark that is also the favicon (web/public/brand). */
export const DEFAULT_LOGO = '/brand/logo-mark.svg';

/**
 * The company's logo (COMPANY_LOGO) and name. The logo is decorative beside the name (alt=""), so a
 * screen reader says the name once. Nothing but the space it takes until the config has loaded.
 */
export function BrandMark({ company }: { company: PublicConfig['company'] | undefined }) {
  return (
    <p className="brand">
      {company && <img className="brand-logo" src={company.logoUrl ?? DEFAULT_LOGO} alt="" width={36} height={36} />}
      <span className="brand-name">{company?.name ?? '\u00a0'}</span>
    </p>
  );
}
