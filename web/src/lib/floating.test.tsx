import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderScreen } from '../app/test-providers';
import { useEditingField, whenStylesReady } from './floating';

/** What a floating button decides from the hook: shown, or stepped aside. */
function FloatingProbe() {
  return <output>{useEditingField() ? 'aside' : 'shown'}</output>;
}

function renderForm() {
  const rendered = renderScreen(
    <form>
      <label>
        Name <input type="text" />
      </label>
      <label>
        Notes <textarea />
      </label>
      <label>
        Region
        <select>
          <option>Karratha</option>
        </select>
      </label>
      <label>
        Urgent <input type="checkbox" />
      </label>
      <div contentEditable aria-label="Description" role="textbox" />
      <button type="button">Next</button>
      <FloatingProbe />
    </form>,
  );
  return { ...rendered, probe: screen.getByRole('status') };
}

afterEach(() => {
  document.head.querySelectorAll('link').forEach((link) => link.remove());
});

describe('a floating button beside a form', () => {
  it.each([
    ['a text field', () => screen.getByRole('textbox', { name: 'Name' })],
    ['a text area', () => screen.getByRole('textbox', { name: 'Notes' })],
    ['a select', () => screen.getByRole('combobox', { name: 'Region' })],
  ])('steps aside while %s is being edited', async (_, field) => {
    const { user, probe } = renderForm();
    expect(probe.textContent).toBe('shown');
    await user.click(field());
    expect(probe.textContent).toBe('aside');
  });

  it('steps aside for an editable area, which has no input element', () => {
    const { probe } = renderForm();
    const area = screen.getByRole('textbox', { name: 'Description' });
    // jsdom does not implement isContentEditable; a browser reports it for this element.
    Object.defineProperty(area, 'isContentEditable', { value: true });
    act(() => area.focus());
    expect(probe.textContent).toBe('aside');
  });

  it('stays for a tap on a box or a button, where no keyboard comes up', async () => {
    const { user, probe } = renderForm();
    await user.click(screen.getByRole('checkbox', { name: 'Urgent' }));
    expect(probe.textContent).toBe('shown');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(probe.textContent).toBe('shown');
  });

  it('comes back once the field is left', async () => {
    const { user, probe } = renderForm();
    await user.click(screen.getByRole('textbox', { name: 'Name' }));
    expect(probe.textContent).toBe('aside');
    act(() => (document.activeElement as HTMLElement).blur());
    await waitFor(() => expect(probe.textContent).toBe('shown'));
  });

  it('starts aside when the page opens with a field already focused', () => {
    const field = document.createElement('input');
    document.body.append(field);
    field.focus();
    renderScreen(<FloatingProbe />);
    expect(screen.getByRole('status').textContent).toBe('aside');
    field.remove();
  });
});

/**
 * Resolves once every promise callback already queued has run: a message posted now is
 * delivered in a new task, and a task starts only when the current one's callbacks are done.
 */
function everyPendingCallback(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

describe('waiting for the deferred stylesheets', () => {
  function stylesheet(): HTMLLinkElement {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    document.head.append(link);
    return link;
  }

  it('is ready at once on a page with none', async () => {
    await expect(whenStylesReady()).resolves.toBeUndefined();
  });

  it('waits for every sheet to load, or to fail (nothing must wait for ever)', async () => {
    const loads = stylesheet();
    const fails = stylesheet();
    let ready = false;
    const waiting = whenStylesReady().then(() => {
      ready = true;
    });
    fireEvent.load(loads);
    await everyPendingCallback();
    expect(ready).toBe(false);
    fireEvent.error(fails);
    await waiting;
    expect(ready).toBe(true);
  });
});
