import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InboxEntry } from '../../../../contracts/office/inbox';
import i18n from '../../i18n';
import { at, renderRoutes, stubFetch } from '../../test-utils';
import { InboxPage } from './InboxPage';

const entry = (id: number, kind: InboxEntry['kind'], recordId: number, customerId: number | null = 7): InboxEntry => ({
  id,
  kind,
  at: '2026-11-20T15:00:00.000Z',
  record: { type: kind === 'revision_request' ? 'quote' : 'work_order', id: recordId },
  customer: { id: customerId, name: customerId ? 'Maria Lopez' : null, email: 'maria@example.com' },
  summary: `Summary ${id}`,
});

beforeEach(() => i18n.changeLanguage('en'));
afterEach(() => vi.unstubAllGlobals());

const renderInbox = () => renderRoutes([at('/office', <InboxPage />), at('/office/customers/:id', <h1>Customer page</h1>)], '/office');

describe('Inbox', () => {
  it('lists entries as the server orders them, each linked to its record; Load more asks for the next cursor', async () => {
    const calls = stubFetch({
      'GET /api/office/inbox': (_init, url) =>
        !url.includes('after=')
          ? { body: { entries: [entry(3, 'revision_request', 40), entry(2, 'work_request', 12)], nextCursor: 'CURSOR2' } }
          : { body: { entries: [entry(1, 'order_cancelled', 9, null)], nextCursor: null } },
    });
    renderInbox();
    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((h) => h.textContent)).toEqual(['Revision request: Quote #40', 'New work request: Work Order #12']);
    expect(screen.getByRole('link', { name: 'Quote #40' })).toHaveAttribute('href', '/office/quotes/40');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('heading', { name: 'Order cancelled by the customer: Work Order #9' })).toBeInTheDocument();
    // A work order links to its own page, with or without a customers row for the e-mail.
    expect(screen.getByRole('link', { name: 'Work Order #9' })).toHaveAttribute('href', '/office/work-orders/9');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls.map((c) => c.url)).toEqual(['/api/office/inbox', '/api/office/inbox?after=CURSOR2']);
  });

  it("'Done' takes the entry away once the server has it, and focus moves to the next entry", async () => {
    const calls = stubFetch({
      'GET /api/office/inbox': { body: { entries: [entry(3, 'revision_request', 40), entry(2, 'work_request', 12)], nextCursor: null } },
      'POST /api/office/inbox/3/done': { body: { id: 3, done: true } },
    });
    renderInbox();
    const first = (await screen.findAllByRole('article'))[0]!;
    await userEvent.setup().click(within(first).getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Marked done: Quote #40.');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    await vi.waitFor(() => expect(screen.getByRole('heading', { level: 2 })).toHaveFocus());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/office/inbox/3/done']);
  });

  it("a new work request shows its photos' thumbnails, each linked to the full image (English and Spanish)", async () => {
    const withPhotos: InboxEntry = {
      ...entry(5, 'work_request', 21),
      photos: [
        { id: 31, width: 2560, height: 1920 },
        { id: 32, width: 1200, height: 1600 },
      ],
    };
    stubFetch({ 'GET /api/office/inbox': { body: { entries: [withPhotos, entry(4, 'work_request', 20)], nextCursor: null } } });
    renderInbox();
    const [first, second] = await screen.findAllByRole('article');
    const gallery = within(first!).getByRole('list', { name: 'Photos' });
    const links = within(gallery).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/api/office/work-order-photos/31', '/api/office/work-order-photos/32']);
    expect(within(gallery).getByAltText('Photo 2 of 2 of the request')).toHaveAttribute(
      'src',
      '/api/office/work-order-photos/32/thumbnail',
    );
    expect(within(second!).queryByRole('list')).toBeNull();
    await i18n.changeLanguage('es');
    expect(await within(first!).findByRole('list', { name: 'Fotos' })).toBeInTheDocument();
    expect(within(first!).getByAltText('Foto 1 de 2 de la solicitud')).toBeInTheDocument();
  });

  it('says when nothing needs the office, in Spanish too', async () => {
    stubFetch({ 'GET /api/office/inbox': { body: { entries: [], nextCursor: null } } });
    await i18n.changeLanguage('es');
    renderInbox();
    expect(await screen.findByText('Nada pendiente para la oficina por ahora.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Bandeja' })).toBeInTheDocument();
  });
});
