import { z } from 'zod';
import { endpoint } from '../endpoint';
import { idParams } from '../fields';
import { locales } from '../locale';

/**
 * A customer's portal access on the office's customer page (issue 26.1): whether the address has a
 * portal account, the last invitation, and 'Invite to portal' for a customer who has none.
 */
export const portalAccessSchema = z.object({
  hasAccount: z.boolean(),
  /** When the last invitation was sent (ISO), if any. */
  lastInvitedAt: z.string().nullable(),
});
export type PortalAccess = z.infer<typeof portalAccessSchema>;

export const getPortalAccess = endpoint({
  method: 'GET',
  path: '/api/office/customers/:id/portal-access',
  params: idParams,
  response: portalAccessSchema,
});

/** The language of the invitation e-mail and of the page it opens. */
export const invitePortalSchema = z.object({ locale: z.enum(locales) }).strict();

export const inviteToPortal = endpoint({
  method: 'POST',
  path: '/api/office/customers/:id/portal-invitation',
  params: idParams,
  body: invitePortalSchema,
  response: portalAccessSchema,
});
