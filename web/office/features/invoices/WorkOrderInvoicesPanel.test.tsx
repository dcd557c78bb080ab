import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { at, renderRoutes, stubFetch } from '../../test-utils';
import { invoiceRow, officeInvoice } from './fixtures.test-data';
import { InvoiceDetailPage } from './InvoiceDetailPage';
import { WorkOrderInvoicesSection } from './WorkOrderInvoicesPanel';

beforeEach(() => i18n.changeLanguage('en'));
afterEach(() => vi.unstubAllGlobals());

const invoicing = {
  workOrderId: 31,
  quoteId: 42,
  contractTotal: '3333.33',
  invoiced: '1000.00',
  remaining: '2333.33',
  invoices: [invoiceRow({ id: 6, number: 'INV-0006', kind: 'deposit', status: 'Paid', total: '1000.00', balanceDue: '0.00' })],
};

const renderPanel = () =>
  renderRoutes(
    [at('/office/work-orders/:id', <WorkOrderInvoicesSection />), at('/office/invoices/:id', <InvoiceDetailPage />)],
    '/office/work-orders/31',
  );

describe("a work order's invoices", () => {
  it('shows the contract total, what is invoiced and what is left, and each invoice linked', async () => {
    stubFetch({ 'GET /api/office/work-orders/31/invoices': { body: invoicing } });
    renderPanel();
    expect(await screen.findByTestId('work-order-contract-total')).toHaveTextContent('Contract total$3,333.33');
    expect(screen.getByTestId('work-order-invoiced')).toHaveTextContent('Already invoiced$1,000.00');
    expect(screen.getByTestId('work-order-remaining')).toHaveTextContent('Left to invoice$2,333.33');
    expect(screen.getByRole('link', { name: 'INV-0006' })).toHaveAttribute('href', '/office/invoices/6');
    expect(screen.getByText('Paid', { selector: '.badge' })).toBeInTheDocument();
  });

  it('New invoice: a percentage of the contract total with a description, shown before it is made; then its page', async () => {
    const calls = stubFetch({
      'GET /api/office/work-orders/31/invoices': { body: invoicing },
      'POST /api/office/work-orders/31/invoices': {
        status: 201,
        body: officeInvoice({ id: 8, number: null, status: 'Draft', total: '1333.33', issuedAt: null, dueDate: null, balanceDue: '0.00' }),
      },
    });
    renderPanel();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New invoice' }));
    const dialog = screen.getByRole('dialog', { name: 'New invoice for Work Order #31' });
    expect(within(dialog).getByRole('radio', { name: 'Progress invoice' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Percentage of the contract total' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Percentage' }), '80');
    await user.click(within(dialog).getByRole('button', { name: 'Create invoice' }));
    // 80 % is 2,666.66: more than is left; and a description is needed.
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'This is more than what is left to invoice ($2,333.33). Describe what this invoice is for.',
    );
    const percent = within(dialog).getByRole('textbox', { name: 'Percentage' });
    await user.clear(percent);
    await user.type(percent, '40');
    expect(within(dialog).getByTestId('new-invoice-amount')).toHaveTextContent('This invoice: $1,333.33');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Framing complete');
    await user.click(within(dialog).getByRole('button', { name: 'Create invoice' }));
    // Asked again until it holds: the page may draw its heading twice (its answer, then its own read), and an
    // element found by the first draw is no longer in the document after the second.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Draft invoice #8 Draft' })).toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('Draft invoice created. Review it, then send it to the customer.');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ kind: 'progress', description: 'Framing complete', percent: '40' });
  });

  it('the final invoice is what remains (Spanish)', async () => {
    await i18n.changeLanguage('es');
    const calls = stubFetch({
      'GET /api/office/work-orders/31/invoices': { body: invoicing },
      'POST /api/office/work-orders/31/invoices': {
        status: 201,
        body: officeInvoice({ id: 9, kind: 'final', number: null, status: 'Draft' }),
      },
    });
    renderPanel();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Nueva factura' }));
    const dialog = screen.getByRole('dialog', { name: 'Nueva factura de la orden de trabajo #31' });
    await user.click(within(dialog).getByRole('radio', { name: 'Factura final' }));
    expect(within(dialog).getByTestId('new-invoice-amount')).toHaveTextContent('Esta factura: $2,333.33');
    expect(within(dialog).queryByRole('textbox', { name: 'Descripción' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Crear factura' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Borrador de factura #9 Borrador' })).toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ kind: 'final' });
  });

  it('a work order not made from an approved quote has nothing to invoice against', async () => {
    stubFetch({
      'GET /api/office/work-orders/31/invoices': {
        body: { workOrderId: 31, quoteId: null, contractTotal: null, invoiced: '0.00', remaining: '0.00', invoices: [] },
      },
    });
    renderPanel();
    expect(await screen.findByText(/there is no contract total to invoice against/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New invoice' })).toBeNull();
  });
});
