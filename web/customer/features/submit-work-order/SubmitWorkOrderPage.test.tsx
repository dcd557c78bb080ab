import { screen, waitFor, within } from '@testing-library/react';
import { queryKeys } from '../../lib/query-keys';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takeConsoleErrors } from '../../../../tests/support/fail-on-console-error';
import i18n from '../../i18n';
import { createdOrder, profileWithAddress, renderSubmitPage, stubApi } from './test-utils';

let api: ReturnType<typeof stubApi>;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  api = stubApi();
  vi.stubGlobal('fetch', api.fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  return renderSubmitPage((client) => {
    client.setQueryData(queryKeys.workOrders.list('All'), []);
    client.setQueryData(queryKeys.dashboard, { recentQuotes: [], activeWorkOrders: [] });
  }).client;
}

async function fillAndSubmit(address = ' 1 Main St ', description = 'Leak') {
  const user = userEvent.setup();
  await user.clear(screen.getByLabelText('Service Address'));
  await user.type(screen.getByLabelText('Service Address'), address);
  await user.type(screen.getByLabelText('Description of Issue'), description);
  await user.click(screen.getByRole('button', { name: 'Submit Request' }));
  return user;
}

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

describe('SubmitWorkOrderPage', () => {
  it('sends the trimmed order, says so in green with what happens next, keeps the address, clears the description and refreshes the lists', async () => {
    const client = renderPage();
    await fillAndSubmit();
    expect((await screen.findByRole('status')).textContent).toBe('Work order submitted successfully!');
    expect(screen.getByRole('status')).toHaveClass('success');
    expect(api.posted()).toEqual([JSON.stringify({ address: '1 Main St', description: 'Leak' })]);
    expect(screen.getByText(/^What happens next: our office reviews your request/)).toBeVisible();
    expect(screen.getByLabelText('Service Address')).toHaveValue('1 Main St');
    expect(screen.getByLabelText('Description of Issue')).toHaveValue('');
    expect(client.getQueryState(queryKeys.workOrders.list('All'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.dashboard)?.isInvalidated).toBe(true);
  });

  it("a 401 says 'You must be logged in.' in red and keeps the text", async () => {
    const signedOut = { status: 401, body: { error: { code: 'unauthenticated', message: 'You must be logged in.' } } };
    api.answers.workOrders = signedOut;
    api.answers.submit = signedOut;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderPage();
    await fillAndSubmit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You must be logged in.');
    expect(alert).toHaveClass('error');
    expect(screen.getByLabelText('Description of Issue')).toHaveValue('Leak');
    expect(takeConsoleErrors()).toEqual([expect.stringContaining('Work order submission failed')]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Duplicate check skipped'), expect.anything());
  });

  it.each([
    ['a server error', 500],
    ['a refused body', 400],
    ['the network', 0],
  ])("%s says 'Failed to submit work order.'", async (_case, status) => {
    if (status === 0) api.fetchMock.mockImplementation(async () => Promise.reject(new TypeError('Failed to fetch')));
    else api.answers.submit = { status, body: { error: { code: 'x', message: 'x' } } };
    vi.spyOn(console, 'warn').mockImplementation(() => {});
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
    expect(api.posted()).toEqual([]);
    expect(screen.getByLabelText('Service Address')).toHaveFocus();
    expect(screen.getByLabelText('Service Address')).toHaveAccessibleDescription('Enter the service address.');
    expect(screen.getByLabelText('Description of Issue')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('Service Address'), '9 Elm');
    expect(screen.getByLabelText('Service Address')).not.toHaveAttribute('aria-invalid');
  });
});

describe('the address from the profile', () => {
  it('starts as the profile address and can be changed; after a success the address sent stays and the description is cleared', async () => {
    api.answers.profile = { status: 200, body: profileWithAddress('42 Elm Street, Springfield') };
    renderPage();
    const address = screen.getByLabelText('Service Address');
    await waitFor(() => expect(address).toHaveValue('42 Elm Street, Springfield'));
    await fillAndSubmit('9 Oak Lane', 'Broken gate');
    expect(await screen.findByRole('status')).toHaveTextContent('Work order submitted successfully!');
    expect(api.posted()).toEqual([JSON.stringify({ address: '9 Oak Lane', description: 'Broken gate' })]);
    expect(address).toHaveValue('9 Oak Lane');
    expect(screen.getByLabelText('Description of Issue')).toHaveValue('');
  });

  it('what the customer typed before the profile arrived is kept', async () => {
    let answerProfile!: () => void;
    const held = new Promise<void>((resolve) => (answerProfile = resolve));
    const stubbed = api.fetchMock.getMockImplementation()!;
    api.fetchMock.mockImplementation(async (url, init) => {
      if (url === '/api/profile') await held;
      return stubbed(url, init);
    });
    api.answers.profile = { status: 200, body: profileWithAddress('42 Elm Street, Springfield') };
    renderPage();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Service Address'), '9 Oak Lane');
    answerProfile();
    await waitFor(() => expect(api.fetchMock).toHaveBeenCalledWith('/api/profile', expect.anything()));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByLabelText('Service Address')).toHaveValue('9 Oak Lane');
  });

  it('a Service Address said missing before the profile arrived stops saying so when the address comes', async () => {
    let answerProfile!: () => void;
    const held = new Promise<void>((resolve) => (answerProfile = resolve));
    const stubbed = api.fetchMock.getMockImplementation()!;
    api.fetchMock.mockImplementation(async (url, init) => {
      if (url === '/api/profile') await held;
      return stubbed(url, init);
    });
    api.answers.profile = { status: 200, body: profileWithAddress('42 Elm Street, Springfield') };
    renderPage();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Description of Issue'), 'Leak');
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(screen.getByLabelText('Service Address')).toHaveAccessibleDescription('Enter the service address.');
    answerProfile();
    await waitFor(() => expect(screen.getByLabelText('Service Address')).toHaveValue('42 Elm Street, Springfield'));
    expect(screen.getByLabelText('Service Address')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Enter the service address.')).not.toBeInTheDocument();
    expect(api.posted()).toEqual([]);
  });
});

describe('the new order after success', () => {
  it("names 'Work Order #{id}' after the spec's message, as a link to the order's page", async () => {
    renderSubmitPage();
    await fillAndSubmit();
    const status = await screen.findByRole('status');
    // The spec's message exactly, nothing added inside its status element; the link stands beside it.
    expect(status.textContent).toBe('Work order submitted successfully!');
    expect(within(status).queryByRole('link')).not.toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Work Order #41' });
    expect(status.parentElement).toContainElement(link);
    expect(link).toHaveAttribute('href', '/work-orders/41');
    await userEvent.setup().click(link);
    expect(await screen.findByText('Order page')).toBeInTheDocument();
  });

  it('in Spanish: Orden de trabajo #{id}', async () => {
    await i18n.changeLanguage('es');
    renderSubmitPage();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Dirección del servicio'), '1 Main St');
    await user.type(screen.getByLabelText('Descripción del problema'), 'Leak');
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('¡Orden de trabajo enviada con éxito!');
    expect(screen.getByRole('link', { name: 'Orden de trabajo #41' })).toHaveAttribute('href', '/work-orders/41');
  });
});

describe('the same request twice within 10 minutes', () => {
  const earlier = { ...createdOrder, id: 12, address: '1 Main St', description: 'Leak', submitted_at: minutesAgo(3) };

  it('asks first in a labelled dialog that names the earlier order; Cancel sends nothing and keeps the text', async () => {
    api.answers.workOrders = { status: 200, body: { workOrders: [earlier] } };
    renderSubmitPage();
    const user = await fillAndSubmit(' 1 MAIN st', 'leak ');
    const dialog = await screen.findByRole('dialog', { name: 'Send this request again?' });
    expect(dialog).toHaveAccessibleDescription('This looks like a request you already sent a few minutes ago: Work Order #12');
    expect(within(dialog).getByRole('link', { name: 'Work Order #12' })).toHaveAttribute('href', '/work-orders/12');
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    expect(cancel).toHaveFocus();
    await user.click(cancel);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.posted()).toEqual([]);
    expect(screen.getByLabelText('Service Address')).toHaveValue(' 1 MAIN st');
    expect(screen.getByLabelText('Description of Issue')).toHaveValue('leak ');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('Escape cancels as well', async () => {
    api.answers.workOrders = { status: 200, body: { workOrders: [earlier] } };
    renderSubmitPage();
    const user = await fillAndSubmit();
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.posted()).toEqual([]);
    expect(screen.getByLabelText('Description of Issue')).toHaveValue('Leak');
  });

  it('Send anyway sends it once, and the form says so as usual', async () => {
    api.answers.workOrders = { status: 200, body: { workOrders: [earlier] } };
    renderSubmitPage();
    const user = await fillAndSubmit();
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send anyway' }));
    expect((await screen.findByRole('status')).textContent).toBe('Work order submitted successfully!');
    expect(screen.getByRole('link', { name: 'Work Order #41' })).toHaveAttribute('href', '/work-orders/41');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.posted()).toEqual([JSON.stringify({ address: '1 Main St', description: 'Leak' })]);
    expect(screen.getByRole('button', { name: 'Submit Request' })).toHaveFocus();
  });

  it('an older, cancelled or different order does not ask', async () => {
    const others = [
      { ...earlier, id: 13, submitted_at: minutesAgo(11) },
      { ...earlier, id: 14, status: 'Cancelled' },
      { ...earlier, id: 15, description: 'Leak in the roof' },
    ];
    api.answers.workOrders = { status: 200, body: { workOrders: others } };
    renderSubmitPage();
    await fillAndSubmit();
    expect(await screen.findByRole('status')).toHaveTextContent('Work order submitted successfully!');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.posted()).toHaveLength(1);
  });

  it('when the orders cannot be loaded, the request is sent (and the skipped check logged)', async () => {
    api.answers.workOrders = { status: 500, body: { error: { code: 'internal', message: 'x' } } };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderSubmitPage();
    await fillAndSubmit();
    expect(await screen.findByRole('status')).toHaveTextContent('Work order submitted successfully!');
    expect(api.posted()).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith('Duplicate check skipped: the work orders could not be loaded:', expect.anything());
  });

  it('in Spanish', async () => {
    await i18n.changeLanguage('es');
    api.answers.workOrders = { status: 200, body: { workOrders: [earlier] } };
    renderSubmitPage();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Dirección del servicio'), '1 Main St');
    await user.type(screen.getByLabelText('Descripción del problema'), 'Leak');
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Enviar esta solicitud otra vez?' });
    expect(dialog).toHaveTextContent('Parece una solicitud que ya envió hace unos minutos: Orden de trabajo #12');
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Enviar de todos modos' })).toBeInTheDocument();
  });
});
