import type { Page } from '@playwright/test';
import { expectNoAxeFindings } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { createOfficeAccount, signInOfficeByApi } from '../support/office';

/** Issue 26.3 (contract-spec §4) on a phone: a customer's rental property, a request for it, and the office changing it while Pending. */

const PHONE = { width: 390, height: 844 };
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/properties/${name}.png`, fullPage: true });
const RENTAL = '18 Rental Row, Apt 3';

test.use({ viewport: PHONE });
test.describe.configure({ timeout: 120_000 });

test("a customer adds a rental, asks for work there and sees its address; the office changes the order's property while Pending", async ({
  browser,
  page,
  customer,
}) => {
  // The Profile: the profile address is the first property; 'Add property' adds the rental.
  await page.goto('/settings');
  const properties = page.getByRole('region', { name: 'Properties' });
  await expect(properties.getByRole('listitem')).toHaveText([`${customer.address} (profile address)Edit`]);
  await properties.getByRole('button', { name: 'Add property' }).click();
  const form = properties.getByRole('form', { name: 'Add property' });
  await form.getByLabel('Label').fill('Rental');
  await form.getByLabel('Service Address').fill(RENTAL);
  await form.getByRole('button', { name: 'Save property' }).click();
  await expect(properties.getByRole('status')).toHaveText(`Property added: ${RENTAL}`);
  await expect(properties.getByRole('listitem')).toHaveCount(2);
  await shot(page, 'profile-properties-390');
  await expectNoAxeFindings(page, 'profile with properties');

  // Submit Request: 'Property' starts on the profile address; the rental is chosen.
  await page.goto('/submit-work-order');
  const property = page.getByRole('combobox', { name: 'Property' });
  await expect(property).toHaveValue(/\d+/);
  await expect(property.locator('option:checked')).toHaveText(customer.address);
  await property.selectOption({ label: `Rental — ${RENTAL}` });
  await expect(page.getByLabel('Service Address')).toHaveValue(RENTAL);
  await page.getByLabel('Description of Issue').fill('The kitchen sink drips');
  await shot(page, 'submit-property-390');
  await expectNoAxeFindings(page, 'submit request with a property');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByRole('status')).toHaveText('Work order submitted successfully!');
  const orderLink = page.getByRole('link', { name: /^Work Order #\d+$/ });
  const orderId = Number((await orderLink.textContent())!.replace(/\D/g, ''));

  // The customer's list shows the rental's address.
  await page.goto('/work-orders');
  await expect(page.getByRole('article', { name: `Work Order #${orderId}` })).toContainText(RENTAL);
  await shot(page, 'work-orders-rental-390');

  // The office sees the rental on the order and moves it to the profile address while it is Pending.
  const officeContext = await browser.newContext({ viewport: PHONE });
  const office = await officeContext.newPage();
  const account = await createOfficeAccount(office.request);
  await signInOfficeByApi(office, account);
  await office.goto(`/office/work-orders/${orderId}`);
  const section = office.getByRole('region', { name: 'Property' });
  const select = section.getByRole('combobox', { name: 'Property' });
  await expect(select.locator('option:checked')).toHaveText(`Rental — ${RENTAL}`);
  await expect(office.getByRole('region', { name: 'Order' })).toContainText(RENTAL);
  await select.selectOption({ label: customer.address });
  await section.getByRole('button', { name: 'Save property' }).click();
  await expect(section.getByRole('status')).toHaveText(`Property saved: ${customer.address}`);
  await expect(office.getByRole('region', { name: 'Order' })).toContainText(customer.address);
  await shot(office, 'office-order-property-390');
  await expectNoAxeFindings(office, 'office work order with its property');

  // Once In Progress, the address stays.
  const status = office.getByRole('region', { name: 'Status' });
  await status.getByRole('button', { name: 'Move to In Progress' }).click();
  await expect(section).toContainText('The address can no longer change: the order is In Progress.');
  await shot(office, 'office-order-property-locked-390');
  await officeContext.close();

  // The customer's list follows.
  await page.reload();
  await expect(page.getByRole('article', { name: `Work Order #${orderId}` })).toContainText(customer.address);
});

test.describe('in Spanish', () => {
  test.use({ locale: 'es-MX' });

  test("'Propiedades', 'Agregar propiedad', 'Propiedad' and 'Otra dirección'", async ({ page, customer }) => {
    await page.goto('/settings');
    const properties = page.getByRole('region', { name: 'Propiedades' });
    await expect(properties.getByRole('listitem')).toHaveText([`${customer.address} (dirección del perfil)Editar`]);
    await properties.getByRole('button', { name: 'Agregar propiedad' }).click();
    await expect(properties.getByLabel('Dirección del servicio')).toBeVisible();
    await shot(page, 'profile-properties-es-390');
    await expectNoAxeFindings(page, 'profile properties in Spanish');

    await page.goto('/submit-work-order');
    const property = page.getByRole('combobox', { name: 'Propiedad' });
    await property.selectOption({ label: 'Otra dirección' });
    await page.getByLabel('Dirección del servicio').fill('7 Calle Nueva');
    await page.getByLabel('Descripción del problema').fill('Pintar la cerca');
    await page.getByRole('button', { name: 'Enviar solicitud' }).click();
    await expect(page.getByRole('status')).toHaveText('¡Orden de trabajo enviada con éxito!');
    // 'Otra dirección' became one of the customer's properties.
    await page.goto('/settings');
    await expect(page.getByRole('region', { name: 'Propiedades' }).getByRole('listitem')).toHaveCount(2);
    await shot(page, 'submit-another-address-es-390');
  });
});

test('a customer renames a property and corrects its address until a work order is for it (decision 235)', async ({ page, customer }) => {
  await page.goto('/settings');
  const properties = page.getByRole('region', { name: 'Properties' });
  await expect(properties.getByRole('listitem')).toHaveText([`${customer.address} (profile address)Edit`]);
  await properties.getByRole('button', { name: 'Add property' }).click();
  const add = properties.getByRole('form', { name: 'Add property' });
  await add.getByLabel('Label').fill('Cabn');
  await add.getByLabel('Service Address').fill('3 Lake Rd');
  await add.getByRole('button', { name: 'Save property' }).click();
  await expect(properties.getByRole('status')).toHaveText('Property added: 3 Lake Rd');

  await properties.getByRole('button', { name: 'Edit 3 Lake Rd' }).click();
  const edit = properties.getByRole('form', { name: 'Edit property' });
  await edit.getByLabel('Label').fill('Cabin');
  await edit.getByLabel('Service Address').fill('3 Lake Road, Unit 1');
  await shot(page, 'profile-edit-property-390');
  await expectNoAxeFindings(page, 'editing a property');
  await edit.getByRole('button', { name: 'Save property' }).click();
  await expect(properties.getByRole('status')).toHaveText('Property saved: 3 Lake Road, Unit 1');
  await expect(properties.getByRole('listitem').nth(1)).toHaveText('Cabin3 Lake Road, Unit 1EditRemove');

  // A work order for it: the address stays, the label still changes.
  await page.goto('/submit-work-order');
  await page.getByRole('combobox', { name: 'Property' }).selectOption({ label: 'Cabin — 3 Lake Road, Unit 1' });
  await page.getByLabel('Description of Issue').fill('The porch light flickers');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByRole('status')).toHaveText('Work order submitted successfully!');
  await page.goto('/settings');
  await properties.getByRole('button', { name: 'Edit 3 Lake Road, Unit 1' }).click();
  const fixed = properties.getByRole('form', { name: 'Edit property' }).getByLabel('Service Address');
  await expect(fixed).toHaveAttribute('readonly', '');
  await expect(fixed).toHaveAccessibleDescription(/A quote or work order is for this address, so it stays as it is/);
});
