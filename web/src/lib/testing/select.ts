/** Choosing from a Mantine Select as a user does: open it, then tap the option. */
import { screen, within } from '@testing-library/react';
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
  // Mantine keeps a closed dropdown's options in the page, hidden; the open one is what counts.
  await user.click(await screen.findByRole('option', { name: option, hidden: true }));
}
