import { useState, type ComponentType, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormMessage } from '../components/FormMessage';
import { NewPasswordField } from '../components/NewPasswordField';

export interface ResetPasswordProps {
  /** The app's frame of its signed-out pages. */
  Card: ComponentType<{ title: string; children: ReactNode }>;
  /** Sets the new password (the app's Better Auth client). */
  reset: (newPassword: string, token: string) => Promise<{ error: { code?: string } | null | undefined }>;
  passwordHint: string;
  /** What a password on the common-passwords list is told. */
  tooCommon: string;
  /** Where a new password leads (the sign-in page, saying it worked). */
  doneHref: string;
  forgotHref: string;
  /** Whether a link without its token is explained at once (else only the button stays off). */
  explainMissingToken: boolean;
  onFocus?: () => void;
}

/** Both apps' page of a reset e-mail's link (?token=…, or ?error=… from Better Auth), in the app's auth:reset texts. */
export function ResetPasswordPage({
  Card,
  reset,
  passwordHint,
  tooCommon,
  doneHref,
  forgotHref,
  explainMissingToken,
  onFocus,
}: ResetPasswordProps) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(() =>
    params.get('error') ? t('reset.failed') : !token && explainMissingToken ? t('reset.missingToken') : null,
  );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!token) return setError(t('reset.missingToken'));
    setBusy(true);
    const { error: failure } = await reset(password, token);
    setBusy(false);
    if (failure) return setError(failure.code === 'PASSWORD_TOO_COMMON' ? tooCommon : t('reset.failed'));
    await navigate(doneHref, { replace: true });
  };

  return (
    <Card title={t('reset.title')}>
      <form onSubmit={(e) => void onSubmit(e)} onFocus={onFocus} className="form">
        <NewPasswordField label={t('reset.password')} hint={passwordHint} value={password} onChange={setPassword} />
        <FormMessage kind="error">{error}</FormMessage>
        <button type="submit" className="button primary" disabled={busy || !token}>
          {t('reset.submit')}
        </button>
      </form>
      <p className="auth-links">
        <Link to={forgotHref}>{t('reset.askAgain')}</Link>
      </p>
    </Card>
  );
}
