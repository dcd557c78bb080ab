/** Ports of the end-to-end test stack (all on 127.0.0.1). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const E2E_CONTROL_PORT = E2E_PORT + 99;
export const E2E_SMTP_PORT = E2E_PORT + 25;
export const E2E_OIDC_PORT = E2E_PORT + 80;
/** The fake Stripe API and its hosted checkout page (tests/support/fake-stripe); its /__control/* steers the next payment. */
export const E2E_STRIPE_PORT = E2E_PORT + 42;
