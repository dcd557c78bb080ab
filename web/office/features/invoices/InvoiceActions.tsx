import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { officePages } from '../../../../contracts/pages';
import { FormMessage } from '../../../shared/components/FormMessage';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useDiscardInvoice, useSendInvoice, type OfficeInvoice } from './api/invoices';
import { invoiceActions, invoiceName } from './invoice-view';
import { invoiceErrorText } from './invoice-errors';
import { InvoicePdfButton } from './InvoicePdfButton';
import { PaymentDialog } from './PaymentDialog';
import { VoidDialog } from './VoidDialog';

type Open = 'send' | 'discard' | 'void' | 'payment' | 'refund' | null;

/** The invoice's buttons, each asking first (nothing here can be taken back), and what the last one did. */
export function InvoiceActions({ invoice }: { invoice: OfficeInvoice }) {
  const { t } = useTranslation('invoices');
  const [open, setOpen] = useState<Open>(null);
  // Just made from its work order: say so once (the state is the navigation's, not the page's).
  const created = (useLocation().state as { created?: boolean } | null)?.created;
  const [done, setDone] = useState<string | null>(created ? t('new.created') : null);
  const send = useSendInvoice(invoice.id);
  const discard = useDiscardInvoice(invoice.id);
  const navigate = useNavigate();
  const can = invoiceActions(invoice);
  const start = (what: Open) => {
    setDone(null);
    send.reset();
    discard.reset();
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
        {can.send && (
          <button type="button" className="button danger" onClick={() => start('discard')}>
            {t('discard.button')}
          </button>
        )}
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
      {open === 'discard' && (
        <ConfirmDialog
          title={t('discard.title', { name: invoiceName(t, invoice) })}
          body={<p>{t('discard.body')}</p>}
          confirmLabel={t('discard.button')}
          busy={discard.isPending}
          danger
          error={discard.isError ? invoiceErrorText(t, discard.error) : null}
          onConfirm={() =>
            discard.mutate(undefined, {
              onSuccess: () =>
                void navigate(invoice.workOrderId ? officePages.workOrder.href(invoice.workOrderId) : officePages.invoices.href()),
            })
          }
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
