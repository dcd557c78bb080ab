import { useState } from 'react';
import logoMark from '../brand/logo-mark.svg?no-inline';

/**
 * The drawn mark (web/shared/brand/logo-mark.svg): the logo and favicon when COMPANY_LOGO is not set or
 * does not load. The build writes it to assets/ under its content hash, the same file the pages'
 * favicon link names, so it is fetched once and cached for a year.
 */
export const DEFAULT_LOGO = logoMark;

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
