import { CONSENT_VERSION } from '../../../../contracts/signatures';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { QuoteDetail } from '../../../../contracts/customer/quotes';
import i18n from '../../i18n';
import { QuotePage } from './QuotePage';

const CONSENT_LABEL = 'I agree to sign electronically and to receive this contract and its records electronically.';

const line = (id: number, description: string, quantity: string, unitPrice: string, lineTotal: string, optional = false) => ({
  id,
  key: `k${id}`,
  position: id,
  description,
  quantity,
  unitPrice,
  lineTotal,
  optional,
});
const detail: QuoteDetail = {
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
      line(1, 'Boards', '20.00', '12.50', '250.00'),
      line(2, 'Railing', '1.00', '400.00', '400.00'),
      line(3, 'Stain', '2.50', '35.01', '87.53', true),
    ],
  },
  whatChanged: null,
  earlierVersions: [],
  decision: null,
  canDecide: true,
};

type Handler = (url: string, init: RequestInit) => { status: number; body: unknown };
let handler: Handler;
const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
  const { status, body } = handler(url, init);
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
});

beforeEach(async () => {
  await i18n.changeLanguage('en');
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  handler = (url) => (url === '/api/quotes/9' ? { status: 200, body: detail } : { status: 404, body: { error: { code: 'not_found' } } });
});
afterEach(() => vi.unstubAllGlobals());

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/quotes/:id', element: <QuotePage /> }], { initialEntries: [path] });
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('QuotePage', () => {
  it('loads the quote in one request and shows its lines and figures', async () => {
    renderAt('/quotes/9');
    // The heading is there at once; the loading line until the answer.
    expect(screen.getByRole('heading', { level: 1, name: 'Quote #9' })).toBeInTheDocument();
    expect(screen.getByText('Loading quote...')).toBeInTheDocument();
    expect((await screen.findByText('Stain')).closest('tr')).toHaveTextContent('StainOptional2.5$35.01$87.53');
    expect(document.querySelector('.quote-figures')).toHaveTextContent('Subtotal$650.00Tax (8.25%)$53.63Total$703.63');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/quotes/9']);
  });

  it('says not found for someone else’s quote and for an id that is not a number, without asking for the latter', async () => {
    renderAt('/quotes/10');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    fetchMock.mockClear();
    renderAt('/quotes/abc');
    expect(screen.getAllByRole('heading', { level: 1, name: 'Page not found' })).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('approve: the running total follows the ticks; an expired refusal shows the spec’s message and reloads', async () => {
    const user = userEvent.setup();
    let approveBody: unknown;
    handler = (url, init) => {
      if (init.method === 'POST') {
        approveBody = JSON.parse(String(init.body));
        return { status: 409, body: { error: { code: 'quote_expired', message: 'expired' } } };
      }
      return { status: 200, body: detail };
    };
    renderAt('/quotes/9');
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve Quote #9' });
    expect(within(dialog).getByTestId('running-total')).toHaveTextContent('$703.63');
    await user.click(within(dialog).getByRole('checkbox', { name: /Stain/ }));
    expect(within(dialog).getByTestId('running-total')).toHaveTextContent('$798.38');
    await user.click(within(dialog).getByRole('checkbox', { name: CONSENT_LABEL }));
    await user.type(within(dialog).getByLabelText('Full name'), '  Ana Ruiz ');
    await user.click(within(dialog).getByRole('checkbox', { name: 'I accept this quote and its terms' }));
    const gets = fetchMock.mock.calls.filter(([, init]) => !init?.method || init.method === 'GET').length;
    await user.click(within(dialog).getByRole('button', { name: 'Sign and approve' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This quote has expired. Request a revision for an updated quote.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(approveBody).toEqual({
      version: 1,
      optionalItemIds: [3],
      signerName: 'Ana Ruiz',
      accepted: true,
      consent: { version: CONSENT_VERSION, locale: 'en', agreed: true },
    });
    await vi.waitFor(() => expect(fetchMock.mock.calls.filter(([, init]) => !init?.method || init.method === 'GET').length).toBe(gets + 1));
  });

  it('the dialog shows the terms first, then the consent with its page, then the signature; no signing without consent', async () => {
    const user = userEvent.setup();
    renderAt('/quotes/9');
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve Quote #9' });
    const terms = within(dialog).getByRole('region', { name: 'Terms' });
    expect(terms).toHaveTextContent('Half up front.');
    const consent = within(dialog).getByRole('checkbox', { name: CONSENT_LABEL });
    const name = within(dialog).getByLabelText('Full name');
    const follows = (a: Element, b: Element) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(terms, consent) && follows(consent, name)).toBe(true);
    expect(within(dialog).getByRole('link', { name: /Read the consent/ })).toHaveAttribute('href', '/consent');
    await user.type(name, 'Ana Ruiz');
    await user.click(within(dialog).getByRole('checkbox', { name: 'I accept this quote and its terms' }));
    await user.click(within(dialog).getByRole('button', { name: 'Sign and approve' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please agree to sign electronically.');
    expect(consent).toHaveAttribute('aria-invalid', 'true');
  });

  it("'Please type your full name.' goes away as soon as a name is typed", async () => {
    const user = userEvent.setup();
    renderAt('/quotes/9');
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve Quote #9' });
    await user.click(within(dialog).getByRole('checkbox', { name: CONSENT_LABEL }));
    await user.click(within(dialog).getByRole('button', { name: 'Sign and approve' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please type your full name.');
    const name = within(dialog).getByLabelText('Full name');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    await user.type(name, 'A');
    expect(within(dialog).queryByText('Please type your full name.')).toBeNull();
    expect(name).not.toHaveAttribute('aria-invalid');
  });
});

describe('QuotePage: the primary action and a revision request follow the state', () => {
  it('an Approved quote makes its PDF the primary button', async () => {
    const approved = { ...detail, status: 'Approved', canDecide: false };
    handler = () => ({ status: 200, body: approved });
    renderAt('/quotes/9');
    const pdf = await screen.findByRole('button', { name: 'Download PDF' });
    expect(pdf).toHaveClass('primary');
    expect(screen.getByRole('button', { name: 'Request Revision' })).toHaveClass('secondary');
  });

  it("a revision asked on an Approved quote shows 'Revision requested on {date}.' beside the history, not in it", async () => {
    const approved = {
      ...detail,
      status: 'Approved',
      canDecide: false,
      history: [
        { status: 'Sent', timestamp: '2026-03-01T16:00:00.000Z' },
        { status: 'Approved', timestamp: '2026-03-02T16:00:00.000Z' },
      ],
      revisionRequestedAt: '2026-03-04T16:00:00.000Z',
    };
    handler = () => ({ status: 200, body: approved });
    renderAt('/quotes/9');
    expect(await screen.findByText('Revision requested on Mar 4, 2026.')).toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'Status History' });
    expect(within(history).getAllByRole('listitem')).toHaveLength(2);
    expect(history).not.toHaveTextContent('Revision requested');
  });

  it("a request older than the quote's last change is not shown; a Revision Requested quote says the office is on it", async () => {
    const older = { ...detail, status: 'Approved', canDecide: false, revisionRequestedAt: '2026-02-01T16:00:00.000Z' };
    handler = () => ({ status: 200, body: older });
    const { unmount } = renderAt('/quotes/9');
    await screen.findByRole('button', { name: 'Download PDF' });
    expect(screen.queryByText(/Revision requested on/)).toBeNull();
    unmount();
    const waiting = {
      ...detail,
      status: 'Revision Requested',
      canDecide: false,
      history: [...detail.history, { status: 'Revision Requested', timestamp: '2026-03-05T16:00:00.000Z' }],
      revisionRequestedAt: '2026-03-05T16:00:00.000Z',
    };
    handler = () => ({ status: 200, body: waiting });
    renderAt('/quotes/9');
    expect(await screen.findByText('Revision requested on Mar 5, 2026: the office is preparing an updated quote.')).toBeInTheDocument();
  });
});
