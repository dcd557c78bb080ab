import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPdfText } from '../../../e2e/support/pdf-text';
import { CONSENT_VERSION } from '../../../contracts/signatures';
import { createTestPortal, sessionCookie, type TestPortal } from '../../../tests/support/harness';
import { createOfficeAccount } from '../../../tests/support/office';
import { putSentQuoteWithSql } from '../../../tests/support/quotes';
import { signInMethodOf } from '../../auth/sign-in-method';
import { withCustomerScope } from '../../platform/db/customer-scope';
import { verifySignatureChain } from './verify-chain';
import { VERIFY_LIMIT } from './verify-limit';

/** Issue 24.1-4 (contract-spec §1): consent, the signed PDF with its certificate, the event chain, /verify. */
let portal: TestPortal;
let ana: string;
let eva: string;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const consent = (locale: 'en' | 'es' = 'en') => ({ version: CONSENT_VERSION, locale, agreed: true });
const deck = {
  description: 'Backyard deck',
  lines: [
    { description: 'Boards', quantity: '20', unitPrice: '12.50' },
    { description: 'Stain, two coats', quantity: '2.5', unitPrice: '35.01', optional: true },
  ],
  taxRate: '8.25',
  terms: 'Half on start, half on completion.',
};

async function approvedQuote(email: string, cookie: string, locale: 'en' | 'es' = 'en') {
  const quote = await putSentQuoteWithSql(portal.db, email, deck);
  // The customer opens the quote first ('first opened'), then approves it with the stain.
  expect((await portal.request(`/api/quotes/${quote.id}`, { cookie })).status).toBe(200);
  const res = await portal.request(`/api/quotes/${quote.id}/approve`, {
    cookie,
    headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) SignatureTest/1.0' },
    body: { version: 1, signerName: 'Ana Ruiz', accepted: true, optionalItemIds: [quote.ids[1]!], consent: consent(locale) },
  });
  expect(res.status).toBe(201);
  // The signed document is made after the approval's commit by the seal worker (decision 269).
  await portal.runtime.seals.drain();
  const document = await portal.db.selectFrom('signed_documents').selectAll().where('quote_id', '=', quote.id).executeTakeFirstOrThrow();
  return { quote, document, pdf: new Uint8Array(document.pdf) };
}

async function verify(code: string, file: Uint8Array, ip = '192.0.2.10') {
  const form = new FormData();
  form.set('code', code);
  form.set('file', new File([Buffer.from(file)], 'quote.pdf', { type: 'application/pdf' }));
  return portal.runtime.app.request('/api/verify', { method: 'POST', body: form }, { incoming: { socket: { remoteAddress: ip } } });
}

beforeAll(async () => {
  portal = await createTestPortal();
  ana = await portal.signUp('ana.sign@example.com', { name: 'Ana Ruiz' });
  eva = await portal.signUp('eva.sign@example.com', { name: 'Eva Soto' });
  await sql`UPDATE "user" SET locale = 'es' WHERE email = 'eva.sign@example.com'`.execute(portal.db);
});
afterAll(() => portal?.close());

describe('approving with electronic consent', () => {
  it('an approval without the consent is refused and changes nothing', async () => {
    const quote = await putSentQuoteWithSql(portal.db, 'ana.sign@example.com', deck);
    for (const body of [
      { version: 1, signerName: 'Ana Ruiz', accepted: true },
      { version: 1, signerName: 'Ana Ruiz', accepted: true, consent: { ...consent(), agreed: false } },
      { version: 1, signerName: 'Ana Ruiz', accepted: true, consent: { ...consent(), version: '1999-01-01' } },
    ]) {
      const res = await portal.request(`/api/quotes/${quote.id}/approve`, { cookie: ana, body });
      expect(res.status).toBe(400);
    }
    const { status } = await portal.db.selectFrom('quotes').select('status').where('id', '=', quote.id).executeTakeFirstOrThrow();
    expect(status).toBe('Sent');
    expect(await portal.db.selectFrom('signed_documents').select('id').where('quote_id', '=', quote.id).execute()).toEqual([]);
  });

  it('the approval stores the consent, how the signer signed in, the account and the signed PDF hash', async () => {
    const { quote, document } = await approvedQuote('ana.sign@example.com', ana);
    const approval = await portal.db.selectFrom('quote_approvals').selectAll().where('quote_id', '=', quote.id).executeTakeFirstOrThrow();
    const user = await portal.db.selectFrom('user').select('id').where('email', '=', 'ana.sign@example.com').executeTakeFirstOrThrow();
    expect(approval).toMatchObject({ consent_version: CONSENT_VERSION, consent_locale: 'en', auth_method: 'password', person_id: user.id });
    expect(approval.pdf_sha256).toBe(document.pdf_sha256);
    const answer = (await (await portal.request(`/api/quotes/${quote.id}`, { cookie: ana })).json()) as { decision: { pdfSha256: string } };
    expect(answer.decision.pdfSha256).toBe(document.pdf_sha256);
  });

  it('states the method Better Auth recorded when it made the session, carried with the session (a sign-in link)', async () => {
    const signedIn = await portal.request('/api/auth/sign-in/email', {
      body: { email: 'ana.sign@example.com', password: 'correct-horse-battery' },
    });
    const cookie = sessionCookie(signedIn)!;
    // Recorded before this session's first request (as Better Auth records it when a link signs someone in).
    await sql`UPDATE "session" SET sign_in_method = 'magic-link'
      WHERE id = (SELECT s.id FROM "session" s JOIN "user" u ON u.id = s."userId" WHERE u.email = 'ana.sign@example.com'
                  ORDER BY s."createdAt" DESC LIMIT 1)`.execute(portal.db);
    const { quote } = await approvedQuote('ana.sign@example.com', cookie);
    const approval = await portal.db.selectFrom('quote_approvals').selectAll().where('quote_id', '=', quote.id).executeTakeFirstOrThrow();
    expect(approval.auth_method).toBe('sign_in_link');
    const signed = await portal.db
      .selectFrom('signature_events')
      .select('details')
      .where('document_id', '=', quote.id)
      .where('event', '=', 'signed')
      .executeTakeFirstOrThrow();
    expect(signed.details).toMatchObject({ authMethod: 'sign_in_link' });
  });
});

describe('the signed PDF', () => {
  it('is stored with its SHA-256; the signed document is its first bytes, and the certificate states their hash', async () => {
    const { quote, document, pdf } = await approvedQuote('ana.sign@example.com', ana);
    expect(sha256(pdf)).toBe(document.pdf_sha256);
    const signedPart = pdf.subarray(0, document.signed_part_length);
    expect(sha256(signedPart)).toBe(document.signed_part_sha256);
    expect(Buffer.from(signedPart).toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);

    const { pages } = await readPdfText(pdf);
    const signed = await readPdfText(signedPart);
    expect(pages).toHaveLength(signed.pages.length + 1);
    // Same figures as the screens: 250.00 + 87.53 = 337.53, tax 27.85, total 365.38; the signature block.
    expect(signed.text).toContain(`Quote #${quote.id}`);
    for (const part of ['Boards', 'Stain, two coats', '$337.53', '$27.85', '$365.38', 'Half on start', 'Signed by', 'Ana Ruiz']) {
      expect(signed.text).toContain(part);
    }
    const certificate = pages.at(-1)!;
    for (const part of [
      'Certificate of completion',
      `Quote #${quote.id}, version 1`,
      document.verification_code,
      document.content_hash.slice(0, 16),
      document.content_hash,
      document.signed_part_sha256.slice(0, 16),
      document.signed_part_sha256,
      `the first ${document.signed_part_length} bytes`,
      'ana.sign@example.com',
      'E-mail and password',
      'Sent',
      'First opened',
      'Consented',
      'Signed',
      'Copy e-mailed',
      'SignatureTest/1.0',
      'UTC',
      `Version ${CONSENT_VERSION}, read in English`,
    ]) {
      expect(certificate).toContain(part);
    }
  });

  it("states the customer's details as their profile has them: name, address, e-mail and phone", async () => {
    await sql`UPDATE customers SET name = 'Ana M. Ruiz', phone = '(555) 010-4477', address = '12 Quarry Lane, Springfield'
      WHERE email = 'ana.sign@example.com'`.execute(portal.db);
    const { pdf, document } = await approvedQuote('ana.sign@example.com', ana);
    const signed = await readPdfText(pdf.subarray(0, document.signed_part_length));
    for (const part of ['Ana M. Ruiz', '12 Quarry Lane, Springfield', 'ana.sign@example.com', '(555) 010-4477'])
      expect(signed.text).toContain(part);
  });

  it('is e-mailed to the signer with the file attached, and both sides download the same file', async () => {
    const { quote, document, pdf } = await approvedQuote('ana.sign@example.com', ana);
    const copy = await portal.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'ana.sign@example.com')
      .where('subject', '=', `Your signed Quote #${quote.id}`)
      .executeTakeFirstOrThrow();
    const [attachment] = (typeof copy.attachments === 'string' ? JSON.parse(copy.attachments) : copy.attachments) as Array<{
      filename: string;
      content: string;
      encoding: string;
    }>;
    expect(attachment).toMatchObject({ filename: `quote-${quote.id}-signed.pdf`, encoding: 'base64' });
    expect(sha256(Buffer.from(attachment!.content, 'base64'))).toBe(document.pdf_sha256);
    expect(copy.text_body).toContain(document.verification_code);

    const mine = await portal.request(`/api/quotes/${quote.id}/signed-pdf`, { cookie: ana });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('application/pdf');
    expect(mine.headers.get('content-disposition')).toContain(`quote-${quote.id}-signed.pdf`);
    expect(Buffer.from(await mine.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true);
    // Another customer: as if there were no such quote (row-level security and the owner's scope).
    expect((await portal.request(`/api/quotes/${quote.id}/signed-pdf`, { cookie: eva })).status).toBe(404);

    const office = await createOfficeAccount(portal, 'clerk.sign@company.example');
    const theirs = await portal.request(`/api/office/quotes/${quote.id}/signed-pdf`, { cookie: office.cookie });
    expect(theirs.status).toBe(200);
    expect(sha256(new Uint8Array(await theirs.arrayBuffer()))).toBe(document.pdf_sha256);
    const audited = await portal.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'download-signed-pdf')
      .where('entity_id', '=', String(quote.id))
      .executeTakeFirstOrThrow();
    expect(audited.actor_email).toBe('clerk.sign@company.example');
  });

  it('a Spanish signer gets the PDF, the certificate and the e-mail in Spanish', async () => {
    const { quote, pdf } = await approvedQuote('eva.sign@example.com', eva, 'es');
    const { pages } = await readPdfText(pdf);
    expect(pages[0]).toContain(`Cotización #${quote.id}`);
    for (const part of [
      'Certificado de finalización',
      'Código de verificación',
      'Correo y contraseña',
      'Enviada',
      'Primera apertura',
      'Firmada',
    ]) {
      expect(pages.at(-1)).toContain(part);
    }
    const copy = await portal.db.selectFrom('mail_outbox').select('subject').where('to_address', '=', 'eva.sign@example.com').execute();
    expect(copy.map((m) => m.subject)).toContain(`Su cotización firmada #${quote.id}`);
  });
});

describe('the event chain', () => {
  it('holds the five events in order, linked; no application role may change or remove one', async () => {
    const { quote } = await approvedQuote('ana.sign@example.com', ana);
    const events = await portal.db.selectFrom('signature_events').selectAll().where('document_id', '=', quote.id).orderBy('id').execute();
    expect(events.map((e) => e.event)).toEqual(['sent', 'first_opened', 'consented', 'signed', 'copy_emailed']);
    expect(events[0]!.prev_hash).toBe('0'.repeat(64));
    events.slice(1).forEach((e, i) => expect(e.prev_hash).toBe(events[i]!.hash));
    expect(await verifySignatureChain(portal.db, 'quote', quote.id)).toEqual({ intact: true, events: 5 });

    // The server's own role (the tables' owner), then the customer's role: refused.
    await expect(sql`UPDATE signature_events SET ip = '198.51.100.1' WHERE id = ${events[2]!.id}`.execute(portal.db)).rejects.toThrow(
      /insert-only/,
    );
    await expect(sql`DELETE FROM signature_events WHERE id = ${events[2]!.id}`.execute(portal.db)).rejects.toThrow(/insert-only/);
    await expect(
      sql`UPDATE signed_documents SET pdf_sha256 = repeat('0', 64) WHERE quote_id = ${quote.id}`.execute(portal.db),
    ).rejects.toThrow(/insert-only/);
    await expect(
      withCustomerScope(portal.db, 'ana.sign@example.com', (trx) =>
        sql`UPDATE signature_events SET ip = '198.51.100.1' WHERE document_id = ${quote.id}`.execute(trx),
      ),
    ).rejects.toThrow(/permission denied/);
    await expect(
      withCustomerScope(portal.db, 'ana.sign@example.com', (trx) =>
        sql`DELETE FROM signed_documents WHERE quote_id = ${quote.id}`.execute(trx),
      ),
    ).rejects.toThrow(/permission denied/);
  });

  it('a row edited by a superuser (triggers bypassed) is reported: the chain is broken at that event', async () => {
    const { quote } = await approvedQuote('ana.sign@example.com', ana);
    const signedEvent = await portal.db
      .selectFrom('signature_events')
      .select('id')
      .where('document_id', '=', quote.id)
      .where('event', '=', 'signed')
      .executeTakeFirstOrThrow();
    await portal.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL session_replication_role = replica`.execute(trx);
      await sql`UPDATE signature_events SET ip = '198.51.100.77' WHERE id = ${signedEvent.id}`.execute(trx);
    });
    expect(await verifySignatureChain(portal.db, 'quote', quote.id)).toEqual({
      intact: false,
      brokenAt: Number(signedEvent.id),
      why: 'hash',
    });
  });
});

describe('/api/verify', () => {
  it('answers only whether the file is the signed document: the true file, one changed byte, a wrong code', async () => {
    const { document, pdf } = await approvedQuote('ana.sign@example.com', ana);
    const answer = async (res: Response) => ({ status: res.status, body: await res.json() });
    expect(await answer(await verify(document.verification_code, pdf))).toEqual({ status: 200, body: { matches: true } });
    // Typed in lower case and without dashes: the same code.
    expect(await answer(await verify(document.verification_code.toLowerCase().replaceAll('-', ' '), pdf))).toEqual({
      status: 200,
      body: { matches: true },
    });
    const changed = new Uint8Array(pdf);
    const middle = Math.floor(changed.length / 2);
    changed[middle] = changed[middle]! ^ 0x01;
    expect(await answer(await verify(document.verification_code, changed))).toEqual({ status: 200, body: { matches: false } });
    expect(await answer(await verify('AAAA-BBBB-CCCC-DDDD', pdf))).toEqual({ status: 200, body: { matches: false } });
    // The signed part alone (without the certificate) is not the signed file either.
    expect(await answer(await verify(document.verification_code, pdf.subarray(0, document.signed_part_length)))).toEqual({
      status: 200,
      body: { matches: false },
    });
  });

  it('is rate-limited per address', async () => {
    const { document, pdf } = await approvedQuote('ana.sign@example.com', ana);
    for (let i = 0; i < VERIFY_LIMIT.max; i++) expect((await verify(document.verification_code, pdf, '192.0.2.99')).status).toBe(200);
    const refused = await verify(document.verification_code, pdf, '192.0.2.99');
    expect(refused.status).toBe(429);
    expect((await verify(document.verification_code, pdf, '192.0.2.100')).status).toBe(200);
  });
});

describe('how the signer signed in (server/auth/sign-in-method.ts)', () => {
  it('password by default, Google when the Google account was refreshed as the session began, a recorded method first', async () => {
    const user = await portal.db.selectFrom('user').select('id').where('email', '=', 'eva.sign@example.com').executeTakeFirstOrThrow();
    const { rows } = await sql<{ id: string; created: Date }>`
      SELECT id, "createdAt" AS created FROM "session" WHERE "userId" = ${user.id} ORDER BY "createdAt" DESC LIMIT 1`.execute(portal.db);
    const session = rows[0]!;
    expect(await signInMethodOf(portal.db, session.id)).toBe('password');
    // A session made before Better Auth recorded the method: read from the account rows.
    await sql`UPDATE "session" SET sign_in_method = NULL WHERE id = ${session.id}`.execute(portal.db);
    expect(await signInMethodOf(portal.db, session.id)).toBe('password');
    // A Google account refreshed long before this session (an earlier sign-in) does not count.
    await sql`INSERT INTO account (id, "accountId", "providerId", "userId", "createdAt", "updatedAt")
      VALUES ('google-eva', 'sub-eva', 'google', ${user.id}, now() - interval '10 days', ${session.created}::timestamptz - interval '2 days')`.execute(
      portal.db,
    );
    expect(await signInMethodOf(portal.db, session.id)).toBe('password');
    await sql`UPDATE account SET "updatedAt" = ${session.created}::timestamptz - interval '1 second' WHERE id = 'google-eva'`.execute(
      portal.db,
    );
    expect(await signInMethodOf(portal.db, session.id)).toBe('google');
    // What Better Auth recorded when it made the session wins (session-origin.ts).
    await sql`UPDATE "session" SET sign_in_method = 'magic-link' WHERE id = ${session.id}`.execute(portal.db);
    expect(await signInMethodOf(portal.db, session.id)).toBe('sign_in_link');
    await sql`UPDATE "session" SET sign_in_method = 'password' WHERE id = ${session.id}`.execute(portal.db);
    expect(await signInMethodOf(portal.db, session.id)).toBe('password');
  });
});
