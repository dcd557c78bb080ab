import { sql } from 'kysely';
import { loadConfig } from '../server/platform/config';
import { createLogger } from '../server/platform/logger';
import { startRuntime } from '../server/runtime';
import { putDemoQuotes, putDemoSqlQuotes } from './demo-quotes';
import { putDemoChangeOrders } from './demo-change-orders';
import { putDemoInvoices } from './demo-invoices';
import { seedDemoWorkOrders } from './demo-work-orders';
import {
  DEMO_OWNER_EMAIL,
  DEMO_OWNER_PASSWORD,
  DEMO_OWNER_TOTP_SECRET,
  DemoRefusedError,
  demoOwnerTotpUri,
  ensureDemoOwner,
} from '../server/auth/office/demo-owner';

/**
 * `npm run demo`: a confirmed demo customer with quotes (one Approved, with status history) and work
 * orders in every status, in the database in use (DATABASE_URL, or the embedded one in DATA_DIR;
 * stop the server first when embedded). Running it again resets the demo customer's records.
 * Also an office owner with a known password and a fixed authenticator secret (never when
 * NODE_ENV=production: that part is skipped with a message).
 */
export const DEMO_EMAIL = 'demo@northwind-builders.example';
export const DEMO_PASSWORD = 'demo-portal-2026';

const config = loadConfig();
const logger = createLogger('warn');
const runtime = await startRuntime({ config, logger, mailPollMs: 3_600_000 });
const { db, auth } = runtime;

const existing = await db.selectFrom('user').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirst();
if (!existing) {
  // phone, address and locale are our additional user fields (server/auth/auth.ts), unknown to the inferred type.
  const body = {
    email: DEMO_EMAIL,
    password: DEMO_PASSWORD,
    name: 'Dana Demo',
    phone: '(555) 010-4477',
    address: '77 Sample Lane, Springfield',
    locale: 'en',
  };
  await auth.api.signUpEmail({ body: body as { email: string; password: string; name: string } });
}
await db.transaction().execute(async (trx) => {
  await trx.updateTable('user').set({ emailVerified: true }).where('email', '=', DEMO_EMAIL).execute();
  // The confirmation e-mail is not needed for the demo account.
  await trx.deleteFrom('mail_outbox').where('to_address', '=', DEMO_EMAIL).where('sent_at', 'is', null).execute();
  await trx
    .insertInto('customers')
    .values({
      email: DEMO_EMAIL,
      name: 'Dana Demo',
      phone: '(555) 010-4477',
      address: '77 Sample Lane, Springfield',
      account_number: 'NWB-10442',
    })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doUpdateSet({ account_number: 'NWB-10442' }))
    .execute();
  await trx
    .deleteFrom('quotes')
    .where(sql`lower(email)`, '=', DEMO_EMAIL)
    .execute();
  await trx
    .deleteFrom('work_orders')
    .where(sql`lower(email)`, '=', DEMO_EMAIL)
    .execute();

  await putDemoSqlQuotes(trx, DEMO_EMAIL);
  const daysAgo = (n: number) => sql<Date>`now() - make_interval(days => ${n})`;
  await putDemoQuotes(trx, DEMO_EMAIL, config);
  await putDemoChangeOrders(trx, DEMO_EMAIL, config);
  await putDemoInvoices(trx, DEMO_EMAIL, config);
  const orders = [
    {
      description: 'Water stain on the living room ceiling after heavy rain.',
      address: '77 Sample Lane, Springfield',
      status: 'Pending',
      age: 1,
    },
    {
      description: 'Replace the back door frame; the door no longer closes.',
      address: '77 Sample Lane, Springfield',
      status: 'In Progress',
      age: 6,
    },
    {
      description: 'Install two exterior motion-sensor lights by the garage.',
      address: '12 Rental Court, Springfield',
      status: 'Complete',
      age: 40,
    },
    {
      description: 'Paint the guest bedroom (cancelled: customer did it).',
      address: '77 Sample Lane, Springfield',
      status: 'Cancelled',
      age: 55,
    },
  ];
  for (const o of orders) {
    await trx
      .insertInto('work_orders')
      .values({ email: DEMO_EMAIL, description: o.description, address: o.address, status: o.status, submitted_at: daysAgo(o.age) })
      .execute();
  }
});
// The scheduled order with its notes (scripts/demo-work-orders.ts).
await seedDemoWorkOrders(db, config, DEMO_EMAIL);
let ownerNote: string;
try {
  await ensureDemoOwner(auth, db, config);
  ownerNote = `Demo office owner (demo only):
  e-mail:     ${DEMO_OWNER_EMAIL}
  password:   ${DEMO_OWNER_PASSWORD}
  secret key: ${DEMO_OWNER_TOTP_SECRET}   (add it to an authenticator app, or: ${demoOwnerTotpUri(config.company.name)})
Sign in at ${config.appUrl}/office/login with the password and the app's current code.`;
} catch (err) {
  if (!(err instanceof DemoRefusedError)) throw err;
  ownerNote = `Demo office owner skipped: ${err.message}`;
}
await runtime.close();

console.log(`Demo customer ready in the ${runtime.database.kind === 'embedded' ? `embedded database (${config.dataDir})` : 'PostgreSQL database'}:
  e-mail:   ${DEMO_EMAIL}
  password: ${DEMO_PASSWORD}
Start the portal with \`npm start\` and sign in at ${config.appUrl}/login

${ownerNote}`);
