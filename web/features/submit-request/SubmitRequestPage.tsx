import { useTranslation } from 'react-i18next';

/** Placeholder until the screen is built (issue 3). */
export function SubmitRequestPage() {
  const { t } = useTranslation('submit');
  return <h1>{t('title')}</h1>;
}
