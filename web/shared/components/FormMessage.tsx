import type { ReactNode } from 'react';

/** A success (green, polite) or error (red, assertive) message next to a form. */
export function FormMessage({ kind, children }: { kind: 'success' | 'error' | 'info'; children: ReactNode }) {
  if (!children) return null;
  return (
    <p className={`form-message ${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}
