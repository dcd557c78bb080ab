import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { customerPages } from '../../../../contracts/pages';
import { SIGNED_PDF_MAX_BYTES } from '../../../../contracts/signatures';
import { Field } from '../../../shared/components/Field';
import { FormMessage } from '../../../shared/components/FormMessage';
import { AuthCard } from '../../components/AuthCard';
import { verifyDocument, type VerifyOutcome } from './api/verify-document';

/**
 * /verify (contract-spec §1), public: the verification code and the PDF file; the answer is one of the
 * spec's two sentences and nothing else (no names, no amounts).
 */
export function VerifyPage() {
  const { t } = useTranslation('signatures');
  const fileId = useId();
  const [code, setCode] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<'codeRequired' | 'fileRequired' | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<VerifyOutcome | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const missing = !code.trim() ? 'codeRequired' : !file ? 'fileRequired' : null;
    setProblem(missing);
    setOutcome(null);
    if (missing || !file) return;
    if (file.size > SIGNED_PDF_MAX_BYTES) {
      setOutcome({ failed: 'tooLarge' });
      return;
    }
    setBusy(true);
    try {
      setOutcome(await verifyDocument(code, file));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('verify.title')}>
      <p>{t('verify.intro')}</p>
      <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <Field
          label={t('verify.code')}
          hint={t('verify.codeHint')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          value={code}
          aria-invalid={problem === 'codeRequired' || undefined}
          onChange={(e) => setCode(e.target.value)}
        />
        <div className="field">
          <label htmlFor={fileId}>{t('verify.file')}</label>
          <input
            id={fileId}
            type="file"
            accept="application/pdf,.pdf"
            aria-invalid={problem === 'fileRequired' || undefined}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </div>
        {problem && <FormMessage kind="error">{t(`verify.${problem}`)}</FormMessage>}
        <button type="submit" className="button primary" aria-disabled={busy}>
          {busy ? t('verify.submitting') : t('verify.submit')}
        </button>
      </form>
      <div aria-live="polite" data-testid="verify-answer">
        {outcome && 'matches' in outcome && (
          <FormMessage kind={outcome.matches ? 'success' : 'error'}>{t(outcome.matches ? 'verify.matches' : 'verify.noMatch')}</FormMessage>
        )}
        {outcome && 'failed' in outcome && <FormMessage kind="error">{t(`verify.${outcome.failed}`)}</FormMessage>}
      </div>
      <p className="auth-links">
        <Link to={customerPages.dashboard.href()}>{t('verify.back')}</Link>
      </p>
    </AuthCard>
  );
}
