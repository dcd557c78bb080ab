import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { FormMessage } from '../../../shared/components/FormMessage';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useSendInvoice, type OfficeInvoice } from './api/invoices';
import { invoiceActions, invoiceName } from './invoice-view';
import { invoiceErrorText } from './invoice-errors';
import { InvoicePdfButton } from './InvoicePdfButton';
import { PaymentDialog } from './PaymentDialog';
import { VoidDialog } from './VoidDialog';

type Open = 'send' | 'void' | 'payment' | 'refund' | null;

/** The invoice's buttons, each asking first (nothing here can be taken back), and what the last one did. */
export function InvoiceActions({ invoice }: { invoice: OfficeInvoice }) {
  const { t } = useTranslation('invoices');
  const [open, setOpen] = useState<Open>(null);
  // Just made from its work order: say so once (the state is the navigation's, not the page's).
  const created = (useLocation().state as { created?: boolean } | null)?.created;
  const [done, setDone] = useState<string | null>(created ? t('new.created') : null);
  const send = useSendInvoice(invoice.id);
  const can = invoiceActions(invoice);
  const start = (what: Open) => {
    setDone(null);
    send.reset();
    setOpen(what);
  };
  const finished = (text: string) => {
    setOpen(null);
    setDone(text);
  };

  return (
    <>
      <div className="actions invoice-actions" role="group" aria-label={t('detail.actions')}>
        {can.send && (
          <button type="button" className="button primary" onClick={() => start('send')}>
            {t('send.button')}
          </button>
        )}
        {can.payment && (
          <button type="button" className="button primary" onClick={() => start('payment')}>
            {t('payment.button')}
          </button>
        )}
        {can.refund && (
          <button type="button" className="button secondary" onClick={() => start('refund')}>
            {t('refund.button')}
          </button>
        )}
        <InvoicePdfButton invoice={invoice} />
        {can.void && (
          <button type="button" className="button danger" onClick={() => start('void')}>
            {t('void.button')}
          </button>
        )}
      </div>
      {invoice.status !== 'Draft' && invoice.status !== 'Void' && <p className="muted">{t('detail.frozen')}</p>}
      {done && <FormMessage kind="success">{done}</FormMessage>}
      {open === 'send' && (
        <ConfirmDialog
          title={t('send.title', { number: invoiceName(t, invoice) })}
          body={<p>{t('send.body', { email: invoice.customer.email })}</p>}
          confirmLabel={send.isPending ? t('send.sending') : t('send.button')}
          busy={send.isPending}
          error={send.isError ? invoiceErrorText(t, send.error) : null}
          onConfirm={() => send.mutate(undefined, { onSuccess: () => finished(t('send.done')) })}
          onClose={() => setOpen(null)}
        />
      )}
      {open === 'void' && <VoidDialog invoice={invoice} onClose={() => setOpen(null)} onDone={() => finished(t('void.done'))} />}
      {(open === 'payment' || open === 'refund') && (
        <PaymentDialog
          invoice={invoice}
          kind={open}
          onClose={() => setOpen(null)}
          onDone={() => finished(t(open === 'payment' ? 'payment.done' : 'refund.done'))}
        />
      )}
    </>
  );
}
