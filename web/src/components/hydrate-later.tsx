/**
 * Parts of a pre-rendered page that are hydrated after its form. React hydrates a page
 * from the outside in: everything outside Suspense boundaries in the first pass, then each
 * boundary's content in a later pass once its parent has committed, a level deeper each time.
 * The page's own content is one boundary deep (app/layout.tsx); `HydrateLater` puts its children
 * `depth` boundaries deeper than where it stands, so they hydrate in later passes than the form
 * around them, which becomes usable (its submit handler attached, its button no longer "Getting
 * ready…") without waiting for the header, the footer or the page's other sections. Until then
 * those show their pre-rendered HTML: links work as plain links, and a tap on one makes React
 * hydrate it at once. In a page drawn in the browser nothing suspends and nothing changes.
 *
 * Layout parts outside the page's boundary need `depth` 2 to come after the page (one boundary
 * only puts them beside it); parts inside a page need 1.
 */
import { Suspense, type ReactNode } from 'react';

export function HydrateLater({ children, depth = 1 }: { children: ReactNode; depth?: 1 | 2 }) {
  const inner = <Suspense fallback={null}>{children}</Suspense>;
  return depth === 2 ? <Suspense fallback={null}>{inner}</Suspense> : inner;
}
