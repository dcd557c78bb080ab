import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toLocale } from '../../../../contracts/locale';
import { withAuthClient } from '../../lib/load-auth-client';
import { sessionQuery } from './session';

/**
 * While signed in, the language the customer uses is the language of their e-mails: it is saved on
 * the account whenever it differs (at sign-in, and on every switch).
 */
export function useLocaleSync(signedIn: boolean, accountLocale: string | null | undefined): void {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const language = toLocale(i18n.resolvedLanguage ?? i18n.language);
  useEffect(() => {
    if (!signedIn || accountLocale === language) return;
    void withAuthClient((client) => client.updateUser({ locale: language })).then(({ error }) => {
      if (error) console.error('could not save the e-mail language', error);
      else void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
    });
  }, [signedIn, accountLocale, language, queryClient]);
}
