import type { Page } from '@playwright/test';
import { runSql } from '../support/control';
import { putSentQuote } from '../support/customer-quotes';
import { createCustomer, expect, signIn, test, type Customer } from '../support/fixtures';
import { goInApp } from '../support/in-app';

/**
 * Every customer screen we can reach, at a desk (1280 px) and on a phone (390 px), in English and
 * Spanish, saved into test-results/screens/ for a person to look at (not compared pixel by pixel).
 * Each shot also checks what a user notices first: the heading, the company's logo, how to reach it.
 * The signed-out screens are one card (at most 420 px wide, no rule that depends on the width): they are
 * shot on the phone, where the card fills the width; at a desk the same card stands in a wider margin
 * (the desk's signed-out screens are read by the axe sweep, which also checks they fit the width).
 */
const texts = {
  en: {
    login: 'Customer Login',
    register: 'Create Account',
    dashboard: 'Customer Dashboard',
    quotes: 'Quotes',
    workOrders: 'Work Orders',
    submit: 'Submit Request',
    profile: 'Your Profile',
    notFound: 'Page not found',
    contact: 'Contact us',
    menu: 'Menu',
    quote: (id: number) => `Quote #${id}`,
    workOrder: (id: number) => `Work Order #${id}`,
    forgot: 'Reset your password',
    reset: 'Choose a new password',
    checkInbox: 'Check your inbox',
    confirm: 'Confirm your account',
    confirmChange: 'Confirm your new e-mail',
    welcome: 'Welcome!',
    submitNav: 'Submit Request',
    registerFields: ['Full Name', 'Phone Number', 'Address', 'Email', 'Password'],
    registerButton: 'Register',
    approve: 'Approve',
    approveTitle: (id: number) => `Approve Quote #${id}`,
    decline: 'Decline',
    declineTitle: (id: number) => `Decline Quote #${id}`,
    revision: 'Request Revision',
    revisionTitle: (id: number) => `Request Revision for Quote #${id}`,
    cancelOrder: 'Cancel Order',
    keepOrder: 'Keep Order',
    serviceAddress: 'Service Address',
    issue: 'Description of Issue',
    submitted: 'Work order submitted successfully!',
    duplicate: 'Send this request again?',
    cancel: 'Cancel',
    editDetails: 'Edit details',
    editTitle: 'Edit your details',
  },
  es: {
    login: 'Acceso de clientes',
    register: 'Crear cuenta',
    dashboard: 'Tablero del cliente',
    quotes: 'Cotizaciones',
    workOrders: 'Órdenes de trabajo',
    submit: 'Enviar solicitud',
    profile: 'Su perfil',
    notFound: 'Página no encontrada',
    contact: 'Contáctenos',
    menu: 'Menú',
    quote: (id: number) => `Cotización #${id}`,
    workOrder: (id: number) => `Orden de trabajo #${id}`,
    forgot: 'Restablecer su contraseña',
    reset: 'Elija una nueva contraseña',
    checkInbox: 'Revise su correo',
    confirm: 'Confirme su cuenta',
    confirmChange: 'Confirme su nuevo correo',
    welcome: '¡Bienvenido!',
    submitNav: 'Enviar Orden',
    registerFields: ['Nombre completo', 'Número de teléfono', 'Dirección', 'Correo electrónico', 'Contraseña'],
    registerButton: 'Registrarse',
    approve: 'Aprobar',
    approveTitle: (id: number) => `Aprobar cotización #${id}`,
    decline: 'Rechazar',
    declineTitle: (id: number) => `Rechazar cotización #${id}`,
    revision: 'Solicitar revisión',
    revisionTitle: (id: number) => `Solicitar revisión de la cotización #${id}`,
    cancelOrder: 'Cancelar orden',
    keepOrder: 'Conservar la orden',
    serviceAddress: 'Dirección del servicio',
    issue: 'Descripción del problema',
    submitted: '¡Orden de trabajo enviada con éxito!',
    duplicate: '¿Enviar esta solicitud otra vez?',
    cancel: 'Cancelar',
    editDetails: 'Editar datos',
    editTitle: 'Editar sus datos',
  },
} as const;

const widths = [1280, 390] as const;

/** A customer with quotes and work orders in every status, a quote with line items, a scheduled order; the record pages' ids. */
async function seed(customer: Customer): Promise<{ quoteId: number; orderId: number }> {
  const quotes: [string, string, string][] = [
    ['Approved', '980.00', 'New cedar deck with railings and two steps down to the garden'],
    ['Sent', '12450.50', 'Kitchen remodel: cabinets, quartz counter and tile backsplash'],
    ['Revision Requested', '3200.00', 'Bathroom: walk-in shower instead of the tub'],
    ['Declined', '640.00', 'Paint the garage door'],
    ['Expired', '1875.25', 'Replace six windows on the north side'],
  ];
  for (const [index, [status, total, description]] of quotes.entries()) {
    await runSql(`INSERT INTO quotes (email, description, total, status, created_at) VALUES ($1, $2, $3, $4, $5)`, [
      customer.email,
      description,
      total,
      status,
      `2026-0${index + 1}-10T15:00:00Z`,
    ]);
  }
  const orders: [string, string][] = [
    ['Pending', 'The back porch steps wobble and one board is cracked.'],
    ['In Progress', 'Gutter over the front door overflows when it rains.'],
    ['Complete', 'Fix the sticking bedroom door.'],
    ['Cancelled', 'Replace the mailbox post.'],
  ];
  for (const [index, [status, description]] of orders.entries()) {
    await runSql(`INSERT INTO work_orders (email, description, address, status, submitted_at) VALUES ($1, $2, $3, $4, $5)`, [
      customer.email,
      description,
      '42 Elm Street, Springfield',
      status,
      `2026-0${index + 3}-05T15:00:00Z`,
    ]);
  }
  await runSql(
    `UPDATE work_orders SET scheduled_date = '2026-11-12', arrival_start = '2026-11-12 08:00 America/Chicago',
       arrival_end = '2026-11-12 10:30 America/Chicago' WHERE lower(email) = lower($1) AND status = 'In Progress'`,
    [customer.email],
  );
  const { id: quoteId } = await putSentQuote(customer.email, {
    description: 'Backyard deck with stairs',
    lines: [
      { description: 'Cedar boards', quantity: '20', unitPrice: '12.50' },
      { description: 'Railing', quantity: '1', unitPrice: '400' },
      { description: 'Stain, two coats', quantity: '2.5', unitPrice: '35.01', optional: true },
    ],
    taxRate: '8.25',
    validUntil: '2099-06-30',
    terms: 'Half up front, half on completion.',
  });
  const [order] = await runSql<{ id: number }>(`SELECT id FROM work_orders WHERE lower(email) = lower($1) AND status = 'In Progress'`, [
    customer.email,
  ]);
  return { quoteId, orderId: order!.id };
}

/** The whole page; a dialog as the screen shows it (its backdrop is fixed to the window, so a full-page shot would leave the rest undimmed). */
const shot = (
  page: Page,
  lang: string,
  width: number,
  name: string,
  fullPage = !name.endsWith('-dialog') && name !== 'duplicate-warning',
) => page.screenshot({ path: `test-results/screens/${lang}-${width}-${name}.png`, fullPage });

/** A link's token as Better Auth signs it (a JWT): the pages only read its payload to name the address; the server checks it. */
const fakeToken = (payload: object) => `e30.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.signature`;

/** Nothing wider than the screen (a phone scrolls only up and down). */
async function expectNoSidewaysScroll(page: Page, name: string) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), name).toBeLessThanOrEqual(0);
}

async function expectLogo(page: Page) {
  const logo = page.locator('img.brand-logo, img.auth-logo').first();
  await expect(logo).toBeVisible();
  // Loaded and drawn: a state to wait for (visible comes first; the file may still be on its way).
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

for (const lang of ['en', 'es'] as const) {
  for (const width of widths) {
    test.describe(`${lang} at ${width} px`, () => {
      test.use({ locale: lang === 'en' ? 'en-US' : 'es-ES', viewport: { width, height: width === 390 ? 844 : 900 } });
      const t = texts[lang];

      if (width === 390)
        test('signed-out screens', async ({ page }) => {
          for (const [path, heading, name] of [
            ['/login', t.login, 'login'],
            ['/forgot-password', t.forgot, 'forgot-password'],
            // Last: the form is then filled in where it was shot, not loaded again.
            ['/register', t.register, 'register'],
          ] as const) {
            await page.goto(path);
            await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
            await expectLogo(page);
            await expectNoSidewaysScroll(page, name);
            await shot(page, lang, width, name);
          }
          // Check your inbox, as a new customer sees it right after registering (their address in it).
          const email = `screens-new-${lang}-${width}-${Date.now()}@example.com`;
          const values = ['Ana Torres', '555-0199', '9 Pine Road', email, 'a-long-password'];
          for (const [index, label] of t.registerFields.entries()) await page.getByLabel(label, { exact: true }).fill(values[index]!);
          await page.getByRole('button', { name: t.registerButton }).click();
          await expect(page.getByRole('heading', { level: 1, name: t.checkInbox })).toBeVisible();
          await expect(page.getByText(email)).toBeVisible();
          // The address in the sentence wraps only after its '@', never at a hyphen (this test's long
          // local part may be cut by an ellipsis on a phone; the whole address is in its tooltip).
          const layout = await emailLayout(page, 'p:has(.email-address)', email);
          expect(layout.breaksAfter).toEqual(layout.breaksAfter.length ? ['@'] : []);
          await expectNoSidewaysScroll(page, 'check-inbox');
          await shot(page, lang, width, 'check-inbox');
          // The pages the e-mailed links open (the token's payload names the address; nothing is sent here).
          for (const [path, heading, name] of [
            [`/reset-password?token=${'x'.repeat(24)}`, t.reset, 'reset-password'],
            [`/confirm-email?token=${fakeToken({ email: 'ana.torres@example.com' })}`, t.confirm, 'confirm-email'],
            [`/confirm-email-change?token=${fakeToken({ updateTo: 'ana.torres@example.com' })}`, t.confirmChange, 'confirm-email-change'],
          ] as const) {
            await page.goto(path);
            await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
            await expect(page.getByRole('button').first()).toBeEnabled();
            await expectLogo(page);
            await expectNoSidewaysScroll(page, name);
            await shot(page, lang, width, name);
          }
          await page.goto('/no-such-page');
          await expect(page.getByRole('heading', { level: 1, name: t.notFound })).toBeVisible();
          await shot(page, lang, width, '404-signed-out');
        });

      test('signed-in screens', async ({ page }) => {
        // A ceiling (decision 193): four of these full-page tours side by side took 55-80 s at load average 30.
        test.setTimeout(180_000);
        const customer = await createCustomer(page, { email: `screens-${lang}-${width}-${Date.now()}@example.com` });
        await signIn(page, customer);
        // A brand-new customer: the Welcome card points to Submit Request (named as in the menu).
        await page.goto('/');
        await expect(page.getByRole('region', { name: t.welcome }).getByRole('link', { name: t.submitNav })).toBeVisible();
        await expectLogo(page);
        await expectNoSidewaysScroll(page, 'dashboard-welcome');
        await shot(page, lang, width, 'dashboard-welcome');
        const { quoteId, orderId } = await seed(customer);
        const screens = [
          ['/', t.dashboard, 'dashboard'],
          ['/quotes', t.quotes, 'quotes'],
          [`/quotes/${quoteId}`, t.quote(quoteId), 'quote-page'],
          ['/work-orders', t.workOrders, 'work-orders'],
          [`/work-orders/${orderId}`, t.workOrder(orderId), 'work-order-page'],
          ['/submit-work-order', t.submit, 'submit-request'],
          ['/settings', t.profile, 'profile'],
          ['/no-such-page', t.notFound, '404'],
        ] as const;
        for (const [path, heading, name] of screens) {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
          await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
          await expectLogo(page);
          // Inside the signed-in frame on every screen, the 404 included.
          await expect(page.locator('.signed-in-email')).toHaveText(customer.email);
          if (name === 'dashboard') await expect(page.getByRole('main').getByRole('region', { name: t.contact })).toBeVisible();
          // 'Contact us' once per screen (issue 22): the dashboard's own card, the sidebar's elsewhere.
          if (width === 1280 && name !== 'dashboard') {
            await expect(page.getByRole('complementary').getByRole('region', { name: t.contact })).toBeVisible();
          }
          if (width === 1280) await expect(page.getByRole('region', { name: t.contact })).toHaveCount(1);
          await expectNoSidewaysScroll(page, name);
          await shot(page, lang, width, name);
        }

        // The dialogs, each screen reached inside the app (decision 261); the screens above are page loads.
        // The dialogs of a Sent quote: approve (with its optional line), decline, ask for a revision.
        const main = page.getByRole('main');
        await goInApp(page, `/quotes/${quoteId}`);
        for (const [button, title, name] of [
          [t.approve, t.approveTitle(quoteId), 'approve-dialog'],
          [t.decline, t.declineTitle(quoteId), 'decline-dialog'],
          [t.revision, t.revisionTitle(quoteId), 'revision-dialog'],
        ] as const) {
          await main.getByRole('button', { name: button, exact: true }).click();
          const dialog = page.getByRole('dialog', { name: title });
          await expect(dialog).toBeVisible();
          await expectNoSidewaysScroll(page, name);
          await shot(page, lang, width, name);
          await page.keyboard.press('Escape');
          await expect(dialog).toBeHidden();
        }

        // Cancelling a Pending order asks first.
        await goInApp(page, '/work-orders');
        await main.getByRole('button', { name: t.cancelOrder }).first().click();
        const confirm = page.getByRole('alertdialog');
        await expect(confirm.getByRole('button', { name: t.keepOrder })).toBeVisible();
        await shot(page, lang, width, 'cancel-order-dialog');
        await confirm.getByRole('button', { name: t.keepOrder }).click();

        // Submit Request: the success with the new order's link, then the same request again warns first.
        await goInApp(page, '/submit-work-order');
        // The profile's address fills the field when it arrives: typing before that would be typed into it.
        await expect(page.getByLabel(t.serviceAddress)).toHaveValue('42 Elm Street, Springfield');
        await page.getByLabel(t.serviceAddress).fill('42 Elm Street, Springfield');
        await page.getByLabel(t.issue).fill('The porch light flickers at night.');
        await main.getByRole('button', { name: t.submit }).click();
        await expect(page.getByRole('status').filter({ hasText: t.submitted })).toBeVisible();
        await expect(main.getByRole('link', { name: /#\d+$/ })).toBeVisible();
        await expectNoSidewaysScroll(page, 'submit-success');
        await shot(page, lang, width, 'submit-success');
        await page.getByLabel(t.serviceAddress).fill('42 Elm Street, Springfield');
        await page.getByLabel(t.issue).fill('The porch light flickers at night.');
        await main.getByRole('button', { name: t.submit }).click();
        const duplicate = page.getByRole('dialog', { name: t.duplicate });
        await expect(duplicate).toBeVisible();
        await expectNoSidewaysScroll(page, 'duplicate-warning');
        await shot(page, lang, width, 'duplicate-warning');
        await duplicate.getByRole('button', { name: t.cancel }).click();

        // The profile's edit form.
        await goInApp(page, '/settings');
        await main.getByRole('button', { name: t.editDetails }).click();
        await expect(page.getByRole('form', { name: t.editTitle })).toBeVisible();
        await expectNoSidewaysScroll(page, 'profile-edit');
        await shot(page, lang, width, 'profile-edit');

        if (width === 390) {
          await page.getByRole('button', { name: t.menu }).click();
          const menuCard = page.getByRole('complementary').getByRole('region', { name: t.contact });
          await expect(menuCard).toBeVisible();
          await expect(menuCard.getByRole('link').first()).toHaveAttribute('href', /^tel:/);
          // Tap targets: every menu entry, contact link and dashboard row is at least 44 px tall.
          const targets = page.locator('.sidebar nav a, .sidebar button, .contact-links a');
          for (const box of await targets.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height))) {
            expect(box).toBeGreaterThanOrEqual(44);
          }
          await shot(page, lang, width, 'menu');
          await page.goto('/');
          for (const box of await page.locator('.summary-link').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height))) {
            expect(box).toBeGreaterThanOrEqual(44);
          }
        }
      });
    });
  }
}

/**
 * Where the lines of `email` break inside `container`: the character before each break, and whether
 * any of its characters lies outside the container's box (cut off by an ellipsis or overflowing).
 */
function emailLayout(page: Page, selector: string, email: string) {
  return page.locator(selector).evaluate((container, address) => {
    const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
    const chars: { node: Text; offset: number }[] = [];
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      for (let offset = 0; offset < node.data.length; offset++) chars.push({ node, offset });
    }
    const text = chars.map(({ node, offset }) => node.data[offset]).join('');
    const start = text.indexOf(address);
    if (start < 0) return { found: false, breaksAfter: [] as string[], outside: 0 };
    const box = container.getBoundingClientRect();
    const range = document.createRange();
    const rects = chars.slice(start, start + address.length).map(({ node, offset }) => {
      range.setStart(node, offset);
      range.setEnd(node, offset + 1);
      return range.getBoundingClientRect();
    });
    const breaksAfter: string[] = [];
    for (let i = 1; i < rects.length; i++)
      if (rects[i]!.top > rects[i - 1]!.top + rects[i - 1]!.height / 2) breaksAfter.push(address[i - 1]!);
    // A character cut off (ellipsis) or past the container's edge.
    let outside = rects.filter((r) => r.right > box.right + 1 || r.left < box.left - 1).length;
    if (container.scrollWidth > container.clientWidth) outside++;
    return { found: true, breaksAfter, outside };
  }, email);
}

test.describe('e-mail addresses at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a long address breaks only after its '@': the profile, the menu's 'Logged in as', the pending change notice", async ({ page }) => {
    const stamp = Date.now().toString(36);
    const customer = await createCustomer(page, { email: `ana-lucia-${stamp}@hermanos-garcia-obras.example` });
    await signIn(page, customer);
    const newEmail = `jose-maria-${stamp}@hermanos-garcia-obras.example`;
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Profile' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Change e-mail' });
    await form.getByLabel('New e-mail').fill(newEmail);
    await form.getByLabel('Current password').fill(customer.password);
    await form.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect(form.getByRole('status')).toContainText(`Waiting for confirmation of ${newEmail}.`);
    await page.screenshot({ path: 'test-results/screens/en-390-long-email-profile.png', fullPage: true });
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.locator('.signed-in-email')).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/en-390-long-email-menu.png' });

    const places = [
      ['.profile-row:has(dt:text-is("Email")) dd', customer.email],
      ['.logged-in-as', customer.email],
      ['form[aria-labelledby="email-change-title"] [role="status"]', newEmail],
      ['form[aria-labelledby="email-change-title"] [role="status"]', customer.email],
    ] as const;
    let broken = 0;
    for (const [selector, email] of places) {
      const layout = await emailLayout(page, selector, email);
      expect(layout.found, `${email} in ${selector}`).toBe(true);
      // On one line, or broken only after the '@'; nothing cut off or past the edge.
      expect(layout.breaksAfter, `${email} in ${selector}`).toEqual(layout.breaksAfter.length ? ['@'] : []);
      expect(layout.outside, `${email} in ${selector}`).toBe(0);
      if (layout.breaksAfter.length) broken++;
    }
    // The addresses are long enough that the narrow places had to break them.
    expect(broken).toBeGreaterThanOrEqual(2);
  });
});
