import { endpoint, trusted } from '../endpoint';

/**
 * The signed-in office account. Free of zod: the office's first page (/office/login and every
 * signed-in page's guard) asks it, and zod stays out of that page's bundle (scripts/check-bundle.ts).
 */

/** The office's roles: `owner` does everything and manages staff; `staff` works the records. */
export const officeRoles = ['owner', 'staff'] as const;
export type OfficeRole = (typeof officeRoles)[number];

export interface OfficeMe {
  id: string;
  email: string;
  name: string;
  role: OfficeRole;
}

/** The signed-in office account (staff or owner). */
export const getOfficeMe = endpoint({ method: 'GET', path: '/api/office/me', response: trusted<OfficeMe>() });
