import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadBoundary } from './load-boundary';

let failing = true;
function Part() {
  if (failing) throw new TypeError('Failed to fetch dynamically imported module');
  return <p>The part</p>;
}

describe('LoadBoundary', () => {
  afterEach(() => {
    failing = true;
    vi.restoreAllMocks();
  });

  it('shows its fallback instead of a part that failed to load, then retries online', () => {
    // React reports the caught error on the console; the test is about what the user sees.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <div>
        <p>The page</p>
        <LoadBoundary fallback={<p>Needs signal</p>}>
          <Part />
        </LoadBoundary>
      </div>,
    );
    expect(screen.getByText('The page')).toBeTruthy();
    expect(screen.getByText('Needs signal')).toBeTruthy();

    failing = false;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.getByText('The part')).toBeTruthy();
    expect(screen.queryByText('Needs signal')).toBeNull();
  });
});
