import type { FakeSession } from './events';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The fake's hosted checkout page: what the customer sees at session.url, with one 'Pay' button. */
export function hostedPage(session: FakeSession): string {
  const amount = `${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}`;
  const state =
    session.status === 'open'
      ? `<form method="post" action="/pay/${escape(session.id)}"><button type="submit">Pay</button></form>`
      : `<p role="status">This checkout session is ${escape(session.status)}.</p>`;
  const cancel = session.cancel_url ? `<p><a href="${escape(session.cancel_url)}">Back</a></p>` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Fake Stripe Checkout</title>
<style>body{font-family:sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}button{font-size:1.2rem;padding:.6rem 2rem}</style>
</head><body>
<h1>Fake Stripe Checkout</h1>
<p>Test mode: no card is charged.</p>
<p>Amount: <strong data-testid="amount">${escape(amount)}</strong></p>
<p>Reference: <span data-testid="reference">${escape(session.client_reference_id ?? '')}</span></p>
${state}
${cancel}
</body></html>`;
}
