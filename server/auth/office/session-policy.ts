/**
 * Office sessions are short (spec: they end after 12 hours, and after 60 minutes without activity).
 * An office session's expiresAt is its idle deadline: it starts at sign-in + 60 minutes, office API
 * requests move it forward (requireStaff), and it never passes createdAt + 12 hours. Because Better
 * Auth itself refuses a session past expiresAt, the rule holds on every route, its own included.
 * Customer sessions keep their 30 days.
 */
const OFFICE_IDLE_MINUTES = 60;
export const OFFICE_MAX_HOURS = 12;
const IDLE_MS = OFFICE_IDLE_MINUTES * 60_000;
const MAX_MS = OFFICE_MAX_HOURS * 3_600_000;
/** Activity moves the deadline at most once a minute, so a busy office does not write on every request. */
const SLIDE_STEP_MS = 60_000;

/** The idle deadline after activity at `now`, capped at the session's 12-hour end. */
export function officeExpiry(createdAt: Date, now: Date): Date {
  return new Date(Math.min(now.getTime() + IDLE_MS, createdAt.getTime() + MAX_MS));
}

/** True when the session is past its 12 hours or its idle deadline. */
export function officeSessionOver(session: { createdAt: Date; expiresAt: Date }, now: Date): boolean {
  return session.expiresAt.getTime() <= now.getTime() || session.createdAt.getTime() + MAX_MS <= now.getTime();
}

/** The new deadline to store after activity at `now`, or undefined when it would barely move. */
export function slidExpiry(session: { createdAt: Date; expiresAt: Date }, now: Date): Date | undefined {
  const next = officeExpiry(session.createdAt, now);
  return next.getTime() - session.expiresAt.getTime() >= SLIDE_STEP_MS ? next : undefined;
}
