import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { at, renderRoutes, stubFetch } from '../../test-utils';
import { officeInvoice } from './fixtures.test-data';
import { InvoiceDetailPage } from './InvoiceDetailPage';

beforeEach(() => i18n.changeLanguage('en'));
afterEach(() => vi.unstubAllGlobals());

const renderInvoice = (id = 7) =>
  renderRoutes(
    [at('/office/invoices/:id', <InvoiceDetailPage />), at('/office/work-orders/:id', <h1>Work order page</h1>)],
    `/office/invoices/${id}`,
  );

const payment = { id: 90, amount: '400.00', method: 'check' as const, reference: '1042', receivedAt: '2026-11-05T12:00:00.000Z' };

describe('the invoice page', () => {
  it('shows lines, figures, payments and refunds, the balance and Overdue; a paid-on invoice cannot be voided', async () => {
    stubFetch({
      'GET /api/office/invoices/7': {
        body: officeInvoice({
          status: 'Partially Paid',
          overdue: true,
          amountPaid: '300.00',
          balanceDue: '700.00',
          payments: [
            { ...payment, refundedPaymentId: null, recordedBy: 'sam@company.example' },
            { ...payment, id: 91, amount: '100.00', reference: null, refundedPaymentId: 90, recordedBy: 'sam@company.example' },
            {
              ...payment,
              id: 92,
              method: 'online',
              reference: null,
              refundedPaymentId: null,
              recordedBy: null,
              paidBy: { name: 'Pat Payer', email: 'pat@example.com' },
            },
          ],
        }),
      },
    });
    renderInvoice();
    expect(await screen.findByRole('heading', { level: 1, name: 'INV-0007 Overdue' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Lines' })).toHaveTextContent('Framing complete$1,000.00');
    expect(screen.getByTestId('invoice-paid')).toHaveTextContent('$300.00');
    expect(screen.getByTestId('invoice-balance-due')).toHaveTextContent('Balance due$700.00');
    const payments = screen.getByRole('table', { name: 'Payments and refunds' });
    expect(within(payments).getAllByRole('row')[1]).toHaveTextContent('Nov 5, 2026Check1042sam@company.example$400.00');
    expect(within(payments).getAllByRole('row')[2]).toHaveTextContent('Refund · Check');
    expect(within(payments).getAllByRole('row')[2]).toHaveTextContent('-$100.00');
    // Who of the account paid online (contract-spec §4).
    expect(within(payments).getAllByRole('row')[3]).toHaveTextContent('Paid online by Pat Payer (pat@example.com)');
    expect(screen.getByRole('button', { name: 'Record payment' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Record refund' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Void' })).toBeNull();
  });

  it('a draft is sent after a confirmation; the answer replaces it', async () => {
    const calls = stubFetch({
      'GET /api/office/invoices/7': {
        body: officeInvoice({ number: null, status: 'Draft', issuedAt: null, dueDate: null, balanceDue: '0.00' }),
      },
      'POST /api/office/invoices/7/send': { body: officeInvoice() },
    });
    renderInvoice();
    expect(await screen.findByRole('heading', { level: 1, name: 'Draft invoice #7 Draft' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record payment' })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Send Draft invoice #7 to the customer?' });
    expect(dialog).toHaveTextContent('It is e-mailed to ana@example.com and can no longer be changed.');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'INV-0007 Sent' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Invoice sent.');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/office/invoices/7/send']);
  });

  it('Void asks for a reason (required) and says it cannot be undone; a refusal is said in words', async () => {
    const calls = stubFetch({
      'GET /api/office/invoices/7': { body: officeInvoice() },
      'POST /api/office/invoices/7/void': {
        status: 409,
        body: { error: { code: 'invoice_has_payments', message: 'Refund first.', requestId: 'r1' } },
      },
    });
    renderInvoice();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Void' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Void INV-0007?' });
    expect(dialog).toHaveTextContent('This cannot be undone.');
    // The reason goes to the customer by e-mail (decision 226): the office is told before typing it.
    expect(dialog).toHaveTextContent('The customer is e-mailed it with the void');
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    expect(reason).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Void invoice' }));
    expect(within(dialog).getByText('Give the reason for voiding this invoice.')).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(reason, '  Billed twice ');
    await user.click(within(dialog).getByRole('button', { name: 'Void invoice' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This invoice has payments on it. Refund them before voiding it.');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Billed twice' });
  });

  it('Record payment checks the amount against the balance, asks once more, then posts amount, day, method and reference (Spanish)', async () => {
    await i18n.changeLanguage('es');
    const calls = stubFetch({
      'GET /api/office/invoices/7': { body: officeInvoice() },
      'POST /api/office/invoices/7/payments': {
        status: 201,
        body: officeInvoice({
          status: 'Partially Paid',
          amountPaid: '250.00',
          balanceDue: '750.00',
          payments: [{ ...payment, amount: '250.00', method: 'bank_transfer', refundedPaymentId: null, recordedBy: 'sam@company.example' }],
        }),
      },
    });
    renderInvoice();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Registrar pago' }));
    const dialog = screen.getByRole('dialog', { name: 'Registrar pago de INV-0007' });
    const amount = within(dialog).getByRole('textbox', { name: 'Importe' });
    expect(amount).toHaveFocus();
    await user.type(amount, '1000.01');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar pago' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('El importe es mayor que $1,000.00.');
    await user.clear(amount);
    await user.type(amount, '$250');
    const date = within(dialog).getByLabelText('Fecha de recepción');
    await user.clear(date);
    await user.type(date, '2026-11-20');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Forma de pago' }), 'Transferencia bancaria');
    await user.type(within(dialog).getByRole('textbox', { name: 'Referencia (opcional)' }), 'TR-88');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar pago' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent('¿Registrar $250.00 recibido por Transferencia bancaria el 20 nov 2026?');
    await user.click(within(dialog).getByRole('button', { name: 'Sí, registrarlo' }));
    expect(await screen.findByText('Pago registrado.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'INV-0007 Pagada parcialmente' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      amount: '250.00',
      receivedOn: '2026-11-20',
      method: 'bank_transfer',
      reference: 'TR-88',
    });
  });

  it('Record refund is of one payment, at most what is left of it', async () => {
    const calls = stubFetch({
      'GET /api/office/invoices/7': {
        body: officeInvoice({
          status: 'Paid',
          amountPaid: '1000.00',
          balanceDue: '0.00',
          payments: [{ ...payment, amount: '1000.00', refundedPaymentId: null, recordedBy: null }],
        }),
      },
      'POST /api/office/invoices/7/refunds': {
        status: 201,
        body: officeInvoice({ status: 'Partially Paid', amountPaid: '900.00', balanceDue: '100.00' }),
      },
    });
    renderInvoice();
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'INV-0007 Paid' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record payment' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Record refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Record refund on INV-0007' });
    expect(within(dialog).getByRole('combobox', { name: 'Payment refunded' })).toHaveTextContent(
      '$1,000.00 by Check on Nov 5, 2026 ($1,000.00 left to refund)',
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount' }), '100');
    const date = within(dialog).getByLabelText('Date refunded');
    await user.clear(date);
    await user.type(date, '2026-11-21');
    await user.click(within(dialog).getByRole('button', { name: 'Record refund' }));
    await user.click(within(dialog).getByRole('button', { name: 'Yes, record it' }));
    expect(await screen.findByText('Refund recorded.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      paymentId: 90,
      amount: '100.00',
      receivedOn: '2026-11-21',
      reference: '',
    });
  });

  it('Discard draft asks first, then goes back to the work order', async () => {
    const calls = stubFetch({
      'GET /api/office/invoices/7': {
        body: officeInvoice({ number: null, status: 'Draft', issuedAt: null, dueDate: null, balanceDue: '0.00' }),
      },
      'POST /api/office/invoices/7/discard': { body: { id: 7 } },
    });
    const { router } = renderInvoice();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Discard draft' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Discard Draft invoice #7?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Discard draft' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Work order page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/office/work-orders/31');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/office/invoices/7/discard']);
  });

  it('an unknown invoice says so, with the way back', async () => {
    stubFetch({});
    renderInvoice(999);
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All invoices' })).toHaveAttribute('href', '/office/invoices');
  });
});
