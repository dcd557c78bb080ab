import { Hono } from 'hono';
import { STRIPE_WEBHOOK_PATH } from '../../../contracts/customer/payments';
import type { AppDeps } from '../../deps';
import { requestMeta } from '../../platform/http/request-meta';
import { completePayment } from './complete-payment';
import { WebhookSignatureError } from './payment-provider';
import { paymentProviderOf } from './provider-of-config';

/**
 * The provider's webhook: public (no session, no Origin), the body read raw for the signature. A bad
 * signature (forged, stale, missing) is answered 400 and changes nothing; an event we do not act on,
 * 200. A failure of ours (the database restarting) is answered 5xx, so the provider delivers the same
 * event again later and it counts then, once.
 */
export function paymentWebhookRoutes({ db, config, logger, onMailQueued }: Pick<AppDeps, 'db' | 'config' | 'logger' | 'onMailQueued'>) {
  return new Hono().post(STRIPE_WEBHOOK_PATH, async (c) => {
    const provider = paymentProviderOf(config);
    if (!provider) return c.json({ error: { code: 'not_found', message: 'Not found.' } }, 404);
    const raw = await c.req.text();
    let event;
    try {
      event = provider.parseWebhook(raw, c.req.header('stripe-signature'));
    } catch (error) {
      if (!(error instanceof WebhookSignatureError)) throw error;
      logger.warn('payment webhook refused: signature does not verify', { reason: error.message });
      return c.json({ error: { code: 'invalid_request', message: 'The signature does not verify.' } }, 400);
    }
    if (event.kind === 'ignored') {
      logger.info('payment webhook ignored', { eventId: event.eventId, type: event.type, reason: event.reason });
      return c.json({ received: true, outcome: 'ignored' });
    }
    const outcome = await completePayment(db, requestMeta(c, 'stripe', config.trustProxy), event, { config, logger });
    if (outcome === 'recorded') onMailQueued();
    return c.json({ received: true, outcome });
  });
}
