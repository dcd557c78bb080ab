import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerInvoiceList } from '../../../../contracts/customer/invoices';
import i18n from '../../i18n';
import { InvoicesPage } from './InvoicesPage';
import { configWith, invoiceRow, stubFetch, type Handler } from './test-fixtures';

const list: CustomerInvoiceList = {
  balanceDue: '1932.50',
  invoices: [
    invoiceRow({ id: 7, number: 'INV-0007', kind: 'final', total: '900.00', balanceDue: '900.00', dueDate: '2026-11-30' }),
    invoiceRow({
      id: 6,
      number: 'INV-0006',
      status: 'Partially Paid',
      total: '1082.50',
      balanceDue: '682.50',
      overdue: true,
      dueDate: '2026-11-10',
    }),
    invoiceRow({ id: 5, number: 'INV-0005', kind: 'deposit', workOrderId: null, total: '350.00', balanceDue: '350.00', overdue: true }),
    invoiceRow({ id: 4, number: 'INV-0004', status: 'Paid', total: '500.00', balanceDue: '0.00' }),
    invoiceRow({ id: 3, number: 'INV-0003', status: 'Void', total: '75.00', balanceDue: '0.00' }),
  ],
};

let online = true;
let answer: Handler;
let fetchMock: ReturnType<typeof stubFetch>;
beforeEach(async () => {
  await i18n.changeLanguage('en');
  online = true;
  answer = (url) =>
    url === '/api/config'
      ? { status: 200, body: configWith(online) }
      : url === '/api/invoices'
        ? { status: 200, body: list }
        : { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
  fetchMock = stubFetch(() => answer);
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <InvoicesPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Each card by its invoice number. */
async function cards() {
  const items = await screen.findAllByRole('article');
  return new Map(items.map((card) => [within(card).getByRole('heading', { level: 2 }).textContent!, card]));
}
const badge = (card: HTMLElement) => card.querySelector('.badge')!;
const facts = (card: HTMLElement) => card.querySelector('.invoice-facts')!;

describe('InvoicesPage', () => {
  it('says so while loading, and when there are no invoices, with no balance line', async () => {
    answer = (url) => (url === '/api/invoices' ? 'pending' : { status: 200, body: configWith(true) });
    const { unmount } = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Invoices' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading invoices...');
    unmount();

    answer = (url) => ({ status: 200, body: url === '/api/invoices' ? { invoices: [], balanceDue: '0.00' } : configWith(true) });
    renderPage();
    expect(await screen.findByText('No invoices yet.')).toBeInTheDocument();
    expect(screen.queryByRole('article')).toBeNull();
    expect(screen.queryByText(/Balance due/)).toBeNull();
  });

  it('shows each invoice with number, work order, issued and due dates, total, balance due and status', async () => {
    renderPage();
    const byNumber = await cards();
    expect([...byNumber.keys()]).toEqual([
      'Invoice INV-0007',
      'Invoice INV-0006',
      'Invoice INV-0005',
      'Invoice INV-0004',
      'Invoice INV-0003',
    ]);
    expect(screen.getByText('Balance due: $1,932.50')).toBeInTheDocument();

    const sent = byNumber.get('Invoice INV-0007')!;
    expect(within(sent).getByRole('link', { name: 'Invoice INV-0007' })).toHaveAttribute('href', '/invoices/7');
    expect(facts(sent)).toHaveTextContent('Work orderWork Order #31IssuedNov 2, 2026DueNov 30, 2026Total$900.00Balance due$900.00');
    expect(badge(sent)).toHaveTextContent('Sent');

    // 'Overdue' for a Sent or Partially Paid invoice past its due date, in the tone of a warning.
    const late = byNumber.get('Invoice INV-0006')!;
    expect(badge(late)).toHaveTextContent('Overdue');
    expect(badge(late)).not.toHaveAttribute('data-color', badge(sent).getAttribute('data-color'));
    expect(facts(late)).toHaveTextContent('DueNov 10, 2026Total$1,082.50Balance due$682.50');
    expect(badge(byNumber.get('Invoice INV-0005')!)).toHaveTextContent('Overdue');
    // A deposit invoice is issued at approval, before any work order.
    expect(facts(byNumber.get('Invoice INV-0005')!)).toHaveTextContent('Work order—Issued');

    expect(badge(byNumber.get('Invoice INV-0004')!)).toHaveTextContent('Paid');
    expect(facts(byNumber.get('Invoice INV-0004')!)).toHaveTextContent('Total$500.00Balance due$0.00');
    expect(badge(byNumber.get('Invoice INV-0003')!)).toHaveTextContent('Void');
  });

  it("offers 'Download PDF' on every invoice and 'Pay now' only while a balance is due", async () => {
    renderPage();
    const byNumber = await cards();
    for (const [heading, card] of byNumber) {
      const number = heading.replace('Invoice ', '');
      expect(within(card).getByRole('button', { name: `Download PDF – ${number}` })).toBeInTheDocument();
    }
    const payNow = (n: string) => within(byNumber.get(`Invoice ${n}`)!).queryByRole('button', { name: `Pay now – ${n}` });
    expect(await within(byNumber.get('Invoice INV-0007')!).findByRole('button', { name: 'Pay now – INV-0007' })).toHaveTextContent(
      'Pay now',
    );
    expect(payNow('INV-0006')).toBeInTheDocument();
    expect(payNow('INV-0005')).toBeInTheDocument();
    expect(payNow('INV-0004')).toBeNull();
    expect(payNow('INV-0003')).toBeNull();
    expect(screen.queryByText('Pay by check or bank transfer — see the invoice for details.')).toBeNull();
  });

  it('without online payment: no Pay now, the spec’s words on the invoices with a balance', async () => {
    online = false;
    renderPage();
    const byNumber = await cards();
    expect(await screen.findAllByText('Pay by check or bank transfer — see the invoice for details.')).toHaveLength(3);
    expect(within(byNumber.get('Invoice INV-0004')!).queryByText(/Pay by check/)).toBeNull();
    expect(screen.queryByRole('button', { name: /Pay now/ })).toBeNull();
  });

  it('logs a load failure and offers to try again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    answer = (url) =>
      url === '/api/invoices'
        ? { status: 500, body: { error: { code: 'internal', message: 'x' } } }
        : { status: 200, body: configWith(true) };
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invoices could not be loaded.');
    await vi.waitFor(() => expect(logged).toHaveBeenCalledWith('Invoices could not be loaded:', expect.anything()));
    answer = (url) => ({ status: 200, body: url === '/api/invoices' ? list : configWith(true) });
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(await screen.findAllByRole('article')).toHaveLength(5);
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/invoices')).toHaveLength(2);
  });
});

describe('InvoicesPage in Spanish', () => {
  it('shows the spec’s words: Facturas, Saldo pendiente, Pagar ahora, Vencida, and the statuses', async () => {
    await i18n.changeLanguage('es');
    renderPage();
    const byNumber = await cards();
    expect(screen.getByRole('heading', { level: 1, name: 'Facturas' })).toBeInTheDocument();
    expect([...byNumber.keys()][0]).toBe('Factura INV-0007');
    expect(screen.getByText('Saldo pendiente: $1,932.50')).toBeInTheDocument();
    const sent = byNumber.get('Factura INV-0007')!;
    expect(facts(sent)).toHaveTextContent(
      'Orden de trabajoOrden de trabajo #31Emitida2 nov 2026Vence30 nov 2026Total$900.00Saldo pendiente$900.00',
    );
    expect(await within(sent).findByRole('button', { name: 'Pagar ahora – INV-0007' })).toHaveTextContent('Pagar ahora');
    expect(within(sent).getByRole('button', { name: 'Descargar PDF – INV-0007' })).toBeInTheDocument();
    expect(['Enviada', 'Vencida', 'Vencida', 'Pagada', 'Anulada']).toEqual([...byNumber.values()].map((c) => badge(c).textContent));

    const text = document.body.textContent ?? '';
    for (const english of ['Invoice ', 'Balance due', 'Pay now', 'Download PDF', 'Overdue', 'Paid', 'Void', 'Sent', 'Issued', 'Due'])
      expect(text).not.toContain(english);
  });

  it('says how to pay without online payment, and that there are none, in Spanish', async () => {
    await i18n.changeLanguage('es');
    online = false;
    const { unmount } = renderPage();
    expect(await screen.findAllByText('Pague con cheque o transferencia — vea los datos en la factura.')).toHaveLength(3);
    unmount();
    answer = (url) => ({ status: 200, body: url === '/api/invoices' ? { invoices: [], balanceDue: '0.00' } : configWith(false) });
    renderPage();
    expect(await screen.findByText('Aún no hay facturas.')).toBeInTheDocument();
  });
});
