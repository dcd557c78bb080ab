import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from './public-config';

/** Sets the tab's title to "{screen} · {company}" (just the screen until the company name has loaded). */
export function useDocumentTitle(screen: string | undefined) {
  const { t } = useTranslation('common');
  const company = usePublicConfig().data?.company.name;
  const title = screen && company ? t('documentTitle', { screen, company }) : (screen ?? company);

  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
