import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, OTHER_REASON } from '@pilbara/shared-schema';
import { renderScreen } from '../app/test-providers';
import { fill } from '../lib/testing/user-input';
import { ReasonDialog } from './reason-dialog';

const REASONS = ['No truck free in time', 'Outside our area'] as const;
const BODY = 'The customer is told by text and email, with the reason.';

function renderDialog(answer: string | null = null) {
  const onConfirm = vi.fn(async (_reason: string) => answer);
  const onClose = vi.fn();
  const rendered = renderScreen(
    <ReasonDialog
      title="Decline booking?"
      body={BODY}
      reasons={REASONS}
      confirmLabel="Decline"
      onConfirm={onConfirm}
      onClose={onClose}
    />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Decline booking?' });
  const confirm = () =>
    rendered.user.click(within(dialog).getByRole('button', { name: 'Decline' }));
  return { ...rendered, dialog, onConfirm, onClose, confirm };
}

describe('asking why before declining or cancelling', () => {
  it('says who is told, offers the usual reasons and Other, and starts on the first', () => {
    const { dialog } = renderDialog();
    expect(within(dialog).getByText(BODY)).toBeTruthy();
    const options = within(dialog).getAllByRole('radio') as HTMLInputElement[];
    expect(options.map((option) => option.value)).toEqual([...REASONS, OTHER_REASON]);
    expect(options.map((option) => option.checked)).toEqual([true, false, false]);
    expect(within(dialog).queryByLabelText('Your reason')).toBeNull();
  });

  it('sends the reason chosen, word for word, and closes', async () => {
    const { user, dialog, onConfirm, onClose, confirm } = renderDialog();
    await user.click(within(dialog).getByLabelText(REASONS[1]));
    await confirm();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onConfirm.mock.calls).toEqual([[REASONS[1]]]);
  });

  it.each([
    ['nothing', ''],
    ['too little', 'no'],
  ])('refuses Other with %s written, under the same rule as the server', async (_, text) => {
    const { user, dialog, onConfirm, onClose, confirm } = renderDialog();
    await user.click(within(dialog).getByLabelText(OTHER_REASON));
    if (text) await fill(user, within(dialog).getByLabelText('Your reason'), text);
    await confirm();
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MESSAGES.REASON_REQUIRED);
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('clears the message as the reason is written, and sends it trimmed', async () => {
    const { user, dialog, onConfirm, confirm } = renderDialog();
    await user.click(within(dialog).getByLabelText(OTHER_REASON));
    await confirm();
    await within(dialog).findByRole('alert');
    await fill(user, within(dialog).getByLabelText('Your reason'), '  Road closed by police  ');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await confirm();
    await waitFor(() => expect(onConfirm.mock.calls).toEqual([['Road closed by police']]));
  });

  it('shows what stopped it and stays open', async () => {
    const { dialog, onClose, confirm } = renderDialog(MESSAGES.JOB_NOT_FOUND);
    await confirm();
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MESSAGES.JOB_NOT_FOUND);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('goes Back without sending anything', async () => {
    const { user, dialog, onConfirm, onClose } = renderDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
