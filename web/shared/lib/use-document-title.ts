import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from './public-config';

/**
 * Sets the tab's title from the app's texts: common:documentTitle ("{screen} · {company}" in the
 * portal, "{screen} · Office · {company}" in the office), or common:documentTitleNoCompany until the
 * company's name has loaded. Without a screen it leaves the title as it is.
 */
export function useDocumentTitle(screen: string | undefined) {
  const { t } = useTranslation('common');
  const company = usePublicConfig().data?.company.name;
  const title = screen ? (company ? t('documentTitle', { screen, company }) : t('documentTitleNoCompany', { screen })) : undefined;

  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
