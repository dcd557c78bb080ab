import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage } from './language';

/** 'Español' / 'English': the other language, named in that language (and marked so a screen reader says it right). */
export function LanguageToggle({ className = 'button secondary' }: { className?: string }) {
  const { t } = useTranslation();
  const other = currentLanguage() === 'en' ? 'es' : 'en';
  return (
    <button type="button" className={className} lang={other} onClick={() => void setLanguage(other)}>
      {t('languageToggle')}
    </button>
  );
}
