import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../components/FormMessage';
import { authClient } from '../../lib/auth-client';
import { usePublicConfig } from '../../lib/public-config';

/** 'Sign in with Google'. When the server has no Google credentials it explains that instead. */
export function GoogleSignInButton() {
  const { t } = useTranslation('auth');
  const config = usePublicConfig();
  const [message, setMessage] = useState<string | null>(null);

  const onClick = async () => {
    setMessage(null);
    if (!config.data?.googleConfigured) {
      setMessage(t('login.googleNotConfigured'));
      return;
    }
    const { error } = await authClient.signIn.social({ provider: 'google', callbackURL: '/', errorCallbackURL: '/login?error=google' });
    if (error) {
      console.error('Google sign-in could not start', error);
      setMessage(t('login.googleFailed'));
    }
  };

  return (
    <>
      <button type="button" className="button google" onClick={() => void onClick()}>
        {t('login.google')}
      </button>
      <FormMessage kind="error">{message}</FormMessage>
    </>
  );
}
