import { lazy, Suspense, type ReactNode } from 'react';

const loadShell = () => import('./SignedInShell');
const SignedInShell = lazy(() => loadShell().then((m) => ({ default: m.SignedInShell })));

/** Starts loading the shell's chunk (once the session says someone is signed in), beside the screen's. */
export const preloadSignedInShell = () => void loadShell().catch(() => undefined);

/**
 * The signed-in frame, loaded as its own chunk: the login page (the first page of most visits) does
 * not carry the sidebar, the logo or the contact card. While it loads: the same busy placeholder as
 * the session check.
 */
export function SignedInLayout({ children, title }: { children?: ReactNode; title?: string }) {
  return (
    <Suspense fallback={<div aria-busy="true" className="session-pending" />}>
      <SignedInShell title={title}>{children}</SignedInShell>
    </Suspense>
  );
}
