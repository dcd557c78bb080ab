import { expectNoAxeFindings } from '../support/axe';
import { goInApp } from '../support/in-app';
import { runSql } from '../support/control';
import { putSentQuote } from '../support/customer-quotes';
import { expect, test, type Customer } from '../support/fixtures';

/**
 * axe-core (WCAG 2.0–2.2 A and AA rules) on every customer screen with records on it, at a desk and on
 * a phone, in English and Spanish, and with the dialogs open. A finding fails the test with the rule,
 * the element and axe's help text.
 */
async function seed(customer: Customer): Promise<{ quoteId: number; orderId: number }> {
  const { id: quoteId } = await putSentQuote(customer.email, {
    description: 'Backyard deck',
    lines: [
      { description: 'Boards', quantity: '20', unitPrice: '12.50' },
      { description: 'Stain, two coats', quantity: '2.5', unitPrice: '35.01', optional: true },
    ],
    taxRate: '8.25',
    validUntil: '2099-06-30',
    terms: 'Half up front, half on completion.',
  });
  await runSql(`INSERT INTO quotes (email, description, total, status) VALUES ($1, 'Paint the garage door', 640, 'Approved')`, [
    customer.email,
  ]);
  const [order] = await runSql<{ id: number }>(
    `INSERT INTO work_orders (email, description, address, status) VALUES ($1, 'Gutter over the front door overflows.', $2, 'In Progress') RETURNING id`,
    [customer.email, customer.address],
  );
  await runSql(`INSERT INTO work_orders (email, description, address, status) VALUES ($1, 'Replace the mailbox post.', $2, 'Pending')`, [
    customer.email,
    customer.address,
  ]);
  return { quoteId, orderId: order!.id };
}

for (const [lang, locale] of [
  ['en', 'en-US'],
  ['es', 'es-MX'],
] as const) {
  for (const width of [1280, 390]) {
    test.describe(`${lang} at ${width} px`, () => {
      test.use({ locale, viewport: { width, height: width > 600 ? 900 : 844 } });

      test('every signed-in screen has no axe finding', async ({ page, customer }) => {
        test.slow();
        // A brand-new customer's dashboard: the Welcome card.
        await page.goto('/');
        await expect(page.getByRole('region', { name: lang === 'en' ? 'Welcome!' : '¡Bienvenido!' })).toBeVisible();
        await expectNoAxeFindings(page, 'Welcome dashboard');
        const { quoteId, orderId } = await seed(customer);
        const screens = [
          '/',
          '/quotes',
          `/quotes/${quoteId}`,
          '/work-orders',
          `/work-orders/${orderId}`,
          '/submit-work-order',
          '/settings',
          '/nowhere',
        ];
        // The first screen is a page load (the seeded records, not the Welcome card), the others are reached
        // inside the app as its links do (decision 261).
        for (const [index, path] of screens.entries()) {
          if (index === 0) await page.goto(path);
          else await goInApp(page, path);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
          await expectNoAxeFindings(page, path);
        }
      });

      // The dialogs apart from the screens: two shorter tests, run side by side, each well inside its time.
      test('the signed-in dialogs have no axe finding', async ({ page, customer }) => {
        test.slow();
        const { quoteId } = await seed(customer);
        // The dialogs: a revision request, approving a quote, cancelling an order.
        const dialog = page.getByRole('dialog');
        await page.goto('/quotes');
        await page
          .getByRole('button', { name: lang === 'en' ? 'Request Revision' : 'Solicitar revisión' })
          .first()
          .click();
        await expect(dialog).toBeVisible();
        await expectNoAxeFindings(page, 'revision dialog');
        await page.keyboard.press('Escape');

        await goInApp(page, `/quotes/${quoteId}`);
        await page
          .getByRole('button', { name: lang === 'en' ? 'Approve' : 'Aprobar' })
          .first()
          .click();
        await expect(dialog).toBeVisible();
        await expectNoAxeFindings(page, 'approve dialog');
        await page.keyboard.press('Escape');
        await page
          .getByRole('main')
          .getByRole('button', { name: lang === 'en' ? 'Decline' : 'Rechazar', exact: true })
          .click();
        await expect(dialog).toBeVisible();
        await expectNoAxeFindings(page, 'decline dialog');
        await page.keyboard.press('Escape');

        // The same request sent twice within minutes: the warning.
        await goInApp(page, '/submit-work-order');
        const description = page.getByLabel(lang === 'en' ? 'Description of Issue' : 'Descripción del problema');
        const submit = page.getByRole('main').getByRole('button', { name: lang === 'en' ? 'Submit Request' : 'Enviar solicitud' });
        const address = page.getByLabel(lang === 'en' ? 'Service Address' : 'Dirección del servicio');
        // The profile's address fills the field when it arrives: typing before that would be typed into it.
        await expect(address).toHaveValue(customer.address);
        for (let i = 0; i < 2; i++) {
          await address.fill(customer.address);
          await description.fill('The porch light flickers at night.');
          await submit.click();
          if (i === 0) await expect(description).toHaveValue('');
        }
        await expect(dialog).toBeVisible();
        await expectNoAxeFindings(page, 'duplicate-request warning');
        await page.keyboard.press('Escape');

        if (width === 390) {
          await page.getByRole('button', { name: lang === 'en' ? 'Menu' : 'Menú' }).click();
          await expect(page.getByRole('complementary').getByRole('navigation')).toBeVisible();
          await expectNoAxeFindings(page, 'open phone menu');
          await page.keyboard.press('Escape');
        }

        await goInApp(page, '/work-orders');
        await page
          .getByRole('button', { name: lang === 'en' ? 'Cancel Order' : 'Cancelar orden' })
          .first()
          .click();
        await expect(page.getByRole('alertdialog')).toBeVisible();
        await expectNoAxeFindings(page, 'cancel dialog');
      });

      test('the signed-out screens have no axe finding', async ({ page }) => {
        // Eight screens, each read whole by axe: three times the usual time, as the signed-in sweeps have.
        test.slow();
        const token = (payload: object) => `e30.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.signature`;
        // The first screen is a page load, the others are reached inside the app (decision 261).
        for (const [index, path] of [
          '/login',
          '/register',
          '/forgot-password',
          '/check-inbox',
          `/reset-password?token=${'x'.repeat(24)}`,
          `/confirm-email?token=${token({ email: 'ana.torres@example.com' })}`,
          `/confirm-email-change?token=${token({ updateTo: 'ana.torres@example.com' })}`,
          '/nowhere',
        ].entries()) {
          if (index === 0) await page.goto(path);
          else await goInApp(page, path);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          // Nothing wider than the window (at a desk, only this sweep reads the signed-out screens; screens.spec.ts shoots them on the phone).
          expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), path).toBeLessThanOrEqual(0);
          await expectNoAxeFindings(page, path);
        }
      });
    });
  }
}
