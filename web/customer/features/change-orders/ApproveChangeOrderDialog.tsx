import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChangeOrderView } from '../../../../contracts/change-order-document';
import { SIGNER_NAME_MAX_LENGTH } from '../../../../contracts/customer/quotes';
import { CONSENT_VERSION } from '../../../../contracts/signatures';
import { Field } from '../../../shared/components/Field';
import { FormMessage } from '../../../shared/components/FormMessage';
import { Modal } from '../../../shared/components/Modal';
import { formatMoney } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';
import { ConsentCheckbox } from '../../components/ConsentCheckbox';
import { refusal, useAnswerChangeOrder, type Refusal } from './api/change-orders';

interface Props {
  order: ChangeOrderView;
  onClose: () => void;
  onDone: (result: 'approved' | Refusal) => void;
}

/**
 * 'Approve Change Order {n} to Quote #{id}': the same steps as a quote's approval (contract-spec §1,
 * §2): the amount and the new contract total, the electronic consent (the quote dialog's
 * ConsentCheckbox), the typed full name, the acceptance; it signs the content hash on screen with
 * the consent's version and language.
 */
export function ApproveChangeOrderDialog({ order, onClose, onDone }: Props) {
  const { t } = useTranslation('changeOrders');
  const locale = useLocale();
  const [name, setName] = useState('');
  const [accepted, setAccepted] = useState(false);
  const [consented, setConsented] = useState(false);
  const [problem, setProblem] = useState<'consentRequired' | 'nameRequired' | 'acceptRequired' | null>(null);
  const answer = useAnswerChangeOrder();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (answer.isPending) return;
    const signerName = name.trim();
    const missing = !consented ? 'consentRequired' : !signerName ? 'nameRequired' : !accepted ? 'acceptRequired' : null;
    setProblem(missing);
    if (missing) return;
    answer.mutate(
      {
        id: order.id,
        kind: 'approve',
        body: {
          signerName,
          contentHash: order.contentHash!,
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
    <Modal title={t('approve.title', { n: order.number, id: order.quoteId })} onClose={onClose}>
      <form className="form approve-form" onSubmit={onSubmit} noValidate>
        <p>
          {t('amount')}: <strong>{formatMoney(order.amount, locale)}</strong>
        </p>
        <p>{t('contractTotal', { old: formatMoney(order.totalBefore, locale), new: formatMoney(order.totalAfter, locale) })}</p>
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
        {answer.isError && !refusal(answer.error) && <FormMessage kind="error">{t('answerFailed')}</FormMessage>}
        <div className="modal-footer">
          <button type="button" className="button secondary" onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="submit" className="button primary" aria-disabled={answer.isPending}>
            {answer.isPending ? t('approve.submitting') : t('approve.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
