/**
 * Helpers for the floating elements (emergency call button, install card): they step aside while
 * the visitor edits a field, so on a phone with the keyboard up they never sit on the input
 * being typed in; and client-only extras wait for the full stylesheets, which pre-rendered pages
 * load without blocking, so nothing is drawn unstyled and then jumps.
 */
import { useEffect, useState } from 'react';

function isEditable(element: Element | null): boolean {
  if (!element) return false;
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  if (element instanceof HTMLInputElement) {
    return !['button', 'submit', 'reset', 'checkbox', 'radio', 'range', 'color', 'file'].includes(
      element.type,
    );
  }
  return element instanceof HTMLElement && element.isContentEditable;
}

/** True while a text field, select or editable element has the focus. */
export function useEditingField(): boolean {
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    const update = () => setEditing(isEditable(document.activeElement));
    // On focusout the next element is not focused yet; look once the focus has moved.
    const later = () => window.setTimeout(update, 0);
    document.addEventListener('focusin', update);
    document.addEventListener('focusout', later);
    update();
    return () => {
      document.removeEventListener('focusin', update);
      document.removeEventListener('focusout', later);
    };
  }, []);
  return editing;
}

/** Resolves once every stylesheet the page deferred has loaded (at once when there are none). */
export function whenStylesReady(): Promise<void> {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
  return Promise.all(
    links.map(
      (link) =>
        new Promise<void>((resolve) => {
          if (link.sheet) return resolve();
          link.addEventListener('load', () => resolve(), { once: true });
          link.addEventListener('error', () => resolve(), { once: true });
        }),
    ),
  ).then(() => undefined);
}
