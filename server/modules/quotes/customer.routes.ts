import { Hono, type Context } from 'hono';
import {
  approveQuote,
  declineQuote,
  getQuote,
  getQuoteVersion,
  listQuotes,
  requestQuoteRevision,
} from '../../../contracts/customer/quotes';
import type { AppDeps } from '../../deps';
import { withCustomerScope } from '../../platform/db/customer-scope';
import { HOURLY_LIMITS } from '../../platform/db/hourly-limit';
import type { AppEnv } from '../../platform/http/types';
import { requestMeta } from '../../platform/http/request-meta';
import { validate } from '../../platform/http/validate';
import { jsonText } from '../../platform/http/compress';
import { getCustomerQuote, getCustomerQuoteVersion } from './get-customer-quote';
import { decideQuote, type DecisionInput } from './decide-quote';
import { customerQuoteUrl, officeQuoteUrl } from './mail';
import { quotesAnswerInCustomerScope } from './repository';
import { requestRevision } from './request-revision';
import { customerPages } from '../../../contracts/pages';
import { sessionSignInMethod } from '../../auth/sign-in-method';
import { sealPendingOf } from '../signatures/seal';

/**
 * The signed-in customer's quotes and their revision requests. Every record is reached through the
 * session's e-mail, under row-level security as that customer.
 */
export function quoteCustomerRoutes({
  db,
  config,
  onMailQueued,
  onSealQueued,
  limits = HOURLY_LIMITS,
}: Pick<AppDeps, 'db' | 'config' | 'onMailQueued' | 'onSealQueued' | 'limits'>) {
  return new Hono<AppEnv>()
    .on(listQuotes.method, listQuotes.path, async (c) => {
      const { email } = c.get('customer');
      // The answer's JSON is written by PostgreSQL (quotesAnswerInCustomerScope): no rows parsed and written out again.
      return jsonText(c, await quotesAnswerInCustomerScope(db, email, config.company.timeZone));
    })
    .on(
      requestQuoteRevision.method,
      requestQuoteRevision.path,
      validate('param', requestQuoteRevision.params),
      validate('json', requestQuoteRevision.body),
      async (c) => {
        const customer = c.get('customer');
        const input = { quoteId: c.req.valid('param').id, message: c.req.valid('json').message, customer };
        const created = await withCustomerScope(db, customer.email, (trx) =>
          requestRevision(trx, input, { officeEmail: config.company.email, limits }),
        );
        onMailQueued();
        return c.json(created, 201);
      },
    )
    .on(getQuote.method, getQuote.path, validate('param', getQuote.params), async (c) => {
      const { email } = c.get('customer');
      const { id } = c.req.valid('param');
      const load = () => withCustomerScope(db, email, (trx) => getCustomerQuote(trx, id, email, config.company.timeZone));
      const quote = await load();
      // Approved, and its signed PDF not made yet (the seal worker had not got to it): made now, the
      // same locked way, so the page offers 'Download signed PDF' at once (decision 269).
      if (quote.decision?.decision !== 'Approved' || quote.decision.pdfSha256) return c.json(quote);
      return (await sealPendingOf(db, { quoteId: id })) > 0 ? c.json(await load()) : c.json(quote);
    })
    .on(getQuoteVersion.method, getQuoteVersion.path, validate('param', getQuoteVersion.params), async (c) => {
      const { email } = c.get('customer');
      const { id, version } = c.req.valid('param');
      return c.json(await withCustomerScope(db, email, (trx) => getCustomerQuoteVersion(trx, id, version, email, config.company.timeZone)));
    })
    .on(approveQuote.method, approveQuote.path, validate('param', approveQuote.params), validate('json', approveQuote.body), async (c) => {
      const body = c.req.valid('json');
      // How this session signed in (password, Google, sign-in link): the certificate states it. The
      // session guard carried it with the session (no second session lookup).
      const authMethod = await sessionSignInMethod(db, c.get('customer'));
      return decide(c, {
        decision: 'Approved',
        version: body.version,
        signerName: body.signerName,
        optionalItemIds: body.optionalItemIds,
        consent: { version: body.consent.version, locale: body.consent.locale },
        authMethod,
        personId: c.get('customer').userId,
      });
    })
    .on(declineQuote.method, declineQuote.path, validate('param', declineQuote.params), validate('json', declineQuote.body), async (c) => {
      const body = c.req.valid('json');
      return decide(c, { decision: 'Declined', version: body.version, reason: body.reason, personId: c.get('customer').userId });
    });

  /** Approve or decline in the customer's scope, signed with the request's address and browser. */
  async function decide(
    c: Context<AppEnv>,
    choice: Pick<
      DecisionInput,
      'decision' | 'version' | 'signerName' | 'optionalItemIds' | 'reason' | 'consent' | 'authMethod' | 'personId'
    >,
  ) {
    const customer = c.get('customer');
    const quoteId = Number(c.req.param('id'));
    const decided = await withCustomerScope(db, customer.email, (trx) =>
      decideQuote(trx, requestMeta(c, customer.email, config.trustProxy), {
        ...choice,
        quoteId,
        customer,
        officeEmail: config.company.email,
        officeUrl: officeQuoteUrl(config.appUrl, quoteId),
        customerUrl: customerQuoteUrl(config.appUrl, quoteId),
        company: config.company.name,
        timeZone: config.company.timeZone,
        deposit: { config },
        signing: {
          paperSize: config.pdfPaperSize,
          company: { ...config.company, logoUrl: config.company.logo ?? null },
          verifyUrl: `${config.appUrl}${customerPages.verify.href()}`,
        },
      }),
    );
    onMailQueued();
    // The signed document is sealed after the commit (decision 269): the worker starts on it now.
    if (decided.status === 'Approved') onSealQueued?.();
    return c.json(decided, 201);
  }
}
