import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Property } from '../../../contracts/customer/properties';
import i18n from '../i18n';
import { at, renderRoutes, stubFetch } from '../test-utils';
import { CustomerProperties } from './CustomerProperties';

const home: Property = { id: 1, label: null, address: '12 Oak St', isProfile: true, inUse: true };
const lot: Property = { id: 2, label: null, address: '6 Oak Ct', isProfile: false, inUse: false };
const shop: Property = { id: 3, label: 'Shop', address: '20 Mill St', isProfile: false, inUse: true };

beforeEach(() => i18n.changeLanguage('en'));
afterEach(() => vi.unstubAllGlobals());

const renderCard = () => renderRoutes([at('/office/customers/:id', <CustomerProperties customerId={7} />)], '/office/customers/7');

describe("the office's 'Properties' of a customer (decision 235)", () => {
  it("lists them, renames one and corrects an unused one's address", async () => {
    const calls = stubFetch({
      'GET /api/office/customers/7/properties': { body: { properties: [home, lot, shop] } },
      'POST /api/office/properties/2': { body: { properties: [home, { ...lot, label: 'Empty lot', address: '6 Oak Court' }, shop] } },
    });
    renderCard();
    const card = await screen.findByRole('region', { name: 'Properties' });
    const items = await within(card).findAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['12 Oak St (profile address)Edit', '6 Oak CtEdit', 'Shop — 20 Mill StEdit']);
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Edit 6 Oak Ct' }));
    const form = within(card).getByRole('form', { name: 'Edit property' });
    await user.type(within(form).getByLabelText('Label'), 'Empty lot');
    await user.clear(within(form).getByLabelText('Service address'));
    await user.type(within(form).getByLabelText('Service address'), '6 Oak Court');
    await user.click(within(form).getByRole('button', { name: 'Save property' }));
    expect(await within(card).findByText('Property saved: 6 Oak Court')).toBeInTheDocument();
    expect(within(card).getByText('Empty lot —')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/office/properties/2',
      body: { label: 'Empty lot', address: '6 Oak Court' },
    });
  });

  it('in Spanish: an address in use is only renamed, and says why', async () => {
    await i18n.changeLanguage('es');
    const calls = stubFetch({
      'GET /api/office/customers/7/properties': { body: { properties: [home, lot, shop] } },
      'POST /api/office/properties/3': { body: { properties: [home, lot, { ...shop, label: 'Taller' }] } },
    });
    renderCard();
    const card = await screen.findByRole('region', { name: 'Propiedades' });
    const user = userEvent.setup();
    await user.click(await within(card).findByRole('button', { name: 'Editar 20 Mill St' }));
    const form = within(card).getByRole('form', { name: 'Editar propiedad' });
    const address = within(form).getByLabelText('Dirección del servicio');
    expect(address).toHaveAttribute('readonly');
    expect(address).toHaveAccessibleDescription(/Una cotización u orden es para esta dirección/);
    await user.clear(within(form).getByLabelText('Nombre'));
    await user.type(within(form).getByLabelText('Nombre'), 'Taller');
    await user.click(within(form).getByRole('button', { name: 'Guardar propiedad' }));
    expect(await within(card).findByText('Propiedad guardada: 20 Mill St')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ label: 'Taller' });
  });

  it('says why the server refused (an address the customer has already)', async () => {
    stubFetch({
      'GET /api/office/customers/7/properties': { body: { properties: [home, lot] } },
      'POST /api/office/properties/2': { status: 409, body: { error: { code: 'property_exists', message: 'x' } } },
    });
    renderCard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit 6 Oak Ct' }));
    await user.clear(screen.getByLabelText('Service address'));
    await user.type(screen.getByLabelText('Service address'), '12 oak st');
    await user.click(screen.getByRole('button', { name: 'Save property' }));
    expect(await screen.findByText('The customer has this address as a property already.')).toBeInTheDocument();
  });
});
