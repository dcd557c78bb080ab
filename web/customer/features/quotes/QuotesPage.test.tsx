import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Quote } from '../../../../contracts/customer/quotes';
import i18n from '../../i18n';
import { QuotesPage } from './QuotesPage';

const quotes: Quote[] = [
  {
    id: 12,
    description: 'New deck',
    created_at: '2026-03-01T15:00:00.000Z',
    total: '1234.50',
    status: 'Approved',
    history: [
      { status: 'Sent', timestamp: '2026-03-01T16:00:00.000Z' },
      { status: 'Approved', timestamp: '2026-03-03T16:00:00.000Z' },
    ],
  },
  { id: 7, description: 'Kitchen remodel', created_at: '2026-01-05T15:00:00.000Z', total: '80.00', status: 'Pending', history: [] },
];

type Handler = (url: string, init: RequestInit) => { status: number; body: unknown };
let handler: Handler;
const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
  const { status, body } = handler(url, init);
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
});
const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

beforeEach(async () => {
  await i18n.changeLanguage('en');
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  handler = (url) => (url === '/api/quotes' ? { status: 200, body: { quotes } } : { status: 404, body: {} });
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <QuotesPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('QuotesPage', () => {
  it('shows each quote with number, description, date, total, badge and its history oldest first', async () => {
    renderPage();
    expect(screen.getByText('Loading quotes...')).toBeInTheDocument();
    const cards = await screen.findAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading', { level: 2 }).textContent)).toEqual(['Quote #12', 'Quote #7']);
    // Each quote links to its page.
    expect(within(cards[0]!).getByRole('link', { name: 'Quote #12' })).toHaveAttribute('href', '/quotes/12');
    const first = within(cards[0]!);
    expect(first.getByText('New deck')).toBeInTheDocument();
    expect(cards[0]!.querySelector('.quote-facts')).toHaveTextContent('CreatedMar 1, 2026Total$1,234.50');
    expect(cards[0]!.querySelector('.badge')).toHaveAttribute('data-color', 'green');
    expect(cards[1]!.querySelector('.badge')).toHaveAttribute('data-color', 'yellow');
    const history = first.getByRole('region', { name: 'Status History' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['SentMar 1, 2026', 'ApprovedMar 3, 2026']);
    expect(within(cards[1]!).queryByText('Status History')).toBeNull();
    expect(first.getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
    expect(screen.queryByText('Loading quotes...')).toBeNull();
  });

  it('says so when there are no quotes', async () => {
    handler = () => ({ status: 200, body: { quotes: [] } });
    renderPage();
    expect(await screen.findByText('No quotes available yet.')).toBeInTheDocument();
  });

  it('logs a load failure and offers to try again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    handler = () => ({ status: 500, body: { error: { code: 'internal', message: 'boom' } } });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your quotes could not be loaded.');
    // Logged by an effect: Preact (the customer's build) runs effects after the next frame.
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Quotes could not be loaded:', expect.anything()));
    handler = () => ({ status: 200, body: { quotes } });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('article')).toHaveLength(2);
  });
});

describe('the primary action follows the state', () => {
  it('an approved quote offers its PDF first; a sent revision request says so, with its date', async () => {
    handler = () => ({
      status: 200,
      body: {
        quotes: [
          ...quotes,
          {
            id: 3,
            description: 'Fence',
            created_at: '2026-01-02T15:00:00.000Z',
            total: '10.00',
            status: 'Revision Requested',
            history: [
              { status: 'Sent', timestamp: '2026-01-02T16:00:00.000Z' },
              { status: 'Revision Requested', timestamp: '2026-01-04T16:00:00.000Z' },
            ],
          },
        ],
      },
    });
    renderPage();
    const [approved, pending, requested] = await screen.findAllByRole('article');
    expect(within(approved!).getByRole('button', { name: 'Download PDF' })).toHaveClass('primary');
    expect(within(approved!).getByRole('button', { name: 'Request Revision' })).toHaveClass('secondary');
    expect(within(pending!).getByRole('button', { name: 'Request Revision' })).toHaveClass('primary');
    expect(
      within(requested!).getByText('Revision requested on Jan 4, 2026: the office is preparing an updated quote.'),
    ).toBeInTheDocument();
    expect(within(requested!).getByRole('button', { name: 'Request Revision' })).toHaveClass('secondary');
    expect(within(pending!).queryByText(/Revision requested on/)).toBeNull();
  });
});

describe('a Sent quote', () => {
  it("leads to reviewing and approving it: a primary link to its page, the spec's two buttons still there", async () => {
    handler = () => ({ status: 200, body: { quotes: [{ ...quotes[1]!, status: 'Sent' }] } });
    renderPage();
    const [sent] = await screen.findAllByRole('article');
    const review = within(sent!).getByRole('link', { name: 'Review and approve' });
    expect(review).toHaveAttribute('href', '/quotes/7');
    expect(review).toHaveClass('button', 'primary');
    expect(within(sent!).getByRole('button', { name: 'Request Revision' })).toHaveClass('secondary');
    expect(within(sent!).getByRole('button', { name: 'Download PDF' })).toHaveClass('secondary');
  });

  it('in Spanish: Revisar y aprobar', async () => {
    await i18n.changeLanguage('es');
    handler = () => ({ status: 200, body: { quotes: [{ ...quotes[1]!, status: 'Sent' }] } });
    renderPage();
    const [sent] = await screen.findAllByRole('article');
    expect(within(sent!).getByRole('link', { name: 'Revisar y aprobar' })).toHaveAttribute('href', '/quotes/7');
  });
});

describe('revision request', () => {
  async function openFor(user: ReturnType<typeof userEvent.setup>) {
    renderPage();
    const [card] = await screen.findAllByRole('article');
    const opener = within(card!).getByRole('button', { name: 'Request Revision' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Request Revision for Quote #12' });
    // The dialog names the quote's description too, and labels its box visibly.
    expect(dialog).toHaveAccessibleDescription('New deck');
    expect(within(dialog).getByText('The changes you need')).toBeVisible();
    return { opener, dialog, box: within(dialog).getByPlaceholderText('Describe the changes you need...') };
  }

  it('does nothing with blank text', async () => {
    const user = userEvent.setup();
    const { dialog, box } = await openFor(user);
    expect(box).toHaveAccessibleName('The changes you need');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await user.type(box, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(posts()).toHaveLength(0);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('on success: says so on the page, closes, clears the text and gives focus back', async () => {
    handler = (url, init) =>
      init.method === 'POST'
        ? { status: 201, body: { id: 1, quoteId: 12, requestedAt: '2026-03-04T10:00:00.000Z' } }
        : { status: 200, body: { quotes } };
    const user = userEvent.setup();
    const { opener, dialog, box } = await openFor(user);
    await user.type(box, 'Wider deck please');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Revision request submitted and emailed.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
    const [url, init] = posts()[0]!;
    expect(url).toBe('/api/quotes/12/revision-requests');
    expect(JSON.parse(String(init?.body))).toEqual({ message: 'Wider deck please' });

    await user.click(opener);
    expect(screen.getByPlaceholderText('Describe the changes you need...')).toHaveValue('');
  });

  it('on failure: says so in the dialog and keeps the text', async () => {
    handler = (url, init) =>
      init.method === 'POST' ? { status: 500, body: { error: { code: 'internal', message: 'x' } } } : { status: 200, body: { quotes } };
    const user = userEvent.setup();
    const { dialog, box } = await openFor(user);
    await user.type(box, 'Wider deck please');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to submit request.');
    expect(box).toHaveValue('Wider deck please');
    expect(screen.queryByText('Revision request submitted and emailed.')).toBeNull();
  });

  it('Cancel closes without sending', async () => {
    const user = userEvent.setup();
    const { opener, dialog, box } = await openFor(user);
    await user.type(box, 'Never mind');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
    expect(posts()).toHaveLength(0);
  });
});

describe('in Spanish', () => {
  it('has no English left on the screen or in the dialog', async () => {
    await i18n.changeLanguage('es');
    const user = userEvent.setup();
    renderPage();
    const [card] = await screen.findAllByRole('article');
    await user.click(within(card!).getByRole('button', { name: 'Solicitar revisión' }));
    expect(screen.getByRole('dialog', { name: 'Solicitar revisión de la cotización #12' })).toBeInTheDocument();
    const text = document.body.textContent ?? '';
    for (const english of [
      'Quote #',
      'Download PDF',
      'Request Revision',
      'Status History',
      'Created',
      'Approved',
      'Pending',
      'Sent',
      'Cancel',
      'Submit',
    ]) {
      expect(text).not.toMatch(new RegExp(`\\b${english}\\b`));
    }
    expect(text).toContain('Historial de estados');
    expect(screen.getByPlaceholderText('Describa los cambios que necesita...')).toBeInTheDocument();
  });
});
