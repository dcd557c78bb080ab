import { useTranslation } from 'react-i18next';
import { toLocale, type Locale } from '../../../contracts/locale';

/** The language the app is shown in, as a supported locale (for dates, money and PDFs). */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return toLocale(i18n.resolvedLanguage);
}
