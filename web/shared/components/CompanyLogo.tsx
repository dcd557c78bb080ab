import { useState } from 'react';

/** The drawn mark (web/public/brand): the logo and favicon when COMPANY_LOGO is not set or does not load. */
export const DEFAULT_LOGO = '/brand/logo-mark.svg';

/**
 * The company's logo (COMPANY_LOGO, else the drawn mark). Decorative beside the company's name (alt="").
 * A configured logo that does not load (a wrong path, a file taken down) gives way to the drawn mark
 * instead of leaving a blank space.
 */
export function CompanyLogo({
  logoUrl,
  className,
  height,
  width,
}: {
  logoUrl: string | null;
  className: string;
  /** Both given, so the page does not jump when the image arrives (CSS may still size it by its own ratio). */
  height: number;
  width: number;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const src = logoUrl && failed !== logoUrl ? logoUrl : DEFAULT_LOGO;
  return <img className={className} src={src} alt="" width={width} height={height} onError={() => logoUrl && setFailed(logoUrl)} />;
}
