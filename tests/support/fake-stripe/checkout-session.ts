import { nowSeconds, stripeId, type FakeSession } from './events';
import { record, text, type FormValue } from './form';

/**
 * A Checkout Session from the form the `stripe` package posts to /v1/checkout/sessions, as Stripe
 * answers it (its hosted page at `base`/pay/<id>), or Stripe's message for a missing or invalid
 * parameter.
 */
export function checkoutSession(form: Record<string, FormValue>, base: string): FakeSession | string {
  const successUrl = text(form.success_url);
  if (!successUrl) return 'Missing required param: success_url.';
  const items = Object.values(record(form.line_items)).map(record);
  let amount = 0;
  let currency = text(form.currency) ?? '';
  for (const item of items) {
    const price = record(item.price_data);
    const unit = Number(text(price.unit_amount));
    const quantity = Number(text(item.quantity) ?? '1');
    if (!Number.isInteger(unit) || unit < 0) return 'Invalid integer: line_items[price_data][unit_amount].';
    amount += unit * quantity;
    currency = text(price.currency) ?? currency;
  }
  if (items.length === 0) return 'Missing required param: line_items.';
  const id = stripeId('cs');
  const metadata = Object.fromEntries(Object.entries(record(form.metadata)).map(([k, v]) => [k, text(v) ?? '']));
  return {
    id,
    object: 'checkout.session',
    mode: 'payment',
    status: 'open',
    payment_status: 'unpaid',
    amount_total: amount,
    amount_subtotal: amount,
    currency: currency || 'usd',
    client_reference_id: text(form.client_reference_id) ?? null,
    metadata,
    customer_email: text(form.customer_email) ?? null,
    success_url: successUrl.replace('{CHECKOUT_SESSION_ID}', id),
    cancel_url: text(form.cancel_url) ?? null,
    url: `${base}/pay/${id}`,
    payment_intent: null,
    created: nowSeconds(),
    expires_at: nowSeconds() + 24 * 3600,
    livemode: false,
  };
}
