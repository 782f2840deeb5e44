/**
 * Scroll handling for the declarative router: a new page starts at the top (or at its #anchor),
 * and Back/Forward return to where the visitor was on that page. The data router's
 * ScrollRestoration does this too but needs the data router, which no page otherwise uses.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const positions = new Map<string, number>();

export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const key = useRef(location.key);
  const first = useRef(true);

  useEffect(() => {
    const onScroll = () => positions.set(key.current, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useLayoutEffect(() => {
    key.current = location.key;
    // The first page of a visit keeps whatever the browser did (reload, anchor, restore).
    if (first.current) {
      first.current = false;
      return;
    }
    if (navigationType === 'POP' && positions.has(location.key)) {
      window.scrollTo(0, positions.get(location.key) ?? 0);
      return;
    }
    if (location.hash) {
      document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
      return;
    }
    window.scrollTo(0, 0);
  }, [location.key, location.hash, navigationType]);

  return null;
}
