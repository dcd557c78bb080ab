import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerInvoice } from '../../../../contracts/customer/invoices';
import type { PaymentState } from '../../../../contracts/customer/payments';
import i18n from '../../i18n';
import { InvoicePage } from './InvoicePage';
import { configWith, invoiceDetail, stubFetch, type Handler } from './test-fixtures';

const ATTEMPT = '3f0c9a52-7d1e-4b8a-9c3d-2e5f6a7b8c9d';
const CHECKOUT = 'https://checkout.example/c/pay/cs_test_1';

let online: boolean;
let invoice: CustomerInvoice;
let paymentState: PaymentState;
let answer: Handler;
let fetchMock: ReturnType<typeof stubFetch>;
beforeEach(async () => {
  await i18n.changeLanguage('en');
  online = true;
  invoice = invoiceDetail();
  paymentState = 'processing';
  answer = (url, init) => {
    if (url === '/api/config') return { status: 200, body: configWith(online) };
    if (url === '/api/invoices/5') return { status: 200, body: invoice };
    if (url === `/api/invoices/5/payment/${ATTEMPT}`) return { status: 200, body: { state: paymentState } };
    if (url === '/api/invoices/5/payment' && init.method === 'POST')
      return { status: 200, body: { attemptId: ATTEMPT, checkoutUrl: CHECKOUT } };
    return { status: 404, body: { error: { code: 'not_found', message: 'Invoice not found.' } } };
  };
  fetchMock = stubFetch(() => answer);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/invoices/:id', element: <InvoicePage /> }], { initialEntries: [path] });
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const rows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((r) => r.textContent);
const calls = (url: string) => fetchMock.mock.calls.filter(([u]) => u === url);

describe('InvoicePage', () => {
  it('shows the number, status, dates, lines, totals, payments received and the balance due', async () => {
    renderAt('/invoices/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice INV-0005' })).toBeInTheDocument();
    expect(document.querySelector('.badge')).toHaveTextContent('Partially Paid');
    expect(screen.getByRole('link', { name: 'Back to Invoices' })).toHaveAttribute('href', '/invoices');
    expect(document.querySelector('.invoice-facts')).toHaveTextContent(
      'Work orderWork Order #31IssuedNov 2, 2026DueNov 16, 2026Balance due$682.50',
    );
    expect(screen.getByRole('link', { name: 'Work Order #31' })).toHaveAttribute('href', '/work-orders/31');

    const lines = within(screen.getByRole('region', { name: 'Lines' })).getByRole('table');
    expect(rows(lines)).toEqual([
      'DescriptionAmount',
      'Deck boards, second half$700.00',
      'Railing$300.00',
      'Subtotal$1,000.00',
      'Tax$82.50',
      'Total$1,082.50',
      'Paid$400.00',
      'Balance due$682.50',
    ]);
    // A refund is a row of its own, as money given back. A reference is in its column and, for a
    // phone's width, under the method too (the style sheet shows one of the two).
    const payments = within(screen.getByRole('region', { name: 'Payments received' })).getByRole('table');
    expect(rows(payments)).toEqual([
      'DateMethodReferenceAmount',
      'Nov 5, 2026CheckCheck 1042Check 1042$500.00',
      'Nov 7, 2026Check · Refund—-$100.00',
    ]);
    expect(screen.getByRole('button', { name: 'Download PDF – INV-0005' })).toBeInTheDocument();
  });

  it('leaves out a tax of nothing, and says when no payment was received yet', async () => {
    invoice = invoiceDetail({
      status: 'Sent',
      subtotal: '500.00',
      tax: '0.00',
      total: '500.00',
      amountPaid: '0.00',
      balanceDue: '500.00',
      payments: [],
    });
    renderAt('/invoices/5');
    const lines = within(await screen.findByRole('region', { name: 'Lines' })).getByRole('table');
    expect(rows(lines).slice(3)).toEqual(['Subtotal$500.00', 'Total$500.00', 'Paid$0.00', 'Balance due$500.00']);
    expect(within(screen.getByRole('region', { name: 'Payments received' })).getByText('No payments received yet.')).toBeInTheDocument();
  });

  it("'Overdue' for an open invoice past its due date", async () => {
    invoice = invoiceDetail({ status: 'Sent', overdue: true });
    renderAt('/invoices/5');
    await screen.findByRole('heading', { level: 1, name: 'Invoice INV-0005' });
    expect(document.querySelector('.badge')).toHaveTextContent('Overdue');
  });

  it("'Pay now' opens the provider's page for the balance due", async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const user = userEvent.setup();
    renderAt('/invoices/5');
    const pay = await screen.findByRole('button', { name: 'Pay now – INV-0005' });
    expect(pay).toHaveTextContent('Pay now');
    expect(screen.queryByText(/Pay by check or bank transfer/)).toBeNull();
    await user.click(pay);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(CHECKOUT));
    expect(calls('/api/invoices/5/payment')).toHaveLength(1);
    // Busy until the provider's page replaces this one: no second checkout.
    expect(screen.getByRole('button', { name: 'Pay now – INV-0005' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Pay now – INV-0005' })).toHaveTextContent('Opening the payment page...');
  });

  it('says so when the payment page could not be opened, and lets the customer try again', async () => {
    answer = ((base) => (url, init) =>
      url === '/api/invoices/5/payment' ? { status: 503, body: { error: { code: 'unavailable', message: 'x' } } } : base(url, init))(
      answer,
    );
    const user = userEvent.setup();
    renderAt('/invoices/5');
    await user.click(await screen.findByRole('button', { name: 'Pay now – INV-0005' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The payment service did not answer. Please try again in a moment.');
    expect(screen.getByRole('button', { name: 'Pay now – INV-0005' })).toBeEnabled();
  });

  it('without online payment: no Pay now, the spec’s words on how to pay', async () => {
    online = false;
    renderAt('/invoices/5');
    expect(await screen.findByText('Pay by check or bank transfer — see the invoice for details.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay now/ })).toBeNull();
  });

  it('with nothing due (paid, or void), neither Pay now nor the words on how to pay', async () => {
    for (const [status, balanceDue] of [
      ['Paid', '0.00'],
      ['Void', '0.00'],
    ] as const) {
      for (const on of [true, false]) {
        online = on;
        invoice = invoiceDetail({ status, balanceDue, amountPaid: status === 'Paid' ? '1082.50' : '0.00' });
        const { unmount } = renderAt('/invoices/5');
        expect(await screen.findByTestId('invoice-balance')).toHaveTextContent('$0.00');
        expect(document.querySelector('.badge')).toHaveTextContent(status);
        // The config is in: a 'Pay now' or the offline words would show by now.
        await vi.waitFor(() => expect(calls('/api/config').length).toBeGreaterThan(0));
        await screen.findByRole('button', { name: 'Download PDF – INV-0005' });
        expect(screen.queryByRole('button', { name: /Pay now/ })).toBeNull();
        expect(screen.queryByText(/Pay by check or bank transfer/)).toBeNull();
        unmount();
      }
    }
  });

  it('a voided invoice says so, with the reason the office gave', async () => {
    invoice = invoiceDetail({
      status: 'Void',
      amountPaid: '0.00',
      balanceDue: '0.00',
      payments: [],
      voidReason: 'Billed twice & sent again',
    });
    renderAt('/invoices/5');
    expect(await screen.findByText('This invoice was voided: Billed twice & sent again')).toBeInTheDocument();
    expect(document.querySelector('.badge')).toHaveTextContent('Void');
  });

  it("back from the provider: 'Your payment is being processed.' until it counted, then the thanks and the new balance", async () => {
    renderAt(`/invoices/5?payment=${ATTEMPT}`);
    expect(await screen.findByText('Your payment is being processed.')).toBeInTheDocument();
    expect(screen.queryByText('Thank you! Your payment was received.')).toBeNull();

    // The signed webhook arrives: the next poll (every 2 s) says received, and the invoice is read again.
    paymentState = 'received';
    invoice = invoiceDetail({ status: 'Paid', amountPaid: '1082.50', balanceDue: '0.00' });
    expect(await screen.findByText('Thank you! Your payment was received.')).toBeInTheDocument();
    expect(screen.queryByText('Your payment is being processed.')).toBeNull();
    await vi.waitFor(() => expect(screen.getByTestId('invoice-balance')).toHaveTextContent('$0.00'));
    expect(document.querySelector('.badge')).toHaveTextContent('Paid');
    expect(screen.queryByRole('button', { name: /Pay now/ })).toBeNull();
  });

  it('a payment the office must review stays "being processed" for the customer', async () => {
    paymentState = 'review';
    renderAt(`/invoices/5?payment=${ATTEMPT}`);
    expect(await screen.findByText('Your payment is being processed.')).toBeInTheDocument();
  });

  it('ignores a ?payment= that is not an attempt id, and says not found for an invoice that is not theirs', async () => {
    renderAt('/invoices/5?payment=not-a-uuid');
    await screen.findByRole('heading', { level: 1, name: 'Invoice INV-0005' });
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/payment/'))).toBe(false);
    expect(screen.queryByText('Your payment is being processed.')).toBeNull();

    renderAt('/invoices/6');
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice not found' })).toBeInTheDocument();
    expect(screen.getByText('This invoice does not exist or is not yours.')).toBeInTheDocument();
  });
});

describe('InvoicePage in Spanish', () => {
  it('shows the invoice and the return page in the spec’s Spanish', async () => {
    await i18n.changeLanguage('es');
    renderAt(`/invoices/5?payment=${ATTEMPT}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Factura INV-0005' })).toBeInTheDocument();
    expect(await screen.findByText('Su pago se está procesando.')).toBeInTheDocument();
    expect(document.querySelector('.badge')).toHaveTextContent('Pagada parcialmente');
    expect(await screen.findByRole('button', { name: 'Pagar ahora – INV-0005' })).toBeInTheDocument();
    const lines = within(screen.getByRole('region', { name: 'Líneas' })).getByRole('table');
    expect(rows(lines).at(-1)).toBe('Saldo pendiente$682.50');
    const payments = within(screen.getByRole('region', { name: 'Pagos recibidos' })).getByRole('table');
    expect(rows(payments)[2]).toBe('7 nov 2026Cheque · Reembolso—-$100.00');

    paymentState = 'received';
    expect(await screen.findByText('¡Gracias! Recibimos su pago.')).toBeInTheDocument();
  });

  it('a voided invoice: Anulada, and why', async () => {
    await i18n.changeLanguage('es');
    invoice = invoiceDetail({ status: 'Void', amountPaid: '0.00', balanceDue: '0.00', payments: [], voidReason: 'Precio equivocado' });
    renderAt('/invoices/5');
    expect(await screen.findByText('Esta factura fue anulada: Precio equivocado')).toBeInTheDocument();
    expect(document.querySelector('.badge')).toHaveTextContent('Anulada');
  });

  it('says how to pay without online payment', async () => {
    await i18n.changeLanguage('es');
    online = false;
    renderAt('/invoices/5');
    expect(await screen.findByText('Pague con cheque o transferencia — vea los datos en la factura.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pagar ahora/ })).toBeNull();
  });
});
