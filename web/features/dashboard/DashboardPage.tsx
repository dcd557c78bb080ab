import { useTranslation } from 'react-i18next';

/** Placeholder until the screen is built (issue 3). */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  return <h1>{t('title')}</h1>;
}
