import { useTranslation } from 'react-i18next';

/** Placeholder until the screen is built (issue 3). */
export function QuotesPage() {
  const { t } = useTranslation('quotes');
  return <h1>{t('title')}</h1>;
}
