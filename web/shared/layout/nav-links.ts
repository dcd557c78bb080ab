/** A menu entry: where it goes, its label's key in the app's common namespace, and whether only that exact path is it. */
export interface NavItem {
  to: string;
  key: string;
  end: boolean;
}

/** The menu entry for a path (exact for an `end` entry such as the home screen, by prefix for the others). */
export const navLinkFor = <Item extends NavItem>(links: readonly Item[], pathname: string): Item | undefined =>
  links.find((link) => (link.end ? pathname === link.to : pathname === link.to || pathname.startsWith(`${link.to}/`)));
