/** What a user does with a form in a screen test: choose from a Mantine Select, fill a field. */
import { waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/**
 * The field of the Select labelled `label` in `container`: its input (its option list shares the
 * label), or the button a public form shows until the real select has loaded.
 */
export function selectInput(container: HTMLElement, label: RegExp | string): HTMLInputElement {
  const input = within(container)
    .getAllByLabelText(label)
    .find(
      (element): element is HTMLInputElement =>
        element instanceof HTMLInputElement || element instanceof HTMLButtonElement,
    );
  if (!input) throw new Error(`no select labelled ${String(label)}`);
  return input;
}

export async function choose(user: UserEvent, input: HTMLElement, option: string): Promise<void> {
  await user.click(input);
  // Mantine keeps a closed dropdown's options in the page, hidden; the open one is what counts:
  // the list the field now controls, once it names one (a public form's select is swapped for
  // the real one on the tap, so the focused field is asked too).
  const target = await waitFor(() => {
    const id =
      document.activeElement?.getAttribute('aria-controls') ?? input.getAttribute('aria-controls');
    const scope = (id && document.getElementById(id)) || document.body;
    const matches = within(scope).queryAllByRole('option', { name: option, hidden: true });
    if (matches.length !== 1) throw new Error(`${matches.length} options named ${option}`);
    return matches[0]!;
  });
  await user.click(target);
}

/**
 * Puts `text` into a field as a user pasting it does: one tap on the field, one input. Typing
 * key by key re-renders a large form once per key, which on a busy machine costs seconds and
 * tests nothing a paste does not.
 */
export async function fill(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.click(field);
  await user.paste(text);
}
