import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { at, renderRoutes, stubFetch } from '../../test-utils';
import { invoiceRow } from './fixtures.test-data';
import { InvoicesPage } from './InvoicesPage';

beforeEach(() => i18n.changeLanguage('en'));
afterEach(() => vi.unstubAllGlobals());

const page = (invoices: ReturnType<typeof invoiceRow>[], nextCursor: string | null = null) => ({
  invoices,
  counts: { Draft: 1, Sent: 2, 'Partially Paid': 1, Paid: 3, Void: 0, Overdue: 1 },
  totals: { outstanding: '2750.00', overdue: '500.00' },
  nextCursor,
});

const renderList = (url = '/office/invoices') => renderRoutes([at('/office/invoices', <InvoicesPage />)], url);

describe('Invoices (/office/invoices)', () => {
  it('shows the totals outstanding and overdue, each invoice with its status (Overdue), and Load more asks for the next page', async () => {
    const calls = stubFetch({
      'GET /api/office/invoices': (_init, url) =>
        url.includes('after=')
          ? { body: page([invoiceRow({ id: 5, number: null, status: 'Draft', issuedAt: null, dueDate: null })]) }
          : {
              body: page(
                [
                  invoiceRow({ overdue: true, balanceDue: '500.00' }),
                  invoiceRow({ id: 6, number: 'INV-0006', kind: 'deposit', status: 'Paid', balanceDue: '0.00' }),
                ],
                'NEXT',
              ),
            },
    });
    renderList();
    expect(await screen.findByTestId('invoices-outstanding')).toHaveTextContent('Outstanding$2,750.00');
    expect(screen.getByTestId('invoices-overdue')).toHaveTextContent('Overdue$500.00');
    const first = screen.getByTestId('invoice-INV-0007');
    expect(within(first).getByRole('link', { name: 'INV-0007' })).toHaveAttribute('href', '/office/invoices/7');
    expect(within(first).getByText('Overdue', { selector: '.badge' })).toHaveAttribute('data-color', 'red');
    expect(first).toHaveTextContent('Balance due: $500.00');
    expect(first).toHaveTextContent('Issued Nov 2, 2026 · Due Nov 16, 2026');
    expect(within(first).getByRole('link', { name: 'Work Order #31' })).toHaveAttribute('href', '/office/work-orders/31');
    expect(screen.getByTestId('invoice-INV-0006')).toHaveTextContent('Deposit');
    // The tabs carry the counts; All their sum.
    expect(screen.getByRole('button', { name: 'Overdue 1' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'All 8' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Draft invoice #5' })).toBeInTheDocument();
    expect(screen.getByTestId('invoice-5')).toHaveTextContent('Not sent yet');
    expect(calls.map((c) => c.url)).toEqual(['/api/office/invoices', '/api/office/invoices?after=NEXT']);
  });

  it('filters by a status tab and searches by number or customer (in the URL), in Spanish', async () => {
    await i18n.changeLanguage('es');
    const calls = stubFetch({
      'GET /api/office/invoices': { body: page([invoiceRow({ status: 'Partially Paid', balanceDue: '400.00' })]) },
    });
    const { router } = renderList();
    expect(await screen.findByRole('heading', { level: 1, name: 'Facturas' })).toBeInTheDocument();
    expect(await screen.findByTestId('invoices-outstanding')).toHaveTextContent('Por cobrar');
    expect(screen.getByText('Pagada parcialmente', { selector: '.badge' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Vencida 1' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?status=Overdue'));
    await user.type(screen.getByRole('searchbox', { name: 'Buscar facturas' }), 'INV-0007');
    await vi.waitFor(() => expect(calls.at(-1)?.url).toBe('/api/office/invoices?status=Overdue&q=INV-0007'));
  });

  it('says so when nothing matches, and offers to try again when the list could not be loaded', async () => {
    stubFetch({ 'GET /api/office/invoices': { body: page([]) } });
    renderList('/office/invoices?q=nobody');
    expect(await screen.findByText('No invoices match.')).toBeInTheDocument();
    vi.unstubAllGlobals();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch({ 'GET /api/office/invoices': { status: 500, body: { error: { code: 'internal', message: 'boom' } } } });
    renderList('/office/invoices?status=Paid');
    expect(await screen.findByText('Invoices could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    error.mockRestore();
  });
});
