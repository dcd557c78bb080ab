import { z } from 'zod';
import { endpoint, trusted } from './endpoint';
import { idParams } from './fields';
import { locales } from './locale';

/**
 * Signature evidence (contract-spec.md §1): the electronic consent given in the approve dialog, the
 * signed PDF both sides download, and the public verification of a signed PDF.
 */

/**
 * The version of the consent text (web/customer/i18n/locales/{en,es}/consent.json hold its words
 * under this version). A new wording is a new version: the approval stores the one the signer read.
 */
export const CONSENT_VERSION = '2026-11-25';

export const CONSENT_REQUIRED_MESSAGE = 'Please agree to sign electronically.';

/** The consent of the approve dialog, sent with the approval: which text, in which language, ticked. */
export const consentSchema = z.object(
  {
    version: z.literal(CONSENT_VERSION, { error: 'The consent text has changed. Please reload the page.' }),
    locale: z.enum(locales),
    agreed: z.literal(true, { error: CONSENT_REQUIRED_MESSAGE }),
  },
  { error: CONSENT_REQUIRED_MESSAGE },
);
export type Consent = z.infer<typeof consentSchema>;

/** How the signer was authenticated (quote_approvals.auth_method). */
export const AUTH_METHODS = ['password', 'google', 'sign_in_link'] as const;
export type AuthMethod = (typeof AUTH_METHODS)[number];

/** The verification code printed on the certificate: 4 groups of 4 letters and digits (no 0/O, 1/I). */
export const VERIFICATION_CODE_PATTERN = /^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/;
/** The code as typed: spaces dropped, upper case, dashes optional. */
export const normalizeVerificationCode = (typed: string): string => {
  const bare = typed.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return bare.length === 16 ? bare.match(/.{4}/g)!.join('-') : bare;
};

/** A signed PDF is at most this large (the /verify upload's limit). */
export const SIGNED_PDF_MAX_BYTES = 5 * 1024 * 1024;

/**
 * POST /api/verify (public, no sign-in, rate-limited per address): a multipart form with `code` and
 * `file` (the PDF). The answer says only whether the file is the signed document of that code;
 * a wrong code and a changed file get the same answer. 429 too_many_requests past the limit.
 */
export const verifyAnswerSchema = z.object({ matches: z.boolean() });
export type VerifyAnswer = z.infer<typeof verifyAnswerSchema>;
export const verifySignedDocument = endpoint({ method: 'POST', path: '/api/verify', response: verifyAnswerSchema });

/** The signed PDF of an approved quote (quote-{id}-signed.pdf), for its customer; 404 when there is none. */
export const getSignedQuotePdf = endpoint({
  method: 'GET',
  path: '/api/quotes/:id/signed-pdf',
  params: idParams,
  response: trusted<Blob>(),
});

/** The same file for the office. */
export const getOfficeSignedQuotePdf = endpoint({
  method: 'GET',
  path: '/api/office/quotes/:id/signed-pdf',
  params: idParams,
  response: trusted<Blob>(),
});

export const signedQuoteFileName = (quoteId: number) => `quote-${quoteId}-signed.pdf`;
