import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Property } from '../../../../contracts/customer/properties';
import i18n from '../../i18n';
import { queryKeys } from '../../lib/query-keys';
import { profileWithAddress, renderSubmitPage, stubApi } from './test-utils';

const home: Property = { id: 1, label: null, address: '12 Oak St', isProfile: true, inUse: false };
const rental: Property = { id: 2, label: 'Rental', address: '40 Elm Court', isProfile: false, inUse: false };
let api: ReturnType<typeof stubApi>;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  api = stubApi({
    profile: { status: 200, body: profileWithAddress('12 Oak St') },
    properties: { status: 200, body: { properties: [home, rental] } },
  });
  vi.stubGlobal('fetch', api.fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const renderPage = () =>
  renderSubmitPage((client) => {
    client.setQueryData(queryKeys.workOrders.list('All'), []);
    client.setQueryData(queryKeys.dashboard, { recentQuotes: [], activeWorkOrders: [] });
  });

describe("Submit Request's 'Property'", () => {
  it('an address typed before the properties arrived is kept, as another address, and sent as typed', async () => {
    let answerProperties!: () => void;
    const held = new Promise<void>((resolve) => (answerProperties = resolve));
    const stubbed = api.fetchMock.getMockImplementation()!;
    api.fetchMock.mockImplementation(async (url, init) => {
      if (url === '/api/properties') await held;
      return stubbed(url, init);
    });
    const user = userEvent.setup();
    renderPage();
    // The profile's address shows first (its answer came); the properties' answer is still on its way.
    const address = screen.getByLabelText('Service Address');
    await waitFor(() => expect(address).toHaveValue('12 Oak St'));
    await user.clear(address);
    await user.type(address, '9 Harbor View Road');
    answerProperties();
    const select = await screen.findByRole('combobox', { name: 'Property' });
    expect(select).toHaveDisplayValue('Another address');
    expect(screen.getByLabelText('Service Address')).toHaveValue('9 Harbor View Road');
    await user.type(screen.getByLabelText('Description of Issue'), 'Leak');
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Work order submitted successfully!');
    expect(api.posted()).toEqual([JSON.stringify({ address: '9 Harbor View Road', description: 'Leak' })]);
    expect(screen.getByLabelText('Service Address')).toHaveValue('9 Harbor View Road');
  });

  it('starts on the profile address and sends the chosen property by id', async () => {
    const user = userEvent.setup();
    renderPage();
    const select = await screen.findByRole('combobox', { name: 'Property' });
    expect(select).toHaveDisplayValue('12 Oak St');
    expect(screen.getByLabelText('Service Address')).toHaveValue('12 Oak St');
    await user.selectOptions(select, 'Rental — 40 Elm Court');
    expect(screen.getByLabelText('Service Address')).toHaveValue('40 Elm Court');
    await user.type(screen.getByLabelText('Description of Issue'), 'Leak');
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Work order submitted successfully!');
    expect(api.posted()).toEqual([JSON.stringify({ address: '40 Elm Court', description: 'Leak', propertyId: 2 })]);
    expect(select).toHaveDisplayValue('Rental — 40 Elm Court');
  });

  it("'Another address' asks for the Service Address and sends it without a property", async () => {
    const user = userEvent.setup();
    renderPage();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Property' }), 'Another address');
    const address = screen.getByLabelText('Service Address');
    expect(address).toHaveValue('');
    await user.type(address, '3 Harbor View');
    await user.type(screen.getByLabelText('Description of Issue'), 'Paint');
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Work order submitted successfully!');
    expect(api.posted()).toEqual([JSON.stringify({ address: '3 Harbor View', description: 'Paint' })]);
  });

  it("typing another Service Address turns the choice to 'Another address'", async () => {
    const user = userEvent.setup();
    renderPage();
    const select = await screen.findByRole('combobox', { name: 'Property' });
    const address = screen.getByLabelText('Service Address');
    await user.clear(address);
    await user.type(address, '9 Bay Road');
    expect(select).toHaveDisplayValue('Another address');
    await user.type(screen.getByLabelText('Description of Issue'), 'Gate');
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Work order submitted successfully!');
    expect(api.posted()).toEqual([JSON.stringify({ address: '9 Bay Road', description: 'Gate' })]);
  });

  it('in Spanish: Propiedad, Otra dirección', async () => {
    await i18n.changeLanguage('es');
    renderPage();
    const select = await screen.findByRole('combobox', { name: 'Propiedad' });
    expect(screen.getByRole('option', { name: 'Otra dirección' })).toBeInTheDocument();
    expect(select).toHaveDisplayValue('12 Oak St');
  });
});
