import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from './public-config';

/** Sets the tab's title to "{screen} · Office · {company}" (without the company until it has loaded). */
export function useDocumentTitle(screen: string | undefined) {
  const { t } = useTranslation('common');
  const company = usePublicConfig().data?.company.name;
  const title = screen ? (company ? t('documentTitle', { screen, company }) : t('documentTitleNoCompany', { screen })) : undefined;

  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
