import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../../../domain/money';
import { Field } from '../../../shared/components/Field';
import { Modal } from '../../../shared/components/Modal';
import { formatDate, formatMoney } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';
import { usePublicConfig } from '../../../shared/lib/public-config';
import { SelectField } from '../../components/SelectField';
import { officePaymentMethods, useRecordPayment, useRecordRefund, type OfficeInvoice } from './api/invoices';
import { invoiceName, refundablePayments } from './invoice-view';
import { invoiceErrorText } from './invoice-errors';
import { moneyCents, paymentProblems, todayIn, type PaymentForm, type PaymentProblem } from './invoice-form';

type Kind = 'payment' | 'refund';

/**
 * 'Record payment' (amount, day, method, reference) and 'Record refund' (of which payment, amount, day,
 * reference), checked here as the server will; then the dialog asks once more (a recorded payment
 * cannot be deleted, the customer gets a receipt) before it is sent.
 */
export function PaymentDialog({
  invoice,
  kind,
  onClose,
  onDone,
}: {
  invoice: OfficeInvoice;
  kind: Kind;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('invoices');
  const { t: common } = useTranslation();
  const locale = useLocale();
  const timeZone = usePublicConfig().data?.timeZone;
  const pay = useRecordPayment(invoice.id);
  const refund = useRecordRefund(invoice.id);
  const record = kind === 'payment' ? pay : refund;
  const refundable = refundablePayments(invoice.payments);
  const [form, setForm] = useState<PaymentForm>(() => ({
    amount: '',
    receivedOn: todayIn(timeZone),
    method: kind === 'payment' ? 'check' : String(refundable.at(-1)?.payment.id ?? ''),
    reference: '',
  }));
  const refunded = refundable.find(({ payment }) => String(payment.id) === form.method);
  const [problems, setProblems] = useState<PaymentProblem[]>([]);
  const [confirming, setConfirming] = useState(false);
  const amountId = useId();
  const dateId = useId();
  const busy = record.isPending;
  const limit = kind === 'payment' ? invoice.balanceDue : (refunded?.left ?? '0.00');
  const limitText = formatMoney(limit, locale);
  const ns = kind === 'payment' ? 'payment' : 'refund';

  const set = (key: keyof PaymentForm) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setProblems([]);
    setConfirming(false);
    pay.reset();
    refund.reset();
  };

  const check = (event: FormEvent) => {
    event.preventDefault();
    const found = paymentProblems(form, limit);
    setProblems(found);
    if (found.length === 0) setConfirming(true);
    else document.getElementById(found.includes('dateRequired') && found.length === 1 ? dateId : amountId)?.focus();
  };

  // What was typed, as the API takes it (only sent once the checks passed).
  const amount = formatCents(moneyCents(form.amount) ?? 0n);
  const methodLabel = refunded ? t(`methods.${refunded.payment.method}`) : t(`methods.${form.method}`);
  const send = () => {
    const reference = form.reference.trim();
    if (kind === 'payment') {
      const method = officePaymentMethods.find((m) => m === form.method) ?? 'check';
      pay.mutate({ amount, receivedOn: form.receivedOn, method, reference }, { onSuccess: onDone });
    } else if (refunded) {
      refund.mutate({ paymentId: refunded.payment.id, amount, receivedOn: form.receivedOn, reference }, { onSuccess: onDone });
    }
  };
  const amountProblem = problems.find((p) => p !== 'dateRequired');

  return (
    <Modal title={t(`${ns}.title`, { number: invoiceName(t, invoice) })} onClose={() => !busy && onClose()}>
      <form onSubmit={check} noValidate className="form payment-form">
        <Field
          id={amountId}
          label={t('payment.amount')}
          hint={amountProblem ? t(`problems.${amountProblem}`, { limit: limitText }) : t(`${ns}.amountHint`, { limit: limitText })}
          inputMode="decimal"
          autoComplete="off"
          data-autofocus
          value={form.amount}
          disabled={busy}
          aria-invalid={amountProblem ? true : undefined}
          onChange={(e) => set('amount')(e.target.value)}
        />
        <Field
          id={dateId}
          label={t(`${ns}.date`)}
          hint={problems.includes('dateRequired') ? t('problems.dateRequired') : undefined}
          type="date"
          value={form.receivedOn}
          disabled={busy}
          aria-invalid={problems.includes('dateRequired') || undefined}
          onChange={(e) => set('receivedOn')(e.target.value)}
        />
        {kind === 'payment' ? (
          <SelectField
            label={t('payment.method')}
            value={form.method}
            disabled={busy}
            options={officePaymentMethods.map((value) => ({ value, label: t(`methods.${value}`) }))}
            onChange={(e) => set('method')(e.target.value)}
          />
        ) : (
          <SelectField
            label={t('refund.of')}
            value={form.method}
            disabled={busy}
            options={refundable.map(({ payment, left }) => ({
              value: String(payment.id),
              label: t('refund.ofPayment', {
                amount: formatMoney(payment.amount, locale),
                method: t(`methods.${payment.method}`),
                date: formatDate(payment.receivedAt, locale),
                left: formatMoney(left, locale),
              }),
            }))}
            onChange={(e) => set('method')(e.target.value)}
          />
        )}
        <Field
          label={t('payment.reference')}
          hint={t('payment.referenceHint')}
          maxLength={200}
          autoComplete="off"
          value={form.reference}
          disabled={busy}
          onChange={(e) => set('reference')(e.target.value)}
        />
        {problems.length > 0 && (
          <p className="form-message error" role="alert">
            {problems.map((p) => t(`problems.${p}`, { limit: limitText })).join(' ')}
          </p>
        )}
        {confirming && (
          <p className="form-message info" role="status">
            {t(`${ns}.confirm`, { amount: formatMoney(amount, locale), method: methodLabel, date: formatDate(form.receivedOn, locale) })}
          </p>
        )}
        {record.isError && (
          <p className="form-message error" role="alert">
            {invoiceErrorText(t, record.error)}
          </p>
        )}
        <div className="modal-footer">
          <button type="button" className="button secondary" disabled={busy} onClick={onClose}>
            {common('cancel')}
          </button>
          {confirming ? (
            <button type="button" className="button primary" disabled={busy} aria-busy={busy} onClick={send}>
              {busy ? t('payment.saving') : t('payment.confirmButton')}
            </button>
          ) : (
            <button type="submit" className="button primary">
              {t(`${ns}.save`)}
            </button>
          )}
        </div>
      </form>
    </Modal>
  );
}
