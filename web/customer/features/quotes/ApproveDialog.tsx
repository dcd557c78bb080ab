import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SIGNER_NAME_MAX_LENGTH, type QuoteDetail } from '../../../../contracts/customer/quotes';
import { CONSENT_VERSION } from '../../../../contracts/signatures';
import type { QuoteVersionView } from '../../../../contracts/quote-document';
import { quoteTotals } from '../../../../domain/money';
import { Field } from '../../../shared/components/Field';
import { FormMessage } from '../../../shared/components/FormMessage';
import { Modal } from '../../../shared/components/Modal';
import { formatMoney } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';
import { ConsentCheckbox } from '../../components/ConsentCheckbox';
import { refusal, useDecideQuote } from './api/decide-quote';

interface ApproveDialogProps {
  quote: QuoteDetail & { version: QuoteVersionView };
  onClose: () => void;
  /** Approved (true) or refused by the server (409: the page shows why); the parent closes the dialog. */
  onDone: (result: 'approved' | 'changed' | 'expired') => void;
}

/**
 * 'Approve Quote #{id}' in the order of contract-spec §1: the terms first, the optional lines to tick
 * with the running total (exact, domain/money.ts), then the electronic consent (its full text on its
 * own page, versioned: CONSENT_VERSION), then the typed full name and the acceptance; 'Sign and
 * approve' signs the version on screen, with the consent's version and language.
 */
export function ApproveDialog({ quote, onClose, onDone }: ApproveDialogProps) {
  const { t } = useTranslation('quotesDetail');
  const locale = useLocale();
  const legendId = useId();
  const { version } = quote;
  const optional = version.lines.filter((line) => line.optional);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [name, setName] = useState('');
  const [accepted, setAccepted] = useState(false);
  const [consented, setConsented] = useState(false);
  const [problem, setProblem] = useState<'consentRequired' | 'nameRequired' | 'acceptRequired' | null>(null);
  const termsId = useId();
  const decide = useDecideQuote();
  const totals = quoteTotals(version.lines, version.taxRate, (i) => chosen.has(version.lines[i]!.id));

  const toggle = (id: number) =>
    setChosen((before) => {
      const next = new Set(before);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (decide.isPending) return;
    const signerName = name.trim();
    const missing = !consented ? 'consentRequired' : !signerName ? 'nameRequired' : !accepted ? 'acceptRequired' : null;
    setProblem(missing);
    if (missing) return;
    decide.mutate(
      {
        quoteId: quote.id,
        kind: 'approve',
        body: {
          version: version.version,
          optionalItemIds: [...chosen],
          signerName,
          accepted: true,
          consent: { version: CONSENT_VERSION, locale, agreed: true },
        },
      },
      {
        onSuccess: () => onDone('approved'),
        onError: (error) => {
          const why = refusal(error);
          if (why) onDone(why);
        },
      },
    );
  };

  return (
    <Modal title={t('approve.title', { id: quote.id })} onClose={onClose}>
      <form className="form approve-form" onSubmit={onSubmit} noValidate>
        {version.terms && (
          <div className="approve-terms">
            <h3 id={termsId}>{t('terms')}</h3>
            {/* Scrolls inside the dialog; focusable so a keyboard can scroll long terms. */}
            <div className="approve-terms-text" tabIndex={0} role="region" aria-labelledby={termsId}>
              {version.terms}
            </div>
          </div>
        )}
        {optional.length > 0 && (
          <fieldset className="approve-optional" aria-labelledby={legendId}>
            <legend id={legendId}>{t('approve.optionalLines')}</legend>
            {optional.map((line) => (
              <label key={line.id} className="check">
                <input type="checkbox" checked={chosen.has(line.id)} onChange={() => toggle(line.id)} />
                <span>
                  {line.description} <span className="muted">{formatMoney(line.lineTotal, locale)}</span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
        <p className="approve-total" aria-live="polite">
          <span>{t('approve.runningTotal')}</span> <strong data-testid="running-total">{formatMoney(totals.total, locale)}</strong>
        </p>
        <ConsentCheckbox
          checked={consented}
          invalid={problem === 'consentRequired'}
          onChange={(checked) => {
            setConsented(checked);
            if (problem === 'consentRequired' && checked) setProblem(null);
          }}
        />
        <Field
          label={t('approve.fullName')}
          autoComplete="name"
          value={name}
          maxLength={SIGNER_NAME_MAX_LENGTH}
          aria-invalid={problem === 'nameRequired' || undefined}
          onChange={(e) => {
            setName(e.target.value);
            // The message goes as soon as it is no longer true (and comes back only on the next Approve).
            if (problem === 'nameRequired' && e.target.value.trim()) setProblem(null);
          }}
        />
        <label className="check">
          <input
            type="checkbox"
            checked={accepted}
            aria-invalid={problem === 'acceptRequired' || undefined}
            onChange={(e) => {
              setAccepted(e.target.checked);
              if (problem === 'acceptRequired' && e.target.checked) setProblem(null);
            }}
          />
          <span>{t('approve.accept')}</span>
        </label>
        {problem && (
          <FormMessage kind="error">
            {problem === 'consentRequired' ? t('consent.required', { ns: 'signatures' }) : t(`approve.${problem}`)}
          </FormMessage>
        )}
        {decide.isError && !refusal(decide.error) && <FormMessage kind="error">{t('decideFailed')}</FormMessage>}
        <div className="modal-footer">
          <button type="button" className="button secondary" onClick={onClose}>
            {t('approve.cancel')}
          </button>
          <button type="submit" className="button primary" aria-disabled={decide.isPending}>
            {decide.isPending ? t('approve.submitting') : t('approve.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
