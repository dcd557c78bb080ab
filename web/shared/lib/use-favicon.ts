import { useEffect } from 'react';

/**
 * The tab's icon follows the company's logo (COMPANY_LOGO): once it has loaded, the page's
 * <link rel="icon"> points to it; until then, and if it does not load, the drawn mark stays.
 */
export function useFavicon(logoUrl: string | null | undefined) {
  useEffect(() => {
    if (!logoUrl) return;
    let current = true;
    const probe = new Image();
    probe.onload = () => {
      if (!current) return;
      let link = document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
      if (!link) {
        link = document.createElement('link');
        link.rel = 'icon';
        document.head.append(link);
      }
      link.removeAttribute('type'); // the logo may be a PNG, not the drawn mark's SVG
      link.href = logoUrl;
    };
    probe.src = logoUrl;
    return () => {
      current = false;
    };
  }, [logoUrl]);
}
