import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { useTabParam } from './use-tab-param';

const KEYS = ['first', 'second', 'third'] as const;

function Screen() {
  const [tab, select] = useTabParam(KEYS, 'first');
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="tab">{tab}</output>
      <output data-testid="address">{`${location.pathname}${location.search}`}</output>
      {KEYS.map((key) => (
        <button key={key} type="button" onClick={() => select(key)}>
          {key}
        </button>
      ))}
      <button type="button" onClick={() => select('nonsense')}>
        unknown
      </button>
      <button type="button" onClick={() => void navigate(-1)}>
        back
      </button>
    </>
  );
}

function renderAt(address: string) {
  render(
    <MemoryRouter initialEntries={['/before', address]} initialIndex={1}>
      <Routes>
        <Route path="/before" element={<p>the page before</p>} />
        <Route path="/screen" element={<Screen />} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup({ delay: null });
}

const tab = () => screen.getByTestId('tab').textContent;
const address = () => screen.getByTestId('address').textContent;

describe('a tab kept in the address', () => {
  it('is the fallback when the address names none', () => {
    renderAt('/screen');
    expect(tab()).toBe('first');
  });

  it('is the one the address names', () => {
    renderAt('/screen?tab=third');
    expect(tab()).toBe('third');
  });

  it('ignores a tab the screen does not have', () => {
    renderAt('/screen?tab=fourth');
    expect(tab()).toBe('first');
  });

  it('goes into the address when chosen, the fallback leaving the address plain', async () => {
    const user = renderAt('/screen');
    await user.click(screen.getByRole('button', { name: 'second' }));
    expect(tab()).toBe('second');
    expect(address()).toBe('/screen?tab=second');
    await user.click(screen.getByRole('button', { name: 'first' }));
    expect(tab()).toBe('first');
    expect(address()).toBe('/screen');
    await user.click(screen.getByRole('button', { name: 'third' }));
    await user.click(screen.getByRole('button', { name: 'unknown' }));
    expect(tab()).toBe('first');
    expect(address()).toBe('/screen');
  });

  it('keeps the address’s other parameters', async () => {
    const user = renderAt('/screen?booking=BKG-7');
    await user.click(screen.getByRole('button', { name: 'third' }));
    expect(new URLSearchParams(address()!.split('?')[1]).get('booking')).toBe('BKG-7');
    expect(tab()).toBe('third');
  });

  it('replaces the history entry, so Back leaves the screen', async () => {
    const user = renderAt('/screen');
    await user.click(screen.getByRole('button', { name: 'second' }));
    await user.click(screen.getByRole('button', { name: 'third' }));
    await user.click(screen.getByRole('button', { name: 'back' }));
    expect(await screen.findByText('the page before')).toBeTruthy();
  });
});
