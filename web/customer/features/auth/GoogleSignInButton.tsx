import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GOOGLE_EMAIL_UNVERIFIED, isGoogleJoinRefusal } from '../../../../contracts/google-sign-in';
import { FormMessage } from '../../../shared/components/FormMessage';
import { usePublicConfig } from '../../../shared/lib/public-config';
import type { GoogleOutcome, GoogleStart } from './google-sign-in';
import { useReturnPath } from './return-path';
import { useSignedIn } from './use-signed-in';

type GoogleSignIn = typeof import('./google-sign-in');
let googleSignIn: GoogleSignIn | undefined;
/** The popup code (with Better Auth's client) is fetched when the pointer or focus reaches the button. */
const loadGoogleSignIn = () => import('./google-sign-in').then((module) => (googleSignIn = module));

/** Opens the popup with no await before it when the code is there already, so the browser allows it. */
async function startGoogleSignIn(next: string | null, start: GoogleStart | undefined): Promise<GoogleOutcome> {
  if (googleSignIn) return googleSignIn.signInWithGoogle(next, start);
  try {
    return await (await loadGoogleSignIn()).signInWithGoogle(next, start);
  } catch (err) {
    console.error('the Google sign-in code could not be loaded', err);
    return 'failed';
  }
}

function preloadGoogleSignIn() {
  // The click reports a failure to load (startGoogleSignIn); nothing to say before it.
  loadGoogleSignIn().catch(() => undefined);
}

type Notice = { kind: 'error' | 'info'; key: string };
const failureKey = {
  failed: 'login.googleFailed',
  'google-unverified': 'login.googleNotVerified',
  // The join page's refusals (decision 234).
  join_invalid: 'joinAccount.invalid',
  join_account_exists: 'joinAccount.accountExists',
  join_other_email: 'joinAccount.googleOtherEmail',
} as const;

/** The text of the error a Google redirect flow sent the page back with (`?error=`): a refusal of ours, or a failure. */
export const googleErrorKey = (code: string): string =>
  isGoogleJoinRefusal(code) ? failureKey[code] : code === GOOGLE_EMAIL_UNVERIFIED ? failureKey['google-unverified'] : failureKey.failed;

/**
 * 'Sign in with Google' (popup, or a redirect when popups are blocked). Without Google credentials on
 * the server it explains that instead. `start`: what the page adds to the sign-in (the join page's token).
 */
export function GoogleSignInButton({ start }: { start?: GoogleStart } = {}) {
  const { t } = useTranslation('auth');
  const config = usePublicConfig();
  const signedIn = useSignedIn();
  const next = useReturnPath();
  const [notice, setNotice] = useState<Notice | null>(null);
  const busy = notice?.kind === 'info';

  const onClick = async () => {
    if (config.data?.googleConfigured === false) {
      setNotice({ kind: 'error', key: 'login.googleNotConfigured' });
      return;
    }
    setNotice({ kind: 'info', key: 'login.googleInProgress' });
    // Straight from the click, before any await: otherwise the browser blocks the popup.
    const outcome = await startGoogleSignIn(next, start);
    if (outcome === 'redirecting') return; // the page is leaving for Google
    if (outcome === 'signed-in') {
      setNotice(null);
      await signedIn();
    } else {
      setNotice({ kind: 'error', key: failureKey[outcome] });
    }
  };

  return (
    <>
      <button
        type="button"
        className="button google"
        onClick={() => void onClick()}
        onPointerEnter={preloadGoogleSignIn}
        onFocus={preloadGoogleSignIn}
        disabled={busy}
      >
        {t('login.google')}
      </button>
      {notice && <FormMessage kind={notice.kind}>{t(notice.key)}</FormMessage>}
    </>
  );
}
