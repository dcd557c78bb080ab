import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { baseOptions, currentLanguage } from '../../shared/i18n/language';
import { namespaces, resources } from './resources';

/** Every text of the office, both languages, on its first page; the language is chosen as the portal's (web/shared/i18n/language.ts). */
void i18n.use(initReactI18next).init({ ...baseOptions(), resources, ns: namespaces });
document.documentElement.lang = currentLanguage();

export default i18n;
