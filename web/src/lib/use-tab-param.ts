import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * A screen's selected tab kept in the address (`?tab=…`) rather than in component state: the
 * tab survives the screen being mounted afresh (the staff guard draws a loader in its place
 * while it confirms the session), and a person can reload on a tab or send a link to it.
 *
 * An absent or unknown `tab` means `fallback`, and choosing `fallback` drops the parameter so
 * the plain address stays the screen's own. A change replaces the history entry instead of
 * adding one: Back leaves the screen rather than stepping through the tabs. Other parameters in
 * the address are kept.
 */
export function useTabParam<Key extends string>(
  keys: readonly Key[],
  fallback: Key,
): [Key, (next: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = keys.find((key) => key === asked) ?? fallback;
  const select = useCallback(
    (next: string | null) => {
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          const known = keys.find((key) => key === next);
          if (known === undefined || known === fallback) updated.delete('tab');
          else updated.set('tab', known);
          return updated;
        },
        { replace: true },
      );
    },
    [keys, fallback, setParams],
  );
  return [tab, select];
}
