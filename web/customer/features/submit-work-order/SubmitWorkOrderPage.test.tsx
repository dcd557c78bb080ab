import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takeConsoleErrors } from '../../../../tests/support/fail-on-console-error';
import i18n from '../../i18n';
import { SubmitWorkOrderPage } from './SubmitWorkOrderPage';

let answer: { status: number; body: unknown };
const fetchMock = vi.fn(
  async (_url: string, _init?: RequestInit) =>
    new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } }),
);
const created = {
  id: 41,
  description: 'Leak',
  address: '1 Main St',
  status: 'Pending',
  submitted_at: '2026-03-01T10:00:00.000Z',
  request_date: '2026-03-01',
};

beforeEach(async () => {
  await i18n.changeLanguage('en');
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  answer = { status: 201, body: created };
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['work-orders', 'All'], []);
  client.setQueryData(['dashboard'], { recentQuotes: [], activeWorkOrders: [] });
  render(
    <QueryClientProvider client={client}>
      <SubmitWorkOrderPage />
    </QueryClientProvider>,
  );
  return client;
}

async function fillAndSubmit(address = ' 1 Main St ', description = 'Leak') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Service Address'), address);
  await user.type(screen.getByLabelText('Description of Issue'), description);
  await user.click(screen.getByRole('button', { name: 'Submit Request' }));
}

describe('SubmitWorkOrderPage', () => {
  it('sends the trimmed order, says so in green, clears both fields and refreshes the lists', async () => {
    const client = renderPage();
    await fillAndSubmit();
    expect(await screen.findByRole('status')).toHaveTextContent('Work order submitted successfully!');
    expect(screen.getByRole('status')).toHaveClass('success');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/work-orders',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ address: '1 Main St', description: 'Leak' }) }),
    );
    expect(screen.getByLabelText('Service Address')).toHaveValue('');
    expect(screen.getByLabelText('Description of Issue')).toHaveValue('');
    expect(client.getQueryState(['work-orders', 'All'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['dashboard'])?.isInvalidated).toBe(true);
  });

  it("a 401 says 'You must be logged in.' in red and keeps the text", async () => {
    answer = { status: 401, body: { error: { code: 'unauthenticated', message: 'You must be logged in.' } } };
    renderPage();
    await fillAndSubmit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You must be logged in.');
    expect(alert).toHaveClass('error');
    expect(screen.getByLabelText('Description of Issue')).toHaveValue('Leak');
    expect(takeConsoleErrors()).toEqual([expect.stringContaining('Work order submission failed')]);
  });

  it.each([
    ['a server error', 500],
    ['a refused body', 400],
    ['the network', 0],
  ])("%s says 'Failed to submit work order.'", async (_case, status) => {
    if (status === 0) fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    else answer = { status, body: { error: { code: 'x', message: 'x' } } };
    renderPage();
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to submit work order.');
    expect(takeConsoleErrors()).toHaveLength(1);
  });

  it('does not send blank fields; says what is missing and focuses the first', async () => {
    renderPage();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Description of Issue'), '   ');
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Service Address')).toHaveFocus();
    expect(screen.getByLabelText('Service Address')).toHaveAccessibleDescription('Enter the service address.');
    expect(screen.getByLabelText('Description of Issue')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('Service Address'), '9 Elm');
    expect(screen.getByLabelText('Service Address')).not.toHaveAttribute('aria-invalid');
  });
});
