import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OfficeQuote } from '../../../../contracts/office/quotes';
import i18n from '../../i18n';
import { at, renderRoutes, stubFetch } from '../../test-utils';
import { QuoteDetailPage } from './QuoteDetailPage';
import { EditQuotePage } from './QuoteEditorPage';
import { QuotesPage } from './QuotesPage';

const version = (n: number, sentAt: string | null): OfficeQuote['versions'][number] => ({
  version: n,
  description: 'Deck',
  subtotal: '250.00',
  taxRate: '8.250',
  tax: '20.63',
  total: '270.63',
  validUntil: '2099-01-31',
  terms: 'Half up front.',
  sentAt,
  createdAt: '2026-11-20T15:00:00.000Z',
  createdBy: 'sam@company.example',
  contentHash: sentAt ? 'a1b2c3d4e5f6a7b8c9d0' : null,
  lines: [
    {
      id: 10 + n,
      key: 'b1a7f0d2-3c4e-4f5a-8b6c-7d8e9f0a1b2c',
      position: 1,
      description: 'Boards',
      quantity: '20.00',
      unitPrice: '12.50',
      lineTotal: '250.00',
      optional: false,
    },
    {
      id: 20 + n,
      key: 'c2b8e1f3-4d5f-4a6b-9c7d-8e9f0a1b2c3d',
      position: 2,
      description: 'Stairs',
      quantity: '1.00',
      unitPrice: '300.00',
      lineTotal: '300.00',
      optional: true,
    },
  ],
});

const quote = (patch: Partial<OfficeQuote>): OfficeQuote => ({
  id: 42,
  description: 'Deck',
  status: 'Draft',
  total: '270.63',
  createdAt: '2026-11-20T15:00:00.000Z',
  customer: { id: 7, name: 'Ana Ruiz', email: 'ana@example.com' },
  currentVersion: null,
  draftVersion: 1,
  validUntil: null,
  viewedAt: null,
  remindersSent: 0,
  versions: [version(1, null)],
  decisions: [],
  timeline: [],
  workOrderId: null,
  revisionRequests: [],
  request: null,
  ...patch,
});

beforeEach(() => i18n.changeLanguage('en'));
afterEach(() => vi.unstubAllGlobals());

const routes = [
  at('/office/quotes', <QuotesPage />),
  at('/office/quotes/:id', <QuoteDetailPage />),
  at('/office/quotes/:id/edit', <EditQuotePage />),
  at('/office/work-orders/:id', <h1>Work order page</h1>),
];

describe('the quote editor on a draft', () => {
  it('saves the draft with the line keys it came with, then says why sending was refused (translated)', async () => {
    const calls = stubFetch({
      'GET /api/office/quotes/42': { body: quote({}) },
      'GET /api/office/customers/7/properties': { body: { properties: [] } },
      'POST /api/office/quotes/42/draft': { body: quote({}) },
      'POST /api/office/quotes/42/send': {
        status: 409,
        body: { error: { code: 'valid_until_needed', message: 'Set a valid-until date that is not in the past before sending.' } },
      },
    });
    await i18n.changeLanguage('es');
    renderRoutes(routes, '/office/quotes/42/edit');
    const user = userEvent.setup();
    const price = await screen.findByLabelText('Precio unitario ($) (Partida 1)');
    expect(price).toHaveValue('12.50');
    expect(screen.getByLabelText('Cantidad (Partida 1)')).toHaveValue('20');
    await user.clear(price);
    await user.type(price, '11');
    expect(screen.getByLabelText('Total de la partida (Partida 1)')).toHaveTextContent('$220.00');
    await user.click(screen.getByRole('button', { name: 'Enviar al cliente' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Enviar la cotización al cliente?' });
    // 220 + 8.25 % (18.15); the optional stairs stay out.
    expect(dialog).toHaveTextContent('$238.15');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar al cliente' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Indica una fecha de validez que no haya pasado antes de enviar.');
    const save = calls.find((c) => c.url === '/api/office/quotes/42/draft')!;
    expect(save.body).toEqual({
      description: 'Deck',
      lines: [
        { key: 'b1a7f0d2-3c4e-4f5a-8b6c-7d8e9f0a1b2c', description: 'Boards', quantity: '20', unitPrice: '11', optional: false },
        { key: 'c2b8e1f3-4d5f-4a6b-9c7d-8e9f0a1b2c3d', description: 'Stairs', quantity: '1', unitPrice: '300.00', optional: true },
      ],
      taxRate: '8.25',
      validUntil: '2099-01-31',
      terms: 'Half up front.',
    });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toContain('POST /api/office/quotes/42/send');
  });
});

describe('the property (contract-spec §4: lists show its address)', () => {
  it("the Quotes list shows each quote's property address, as the work orders list does", async () => {
    const row = { description: 'Deck', status: 'Sent', total: '270.63', createdAt: '2026-11-20T15:00:00.000Z' };
    const customer = { id: 7, name: 'Ana Ruiz', email: 'ana@example.com' };
    stubFetch({
      'GET /api/office/quotes': {
        body: {
          quotes: [
            { ...row, id: 42, customer, address: '12 Lake Drive' },
            { ...row, id: 41, customer, address: null },
          ],
          counts: { Sent: 2 },
          nextCursor: null,
        },
      },
    });
    renderRoutes(routes, '/office/quotes');
    const list = await screen.findByRole('list', { name: 'Quotes' });
    const [withPlace, without] = within(list).getAllByRole('listitem');
    expect(withPlace).toHaveTextContent('12 Lake Drive · Nov 20, 2026');
    expect(without).toHaveTextContent('DeckNov 20, 2026');
  });

  it('the quote page names its property', async () => {
    await i18n.changeLanguage('es');
    stubFetch({ 'GET /api/office/quotes/42': { body: quote({ property: { id: 3, label: 'Cabaña', address: '12 Lake Drive' } }) } });
    renderRoutes(routes, '/office/quotes/42');
    expect((await screen.findByText('Propiedad')).nextElementSibling).toHaveTextContent('Cabaña — 12 Lake Drive');
  });
});

describe('the quote page', () => {
  it("shows the version's deposit: its percentage and amount of the total, or None", async () => {
    stubFetch({ 'GET /api/office/quotes/42': { body: quote({ versions: [{ ...version(1, null), depositPercent: 30 }] }) } });
    renderRoutes(routes, '/office/quotes/42');
    // 30 % of $270.63 = 81.189 -> $81.19.
    expect(await screen.findByTestId('quote-deposit')).toHaveTextContent('30 % ($81.19)');
  });

  it('a Draft: Edit draft, no New version', async () => {
    stubFetch({ 'GET /api/office/quotes/42': { body: quote({}) } });
    renderRoutes(routes, '/office/quotes/42');
    expect(await screen.findByRole('link', { name: 'Edit draft' })).toHaveAttribute('href', '/office/quotes/42/edit');
    expect(screen.queryByRole('button', { name: 'New version' })).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Version 1 (draft)' })).toBeInTheDocument();
    // Never sent: no change of status yet, said in words rather than an empty list.
    expect(screen.getByRole('region', { name: 'Timeline' })).toHaveTextContent('No change of status yet.');
  });

  it("a Revision Requested quote in Spanish: 'Vista', the request's message, 'Nueva versión'; earlier versions viewable", async () => {
    await i18n.changeLanguage('es');
    const calls = stubFetch({
      'GET /api/office/quotes/42': {
        body: quote({
          status: 'Revision Requested',
          currentVersion: 2,
          draftVersion: null,
          viewedAt: '2026-11-21T15:00:00.000Z',
          versions: [version(1, '2026-11-20T16:00:00.000Z'), { ...version(2, '2026-11-21T10:00:00.000Z'), total: '300.00' }],
          revisionRequests: [
            {
              id: 3,
              email: 'ana@example.com',
              message: 'Sin escaleras, por favor',
              requestedAt: '2026-11-22T10:00:00.000Z',
              answer: null,
              answeredAt: null,
              person: { name: 'Pat Pareja', email: 'pat@example.com' },
            },
          ],
        }),
      },
      'POST /api/office/quotes/42/versions': {
        status: 201,
        body: quote({
          status: 'Revision Requested',
          currentVersion: 2,
          draftVersion: 3,
          versions: [version(1, '2026-11-20T16:00:00.000Z'), version(2, '2026-11-21T10:00:00.000Z'), version(3, null)],
        }),
      },
    });
    renderRoutes(routes, '/office/quotes/42');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cotización #42 Revisión solicitada' })).toBeInTheDocument();
    expect(screen.getByText(/^Vista 21 nov 2026/)).toBeInTheDocument();
    expect(screen.getByText('Sin escaleras, por favor')).toBeInTheDocument();
    // Who of the account asked (contract-spec §4).
    expect(screen.getByText(/^Pedida por Pat Pareja \(pat@example\.com\) · /)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Versión 2 (actual)' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Versión 1' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Versión 1' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nueva versión' }));
    // The editor opens on the new draft, copied from the current version.
    expect(await screen.findByRole('heading', { level: 1, name: 'Cotización #42: versión 3 (borrador)' })).toBeInTheDocument();
    expect(screen.getByLabelText('Descripción (Partida 1)')).toHaveValue('Boards');
    expect(calls.map((c) => `${c.method} ${c.url}`)).toContain('POST /api/office/quotes/42/versions');
  });

  it('an Approved quote: the signature, Create work order, then the link to the order', async () => {
    stubFetch({
      'GET /api/office/quotes/42': {
        body: quote({
          status: 'Approved',
          currentVersion: 1,
          draftVersion: null,
          versions: [version(1, '2026-11-20T16:00:00.000Z')],
          decisions: [
            {
              id: 5,
              version: 1,
              decision: 'Approved',
              signerName: 'Ana Ruiz',
              reason: null,
              optionalItemIds: [21],
              total: '595.38',
              decidedAt: '2026-11-22T10:00:00.000Z',
              contentHash: 'fedcba9876543210fedcba',
              ip: '203.0.113.9',
              userAgent: 'Firefox',
              person: { name: 'Pat Payer', email: 'pat@example.com' },
            },
          ],
        }),
      },
      'POST /api/office/quotes/42/work-order': {
        status: 201,
        body: {
          id: 77,
          description: 'Deck',
          address: '42 Elm Street',
          status: 'Pending',
          submittedAt: '2026-11-22T11:00:00.000Z',
          requestDate: '2026-11-22',
          cancelReason: null,
          quoteId: 42,
          timeZone: 'America/Chicago',
          schedule: null,
          nextStatuses: ['In Progress', 'Cancelled'],
          customer: {
            id: 7,
            name: 'Ana Ruiz',
            email: 'ana@example.com',
            phone: null,
            address: null,
            accountNumber: null,
            emailUpdates: true,
          },
          timeline: [],
        },
      },
    });
    renderRoutes(routes, '/office/quotes/42');
    const decision = within(await screen.findByRole('region', { name: 'Approvals and declines' })).getByRole('listitem');
    for (const text of ['Ana Ruiz', '$595.38', 'Stairs', '203.0.113.9', 'fedcba987654', 'Firefox'])
      expect(decision).toHaveTextContent(text);
    // The account's person who approved, beside the typed signer (contract-spec §4).
    expect(within(decision).getByText('Approved by').nextElementSibling).toHaveTextContent('Pat Payer (pat@example.com)');
    expect(screen.queryByRole('button', { name: 'New version' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Create work order' }));
    expect(await screen.findByRole('link', { name: 'Work order #77' })).toHaveAttribute('href', '/office/work-orders/77');
  });
});

describe('an approved quote (issue 22: one signed total)', () => {
  const approved = quote({
    status: 'Approved',
    total: '595.38',
    currentVersion: 1,
    draftVersion: null,
    versions: [version(1, '2026-11-20T16:00:00.000Z')],
    decisions: [
      {
        id: 5,
        version: 1,
        decision: 'Approved',
        signerName: 'Ana Ruiz',
        reason: null,
        optionalItemIds: [21],
        total: '595.38',
        decidedAt: '2026-11-21T16:00:00.000Z',
        contentHash: 'a1b2c3d4e5f6a7b8c9d0',
        ip: '203.0.113.9',
        userAgent: 'Firefox',
      },
    ],
  });

  it('shows the lines as signed, the chosen optional line marked, with the signed subtotal, tax and total', async () => {
    stubFetch({ 'GET /api/office/quotes/42': { body: approved } });
    renderRoutes(routes, '/office/quotes/42');
    const lines = await screen.findByRole('table', { name: 'Version 1 (current)' });
    expect(within(lines).getByRole('row', { name: /Stairs/ })).toHaveTextContent('Optional, chosen');
    const figures = screen.getAllByRole('definition').filter((dd) => dd.hasAttribute('data-figure'));
    // 250.00 + the chosen 300.00; 8.25 % of 550.00 is 45.375, rounded half up.
    expect(figures.map((dd) => `${dd.getAttribute('data-figure')} ${dd.textContent}`)).toEqual([
      'subtotal $550.00',
      'tax $45.38',
      'total $595.38',
    ]);
    expect(screen.getByRole('region', { name: 'Customer' })).toHaveTextContent('$595.38');
  });

  it('in Spanish, an optional line not chosen says so', async () => {
    await i18n.changeLanguage('es');
    stubFetch({
      'GET /api/office/quotes/42': {
        body: { ...approved, total: '270.63', decisions: [{ ...approved.decisions[0]!, optionalItemIds: [], total: '270.63' }] },
      },
    });
    renderRoutes(routes, '/office/quotes/42');
    const lines = await screen.findByRole('table', { name: 'Versión 1 (actual)' });
    expect(within(lines).getByRole('row', { name: /Stairs/ })).toHaveTextContent('Opcional, no elegida');
  });

  it("offers 'Download signed PDF' once the approval has its signed PDF (issue 24), in both languages", async () => {
    stubFetch({ 'GET /api/office/quotes/42': { body: approved } });
    renderRoutes(routes, '/office/quotes/42');
    await screen.findByRole('table', { name: 'Version 1 (current)' });
    expect(screen.queryByRole('link', { name: 'Download signed PDF' })).toBeNull();
    cleanup();
    const signed = { ...approved, decisions: [{ ...approved.decisions[0]!, pdfSha256: 'f'.repeat(64) }] };
    stubFetch({ 'GET /api/office/quotes/42': { body: signed } });
    renderRoutes(routes, '/office/quotes/42');
    const link = await screen.findByRole('link', { name: 'Download signed PDF' });
    expect(link).toHaveAttribute('href', '/api/office/quotes/42/signed-pdf');
    expect(link).toHaveAttribute('download', 'quote-42-signed.pdf');
    await i18n.changeLanguage('es');
    expect(await screen.findByRole('link', { name: 'Descargar PDF firmado' })).toBeInTheDocument();
  });
});

describe('a revision request on an Approved quote (issue 22)', () => {
  it('is answered in words: the answer is sent and then shown with its date', async () => {
    const asked = { id: 3, email: 'ana@example.com', message: 'Can you add a gate?', requestedAt: '2026-11-22T10:00:00.000Z' };
    const base = quote({ status: 'Approved', currentVersion: 1, draftVersion: null, versions: [version(1, '2026-11-20T16:00:00.000Z')] });
    const calls = stubFetch({
      'GET /api/office/quotes/42': { body: { ...base, revisionRequests: [{ ...asked, answer: null, answeredAt: null }] } },
      'POST /api/office/quotes/42/revision-requests/3/answer': {
        body: { ...base, revisionRequests: [{ ...asked, answer: 'A gate needs a change order.', answeredAt: '2026-11-23T10:00:00.000Z' }] },
      },
    });
    renderRoutes(routes, '/office/quotes/42');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send answer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Write an answer.');
    await user.type(screen.getByLabelText('Answer the customer'), 'A gate needs a change order.');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    const requests = screen.getByRole('region', { name: 'Revision requests' });
    expect(await within(requests).findByText('A gate needs a change order.')).toBeInTheDocument();
    expect(within(requests).queryByRole('button', { name: 'Send answer' })).toBeNull();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ answer: 'A gate needs a change order.' });
  });
});
