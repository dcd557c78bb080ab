import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Property } from '../../../../contracts/customer/properties';
import { takeConsoleErrors } from '../../../../tests/support/fail-on-console-error';
import i18n from '../../i18n';
import { PropertiesSection } from './PropertiesSection';

const home: Property = { id: 1, label: null, address: '12 Oak St', isProfile: true, inUse: true };
const cabin: Property = { id: 2, label: 'Cabin', address: '3 Lake Rd', isProfile: false, inUse: false };
let list: Property[];
let role: 'owner' | 'view_only';
const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
  const answer = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  if (url === '/api/properties' && init.method === 'POST') {
    const body = JSON.parse(String(init.body)) as { label: string | null; address: string };
    if (body.address === 'fail') return answer(500, { error: { code: 'internal', message: 'x' } });
    const added = { id: 9, label: body.label || null, address: body.address, isProfile: false, inUse: false };
    list = [...list, added];
    return answer(201, added);
  }
  if (url === '/api/properties/2/remove') return answer(200, { properties: (list = list.filter((p) => p.id !== 2)) });
  const edited = /^\/api\/properties\/(\d+)$/.exec(url);
  if (edited && init.method === 'POST') {
    const body = JSON.parse(String(init.body)) as { label?: string; address?: string };
    if (body.address === '3 Oak St') return answer(409, { error: { code: 'property_exists', message: 'x' } });
    list = list.map((p) =>
      p.id === Number(edited[1]) ? { ...p, label: body.label || null, ...(body.address ? { address: body.address } : {}) } : p,
    );
    return answer(200, { properties: list });
  }
  if (url === '/api/people') return answer(200, { you: { email: 'me@example.com', role }, accountEmail: 'me@example.com', people: [] });
  if (url === '/api/properties') return answer(200, { properties: list });
  return answer(404, {});
});

beforeEach(async () => {
  await i18n.changeLanguage('en');
  list = [home, cabin];
  role = 'owner';
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const renderSection = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <PropertiesSection />
    </QueryClientProvider>,
  );

describe('PropertiesSection', () => {
  it('lists the properties, the profile address first and marked, and removes only an unused one', async () => {
    const user = userEvent.setup();
    renderSection();
    const section = await screen.findByRole('region', { name: 'Properties' });
    const items = await within(section).findAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['12 Oak St (profile address)Edit', 'Cabin3 Lake RdEditRemove']);
    expect(within(items[0]!).queryByRole('button', { name: /Remove/ })).toBeNull();
    await user.click(within(section).getByRole('button', { name: 'Remove 3 Lake Rd' }));
    expect(await within(section).findByText('Property removed: 3 Lake Rd')).toBeInTheDocument();
    expect(within(section).getAllByRole('listitem')).toHaveLength(1);
  });

  it("'Add property' asks for the address, then adds it with its label", async () => {
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Add property' }));
    const form = screen.getByRole('form', { name: 'Add property' });
    await user.click(within(form).getByRole('button', { name: 'Save property' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Enter the service address.');
    await user.type(within(form).getByLabelText('Label'), 'Rental');
    await user.type(within(form).getByLabelText('Service Address'), '40 Elm Court');
    await user.click(within(form).getByRole('button', { name: 'Save property' }));
    expect(await screen.findByText('Property added: 40 Elm Court')).toBeInTheDocument();
    expect(screen.getByText('Rental')).toBeInTheDocument();
  });

  it("'Edit' renames a property and corrects an unused one's address (decision 235)", async () => {
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Edit 3 Lake Rd' }));
    const form = screen.getByRole('form', { name: 'Edit property' });
    expect(within(form).getByLabelText('Label')).toHaveValue('Cabin');
    const address = within(form).getByLabelText('Service Address');
    expect(address).not.toHaveAttribute('readonly');
    await user.clear(address);
    await user.type(address, '3 Oak St');
    await user.click(within(form).getByRole('button', { name: 'Save property' }));
    // An address they have already: said, nothing changed.
    expect(await within(form).findByText('You already have this address as a property.')).toBeInTheDocument();
    await user.clear(address);
    await user.type(address, '3 Lake Road');
    await user.clear(within(form).getByLabelText('Label'));
    await user.type(within(form).getByLabelText('Label'), 'Cabin by the lake');
    await user.click(within(form).getByRole('button', { name: 'Save property' }));
    expect(await screen.findByText('Property saved: 3 Lake Road')).toBeInTheDocument();
    expect(screen.getByText('Cabin by the lake')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/properties/2', expect.objectContaining({ method: 'POST' }));
  });

  it("the profile address's (and one in use) is renamed only: its address says why it stays", async () => {
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Edit 12 Oak St' }));
    const form = screen.getByRole('form', { name: 'Edit property' });
    const address = within(form).getByLabelText('Service Address');
    expect(address).toHaveAttribute('readonly');
    expect(address).toHaveAccessibleDescription('This is your profile address: it changes with the Address on your Profile.');
    await user.type(within(form).getByLabelText('Label'), 'Home');
    await user.click(within(form).getByRole('button', { name: 'Save property' }));
    expect(await screen.findByText('Property saved: 12 Oak St')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/properties/1')!;
    expect(JSON.parse(String(init!.body))).toEqual({ label: 'Home' });
  });

  it('a view-only person of the account sees the properties with no action', async () => {
    role = 'view_only';
    renderSection();
    const section = await screen.findByRole('region', { name: 'Properties' });
    await within(section).findAllByRole('listitem');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/people', expect.anything()));
    await vi.waitFor(() => expect(within(section).queryAllByRole('button')).toEqual([]));
  });

  it('in Spanish: Propiedades, Agregar propiedad', async () => {
    await i18n.changeLanguage('es');
    renderSection();
    expect(await screen.findByRole('region', { name: 'Propiedades' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Agregar propiedad' })).toBeInTheDocument();
  });

  it('says so when a property cannot be added', async () => {
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Add property' }));
    await user.type(screen.getByLabelText('Service Address'), 'fail');
    await user.click(screen.getByRole('button', { name: 'Save property' }));
    expect(await screen.findByText('The property could not be added. Please try again.')).toBeInTheDocument();
    expect(takeConsoleErrors().some((line) => line.startsWith('Property could not be added'))).toBe(true);
  });
});
