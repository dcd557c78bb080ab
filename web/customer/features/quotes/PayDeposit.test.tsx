import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerInvoiceList, CustomerInvoiceRow } from '../../../../contracts/customer/invoices';
import type { PublicConfig } from '../../../../contracts/public';
import type { QuoteDecided, QuoteDetail } from '../../../../contracts/customer/quotes';
import i18n from '../../i18n';
import { PayDeposit } from './PayDeposit';
import { QuotePage } from './QuotePage';

/**
 * 'Pay deposit' after signing (contract-spec §3): approving a quote with a deposit issues the deposit
 * invoice at once, and the success message offers to pay it — online on the provider's page, otherwise
 * on the invoice's page, which says how to pay.
 */
const CONSENT_LABEL = 'I agree to sign electronically and to receive this contract and its records electronically.';
const CHECKOUT = 'https://checkout.example/c/pay/cs_test_deposit';

const configWith = (onlinePayments: boolean): PublicConfig => ({
  company: {
    name: 'Acme Builders',
    email: 'office@acme.example',
    phones: ['(555) 010-2000', '(555) 010-2001'],
    address: '1 Way',
    logoUrl: null,
  },
  googleConfigured: false,
  requireEmailVerification: true,
  timeZone: 'America/Chicago',
  onlinePayments,
});
const invoiceRow = (over: Partial<CustomerInvoiceRow>): CustomerInvoiceRow => ({
  id: 5,
  number: 'INV-0005',
  kind: 'progress',
  workOrderId: 31,
  quoteId: 9,
  issuedAt: '2026-03-02T16:00:00.000Z',
  dueDate: '2026-03-16',
  total: '351.82',
  balanceDue: '351.82',
  status: 'Sent',
  overdue: false,
  ...over,
});

type Handler = (url: string, init: RequestInit) => { status: number; body: unknown };
let answer: Handler;
const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
  const { status, body } = answer(url, init);
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
});

const sent: QuoteDetail = {
  id: 9,
  description: 'Backyard deck',
  created_at: '2026-03-01T15:00:00.000Z',
  total: '703.63',
  status: 'Sent',
  history: [{ status: 'Sent', timestamp: '2026-03-01T16:00:00.000Z' }],
  version: {
    version: 1,
    description: 'Backyard deck',
    subtotal: '650.00',
    taxRate: '8.250',
    tax: '53.63',
    total: '703.63',
    validUntil: '2099-06-30',
    terms: 'Half up front.',
    sentAt: '2026-03-01T16:00:00.000Z',
    lines: [
      { id: 1, key: 'k1', position: 1, description: 'Boards', quantity: '20.00', unitPrice: '32.50', lineTotal: '650.00', optional: false },
    ],
  },
  whatChanged: null,
  earlierVersions: [],
  decision: null,
  canDecide: true,
};
const decided: QuoteDecided = {
  status: 'Approved',
  decision: {
    id: 1,
    version: 1,
    decision: 'Approved',
    signerName: 'Ana Ruiz',
    reason: null,
    optionalItemIds: [],
    total: '703.63',
    decidedAt: '2026-03-02T16:00:00.000Z',
    contentHash: 'abc',
    pdfSha256: null,
  },
  depositInvoiceId: 12,
};
const depositRow = invoiceRow({
  id: 12,
  number: 'INV-0012',
  kind: 'deposit',
  quoteId: 9,
  workOrderId: null,
  total: '351.82',
  balanceDue: '351.82',
});
const otherRows = [
  // Another quote's deposit, and this quote's progress invoice: neither is the deposit to pay.
  invoiceRow({ id: 11, number: 'INV-0011', kind: 'deposit', quoteId: 8, balanceDue: '100.00' }),
  invoiceRow({ id: 10, number: 'INV-0010', kind: 'progress', quoteId: 9, balanceDue: '50.00' }),
];

let online: boolean;
let approved: boolean;
let invoices: CustomerInvoiceList;
beforeEach(async () => {
  await i18n.changeLanguage('en');
  online = true;
  approved = false;
  invoices = { invoices: [depositRow, ...otherRows], balanceDue: '501.82' };
  answer = (url, init) => {
    if (url === '/api/config') return { status: 200, body: configWith(online) };
    if (url === '/api/quotes/9/approve' && init.method === 'POST') {
      approved = true;
      return { status: 201, body: decided };
    }
    if (url === '/api/quotes/9')
      return { status: 200, body: approved ? { ...sent, status: 'Approved', canDecide: false, decision: decided.decision } : sent };
    // The deposit invoice exists once the quote is approved (issued in the approval's transaction).
    if (url === '/api/invoices') return { status: 200, body: approved ? invoices : { invoices: otherRows, balanceDue: '150.00' } };
    if (url === '/api/invoices/12/payment' && init.method === 'POST')
      return { status: 200, body: { attemptId: '3f0c9a52-7d1e-4b8a-9c3d-2e5f6a7b8c9d', checkoutUrl: CHECKOUT } };
    return { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
  };
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderQuote() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/quotes/:id', element: <QuotePage /> },
      { path: '/invoices/:id', element: <h1>Invoice page</h1> },
    ],
    { initialEntries: ['/quotes/9'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, client };
}

/** Approve and sign the quote, as the customer does. */
async function sign(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Approve' }));
  const dialog = screen.getByRole('dialog', { name: 'Approve Quote #9' });
  await user.click(within(dialog).getByRole('checkbox', { name: CONSENT_LABEL }));
  await user.type(within(dialog).getByLabelText('Full name'), 'Ana Ruiz');
  await user.click(within(dialog).getByRole('checkbox', { name: 'I accept this quote and its terms' }));
  await user.click(within(dialog).getByRole('button', { name: 'Sign and approve' }));
  expect(await screen.findByText('Quote approved. Thank you!')).toBeInTheDocument();
}
const posts = (url: string) => fetchMock.mock.calls.filter(([u, init]) => u === url && init?.method === 'POST');

describe('Pay deposit after signing', () => {
  it("with online payment: 'Pay deposit' beside the thanks opens the provider's page for the deposit invoice", async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const user = userEvent.setup();
    renderQuote();
    // Before signing there is nothing to pay.
    await screen.findByRole('button', { name: 'Approve' });
    expect(screen.queryByRole('button', { name: 'Pay deposit' })).toBeNull();

    await sign(user);
    const pay = await screen.findByRole('button', { name: 'Pay deposit' });
    expect(pay.closest('.quotes-status')).toHaveTextContent('Quote approved. Thank you!Pay deposit');
    await user.click(pay);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(CHECKOUT));
    expect(posts('/api/invoices/12/payment')).toHaveLength(1);
    // Busy until the provider's page replaces this one.
    expect(screen.getByRole('button', { name: 'Pay deposit' })).toBeDisabled();
  });

  it('says so when the payment page could not be opened', async () => {
    answer = ((base) => (url, init) =>
      url === '/api/invoices/12/payment' ? { status: 503, body: { error: { code: 'unavailable', message: 'x' } } } : base(url, init))(
      answer,
    );
    const user = userEvent.setup();
    renderQuote();
    await sign(user);
    await user.click(await screen.findByRole('button', { name: 'Pay deposit' }));
    expect(await screen.findByText('The payment page could not be opened. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay deposit' })).toBeEnabled();
  });

  it("without online payment: 'Pay deposit' leads to the deposit invoice's page", async () => {
    online = false;
    const user = userEvent.setup();
    const { router } = renderQuote();
    await sign(user);
    const link = await screen.findByRole('link', { name: 'Pay deposit' });
    expect(link).toHaveAttribute('href', '/invoices/12');
    await user.click(link);
    expect(router.state.location.pathname).toBe('/invoices/12');
    expect(posts('/api/invoices/12/payment')).toHaveLength(0);
  });

  it('a quote without a deposit, or with its deposit paid, offers nothing to pay', async () => {
    for (const list of [
      { invoices: otherRows, balanceDue: '150.00' },
      { invoices: [{ ...depositRow, status: 'Paid' as const, balanceDue: '0.00' }, ...otherRows], balanceDue: '150.00' },
    ]) {
      invoices = list;
      approved = false;
      const user = userEvent.setup();
      const { client } = renderQuote();
      await sign(user);
      // The invoices and the config are in (what 'Pay deposit' waits for), and the page drawn after them.
      await vi.waitFor(() => {
        expect(fetchMock.mock.calls.filter(([u]) => u === '/api/invoices').length).toBeGreaterThan(0);
        expect(client.isFetching()).toBe(0);
      });
      await new Promise((r) => setTimeout(r, 20));
      expect(screen.queryByRole('button', { name: 'Pay deposit' })).toBeNull();
      expect(screen.queryByRole('link', { name: 'Pay deposit' })).toBeNull();
      cleanup();
      fetchMock.mockClear();
    }
  });
});

describe('Pay deposit in Spanish', () => {
  function renderStep() {
    approved = true;
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter([{ path: '/', element: <PayDeposit quoteId={9} /> }]);
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  }

  it("'Pagar depósito', as a button with online payment and as a link to the invoice without", async () => {
    await i18n.changeLanguage('es');
    renderStep();
    expect(await screen.findByRole('button', { name: 'Pagar depósito' })).toBeEnabled();
    cleanup();
    online = false;
    renderStep();
    expect(await screen.findByRole('link', { name: 'Pagar depósito' })).toHaveAttribute('href', '/invoices/12');
  });
});
