import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { renderScreen } from '../app/test-providers';
import { FORM_GETTING_READY, SubmitButton } from './submit-button';

function Form({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <MantineProvider>
      <form
        aria-label="Booking"
        method="post"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <input aria-label="Name" name="name" />
        {children}
      </form>
    </MantineProvider>
  );
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

describe('the submit button of a pre-rendered form', () => {
  it('is off and says it is getting ready in the page’s first HTML', () => {
    const html = renderToString(
      <Form onSubmit={() => undefined}>
        <SubmitButton>Book Now</SubmitButton>
      </Form>,
    );
    const page = document.createElement('div');
    page.innerHTML = html;
    const button = page.querySelector('button[type=submit]') as HTMLButtonElement;
    expect(button.textContent).toBe(FORM_GETTING_READY);
    expect(button.disabled).toBe(true);
  });

  it('sends nothing before the page is hydrated, then works once it is', async () => {
    const onSubmit = vi.fn();
    const ui = (
      <Form onSubmit={onSubmit}>
        <SubmitButton>Book Now</SubmitButton>
      </Form>
    );
    const page = document.body.appendChild(document.createElement('div'));
    page.innerHTML = renderToString(ui);
    // With no script attached yet the browser would send the form itself, every field in the
    // request: the disabled button stops the tap (and Enter in a field) from submitting at all.
    const nativeSubmit = vi.fn((event: Event) => event.preventDefault());
    page.querySelector('form')!.addEventListener('submit', nativeSubmit);
    fireEvent.click(screen.getByRole('button', { name: FORM_GETTING_READY }));
    expect(nativeSubmit).not.toHaveBeenCalled();

    await act(async () => {
      root = hydrateRoot(page, ui);
    });
    const button = screen.getByRole('button', { name: 'Book Now' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(nativeSubmit).toHaveBeenCalledTimes(1);
  });

  it('is ready at once in a form the browser draws itself, and stays off when told to', () => {
    renderScreen(
      <>
        <SubmitButton>Send</SubmitButton>
        <SubmitButton disabled>Sending</SubmitButton>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: 'Sending' })).toHaveProperty('disabled', true);
  });
});
