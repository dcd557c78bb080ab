import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../shared/components/Field';
import { Modal } from '../../../shared/components/Modal';
import { formatMoney } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';
import { newInvoiceBody, useCreateInvoice } from './api/invoices';
import { invoiceErrorText } from './invoice-errors';
import { emptyNewInvoiceForm, newInvoiceAmount, newInvoiceProblems, type NewInvoiceForm, type NewInvoiceProblem } from './invoice-form';

interface NewInvoiceDialogProps {
  workOrderId: number;
  contractTotal: string;
  remaining: string;
  onClose: () => void;
  onCreated: (invoice: { id: number }) => void;
}

/**
 * 'New invoice' on a work order (contract-spec §3): a progress invoice (an amount, or a percentage of
 * the contract total, with a description) or the final invoice (what remains). The amount it will
 * bill is shown as it is typed; the draft it makes is sent from its own page.
 */
export function NewInvoiceDialog({ workOrderId, contractTotal, remaining, onClose, onCreated }: NewInvoiceDialogProps) {
  const { t } = useTranslation('invoices');
  const { t: common } = useTranslation();
  const locale = useLocale();
  const create = useCreateInvoice(workOrderId);
  const [form, setForm] = useState<NewInvoiceForm>(emptyNewInvoiceForm);
  const [problems, setProblems] = useState<NewInvoiceProblem[]>([]);
  const ids = { kind: useId(), basis: useId(), figure: useId(), description: useId() };
  const busy = create.isPending;
  const amount = newInvoiceAmount(form, contractTotal, remaining);
  const limit = formatMoney(remaining, locale);

  const set = <K extends keyof NewInvoiceForm>(key: K, value: NewInvoiceForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setProblems([]);
    create.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = newInvoiceProblems(form, contractTotal, remaining);
    setProblems(found);
    if (found.length > 0) {
      document.getElementById(found[0] === 'descriptionRequired' ? ids.description : ids.figure)?.focus();
      return;
    }
    create.mutate(newInvoiceBody(form), { onSuccess: (invoice) => onCreated(invoice) });
  };

  const figureProblem = problems.find((p) => p !== 'descriptionRequired' && p !== 'nothingLeft');
  return (
    <Modal title={t('new.title', { id: workOrderId })} onClose={() => !busy && onClose()}>
      <form onSubmit={submit} noValidate className="form new-invoice-form">
        <dl className="contract-figures">
          <div>
            <dt>{t('workOrder.contractTotal')}</dt>
            <dd>{formatMoney(contractTotal, locale)}</dd>
          </div>
          <div>
            <dt>{t('workOrder.remaining')}</dt>
            <dd>{limit}</dd>
          </div>
        </dl>
        <fieldset className="choice-group">
          <legend>{t('new.kind')}</legend>
          {(['progress', 'final'] as const).map((kind) => (
            <div key={kind} className="choice">
              <input
                id={`${ids.kind}-${kind}`}
                type="radio"
                name={ids.kind}
                value={kind}
                checked={form.kind === kind}
                disabled={busy}
                data-autofocus={form.kind === kind || undefined}
                aria-describedby={`${ids.kind}-${kind}-hint`}
                onChange={() => set('kind', kind)}
              />
              <span>
                <label htmlFor={`${ids.kind}-${kind}`}>{t(`new.${kind}`)}</label>
                <small id={`${ids.kind}-${kind}-hint`} className="hint">
                  {kind === 'final' ? t('new.finalHint', { amount: limit }) : t('new.progressHint')}
                </small>
              </span>
            </div>
          ))}
        </fieldset>
        {form.kind === 'progress' && (
          <>
            <fieldset className="choice-group inline">
              <legend>{t('new.basis')}</legend>
              {(['amount', 'percent'] as const).map((basis) => (
                <label key={basis} className="choice">
                  <input
                    type="radio"
                    name={ids.basis}
                    value={basis}
                    checked={form.basis === basis}
                    disabled={busy}
                    onChange={() => set('basis', basis)}
                  />
                  <span>{t(basis === 'amount' ? 'new.byAmount' : 'new.byPercent')}</span>
                </label>
              ))}
            </fieldset>
            <Field
              key={form.basis}
              id={ids.figure}
              label={form.basis === 'amount' ? t('new.amount') : t('new.percent')}
              hint={
                figureProblem
                  ? t(`problems.${figureProblem}`, { limit })
                  : form.basis === 'percent'
                    ? t('new.percentHint', { total: formatMoney(contractTotal, locale) })
                    : undefined
              }
              inputMode="decimal"
              autoComplete="off"
              value={form.basis === 'amount' ? form.amount : form.percent}
              disabled={busy}
              aria-invalid={figureProblem ? true : undefined}
              onChange={(e) => set(form.basis === 'amount' ? 'amount' : 'percent', e.target.value)}
            />
            <Field
              id={ids.description}
              label={t('new.description')}
              hint={problems.includes('descriptionRequired') ? t('problems.descriptionRequired') : t('new.descriptionHint')}
              maxLength={500}
              autoComplete="off"
              value={form.description}
              disabled={busy}
              aria-invalid={problems.includes('descriptionRequired') || undefined}
              onChange={(e) => set('description', e.target.value)}
            />
          </>
        )}
        <p className="new-invoice-amount" role="status" data-testid="new-invoice-amount">
          {amount !== null && t('new.willBill', { amount: formatMoney(amount, locale) })}
        </p>
        {problems.length > 0 && (
          <p className="form-message error" role="alert">
            {problems.map((p) => t(`problems.${p}`, { limit })).join(' ')}
          </p>
        )}
        {create.isError && (
          <p className="form-message error" role="alert">
            {invoiceErrorText(t, create.error)}
          </p>
        )}
        <div className="modal-footer">
          <button type="button" className="button secondary" disabled={busy} onClick={onClose}>
            {common('cancel')}
          </button>
          <button type="submit" className="button primary" disabled={busy} aria-busy={busy}>
            {busy ? t('new.creating') : t('new.create')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
