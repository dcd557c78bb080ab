import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toLocale } from '../../../../contracts/locale';
import { languageChosenOnThisPage, showLanguage } from '../../../shared/i18n/language';
import { withAuthClient } from '../../lib/load-auth-client';
import { sessionQuery } from './session';

/**
 * While signed in, the language the customer uses is the language of their e-mails. At sign-in a
 * chosen account language wins (a Spanish customer on a new device sees Spanish), unless they chose
 * one with the toggle on this page before signing in; after that, every switch is saved on the
 * account. 'en' is also what an account that never chose holds (Google sign-up, office-made
 * customers), so it does not override a Spanish browser (docs/decisions/133).
 */
/** The account column's default: held by accounts whose owner never chose. */
const UNCHOSEN_ACCOUNT_LOCALE = 'en';

export function useLocaleSync(signedIn: boolean, accountLocale: string | null | undefined): void {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const language = toLocale(i18n.resolvedLanguage ?? i18n.language);
  const adopted = useRef(false);
  useEffect(() => {
    if (!signedIn) {
      adopted.current = false;
      return;
    }
    if (!adopted.current && accountLocale) {
      adopted.current = true;
      if (accountLocale !== UNCHOSEN_ACCOUNT_LOCALE && accountLocale !== language && !languageChosenOnThisPage()) {
        void showLanguage(toLocale(accountLocale));
        return;
      }
    }
    if (accountLocale === language) return;
    void withAuthClient((client) => client.updateUser({ locale: language })).then(({ error }) => {
      if (error) console.error('could not save the e-mail language', error);
      else void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
    });
  }, [signedIn, accountLocale, language, queryClient]);
}
