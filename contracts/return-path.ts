/**
 * The customer pages a sign-in may return to (`?next=`): the record pages e-mails link to and the
 * other signed-in screens. One list for the login page and the server's redirect guard, so a link
 * can never lead off the portal's origin (`//evil.example`, `/\evil`, `https://…` all fail it).
 */
const RETURN_PATH = /^\/(?:quotes(?:\/\d{1,12})?|invoices(?:\/\d{1,12})?|work-orders(?:\/\d{1,12})?|submit-work-order|settings)$/;

export function isReturnPath(value: unknown): value is string {
  return typeof value === 'string' && RETURN_PATH.test(value);
}

/** The `next` to keep, or null: the dashboard is the default anyway. */
export const returnPathOrNull = (value: unknown): string | null => (isReturnPath(value) ? value : null);
