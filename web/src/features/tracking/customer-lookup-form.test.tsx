import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { TRACKING_MESSAGES } from '@pilbara/shared-schema';
import { renderScreen } from '../../app/test-providers';
import { fill } from '../../lib/testing/user-input';
import { CustomerLookupForm } from './customer-lookup-form';

const DIGITS = 'Last 4 digits of your phone';

function renderForm(props: { buttonLabel?: string; label?: string; busy?: boolean } = {}) {
  const onLookup = vi.fn<(lookup: string, proof?: string) => void>();
  const rendered = renderScreen(<CustomerLookupForm onLookup={onLookup} {...props} />);
  const field = screen.getByLabelText(props.label ?? 'Phone number or Job ID');
  const submit = screen.getByRole('button', { name: props.buttonLabel ?? 'Access Dashboard' });
  return { ...rendered, onLookup, field, submit };
}

describe('the phone-or-job-ID lookup', () => {
  it('looks up a phone number as typed, without asking for digits', async () => {
    const { user, onLookup, field, submit } = renderForm();
    await fill(user, field, ' 0412 345 678 ');
    expect(screen.queryByLabelText(DIGITS)).toBeNull();
    await user.click(submit);
    expect(onLookup).toHaveBeenCalledExactlyOnceWith('0412 345 678');
  });

  it.each(['JOB-2026-123', 'job-2026-p7', 'BKG-2026-12'])(
    'asks for the phone’s last four digits with %s, and sends both',
    async (id) => {
      const { user, onLookup, field, submit } = renderForm();
      await fill(user, field, id);
      await fill(user, screen.getByLabelText(DIGITS), '5678');
      await user.click(submit);
      expect(onLookup).toHaveBeenCalledExactlyOnceWith(id, '5678');
    },
  );

  it.each([
    ['no digits', ''],
    ['three digits', '567'],
    ['letters', 'abcd'],
  ])('refuses a job ID with %s, and looks nothing up', async (_, digits) => {
    const { user, onLookup, field, submit } = renderForm();
    await fill(user, field, 'JOB-2026-123');
    if (digits) await fill(user, screen.getByLabelText(DIGITS), digits);
    await user.click(submit);
    expect(await screen.findByText(TRACKING_MESSAGES.PHONE_PROOF_REQUIRED)).toBeTruthy();
    expect(onLookup).not.toHaveBeenCalled();
  });

  it('clears the message once the digits are right', async () => {
    const { user, onLookup, field, submit } = renderForm();
    await fill(user, field, 'JOB-2026-123');
    await user.click(submit);
    expect(await screen.findByText(TRACKING_MESSAGES.PHONE_PROOF_REQUIRED)).toBeTruthy();
    await fill(user, screen.getByLabelText(DIGITS), '5678');
    await user.click(submit);
    expect(screen.queryByText(TRACKING_MESSAGES.PHONE_PROOF_REQUIRED)).toBeNull();
    expect(onLookup).toHaveBeenCalledExactlyOnceWith('JOB-2026-123', '5678');
  });

  it('submits on Enter, under the label and button the page gives it', async () => {
    const { user, onLookup, field } = renderForm({
      label: 'Phone number',
      buttonLabel: 'Find My Services',
    });
    await fill(user, field, '0412345678');
    await user.keyboard('{Enter}');
    expect(onLookup).toHaveBeenCalledExactlyOnceWith('0412345678');
  });

  it('sends nothing for an empty lookup, and says nothing either', async () => {
    const { user, onLookup, field, submit } = renderForm();
    await fill(user, field, '   ');
    await user.click(submit);
    expect(onLookup).not.toHaveBeenCalled();
    expect(screen.queryByText(TRACKING_MESSAGES.PHONE_PROOF_REQUIRED)).toBeNull();
  });

  it.each([
    ['a phone number', '0412 345 678', '', ['0412 345 678']],
    ['a job ID and its digits', 'JOB-2026-123', '5678', ['JOB-2026-123', '5678']],
  ])('looks up %s typed before the script hydrated the page', (_, typed, digits, expected) => {
    const onLookup = vi.fn<(lookup: string, proof?: string) => void>();
    const ui = (
      <MantineProvider env="test">
        <CustomerLookupForm onLookup={onLookup} native />
      </MantineProvider>
    );
    // The page's HTML as the server sends it; the person types into it before any script.
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(ui);
    const box = (name: string) =>
      container.querySelector<HTMLInputElement>(`input[name="${name}"]`);
    box('lookup')!.value = typed;
    box('phone')!.value = digits;
    render(ui, { container, hydrate: true });
    fireEvent.submit(container.querySelector('form')!);
    expect(onLookup).toHaveBeenCalledExactlyOnceWith(...expected);
    expect(box('lookup')?.value).toBe(typed);
  });
});
