import type { ReactNode } from 'react';
import { SignedInFrame } from '../../shared/layout/SignedInFrame';
import { navLinks } from './nav-links';
import { Sidebar } from './Sidebar';
import './shell.css';

/**
 * The signed-in frame (web/shared/layout/SignedInFrame.tsx) with the portal's sidebar. Its own chunk,
 * loaded once someone is signed in (SignedInLayout.tsx). `children` and `title` are for a page shown
 * outside the signed-in routes (the 404 page of a signed-in customer).
 */
export function SignedInShell({ children, title }: { children?: ReactNode; title?: string }) {
  return (
    <SignedInFrame sidebar={<Sidebar />} links={navLinks} title={title}>
      {children}
    </SignedInFrame>
  );
}
