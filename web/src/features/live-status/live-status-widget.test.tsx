import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveStatusWidget } from './live-status-widget';

function renderWidget(props: Parameters<typeof LiveStatusWidget>[0]) {
  return render(
    <MantineProvider>
      <LiveStatusWidget {...props} />
    </MantineProvider>,
  );
}

const NONE = { overall: { area: 'All areas', medianMinutes: null, jobs: 0 }, sinceDays: 90 };

afterEach(() => {
  window.localStorage.clear();
  vi.useRealTimers();
});

describe('LiveStatusWidget', () => {
  it('shows the response time measured from recorded jobs, with its basis, or says there is none', () => {
    const { rerender } = renderWidget({
      recorded: { overall: { area: 'All areas', medianMinutes: 38, jobs: 12 }, sinceDays: 90 },
    });
    const figure = screen.getByTestId('live-estimate');
    expect(figure.textContent).toBe('38 min');
    expect(figure.getAttribute('title')).toBe(
      'Median of 12 jobs in the last 90 days, from the call to the truck on site',
    );
    rerender(
      <MantineProvider>
        <LiveStatusWidget
          recorded={{ overall: { area: 'All areas', medianMinutes: null, jobs: 1 }, sinceDays: 90 }}
        />
      </MantineProvider>,
    );
    expect(screen.getByTestId('live-estimate').textContent).toBe('Not enough jobs yet');
  });

  it('shows the stored driver count (default 2), or the one it is given', () => {
    const { unmount } = renderWidget({ recorded: NONE });
    expect(screen.getByTestId('live-drivers').textContent).toBe('2');
    unmount();
    window.localStorage.setItem('availableDrivers', '7');
    const second = renderWidget({ recorded: NONE });
    expect(screen.getByTestId('live-drivers').textContent).toBe('7');
    second.unmount();
    renderWidget({ recorded: NONE, availableDrivers: 0 });
    expect(screen.getByTestId('live-drivers').textContent).toBe('0');
  });

  it('blinks every 2 s', () => {
    vi.useFakeTimers();
    renderWidget({ recorded: NONE });
    const dot = screen.getByTestId('live-dot');
    expect(dot.dataset.on).toBe('true');
    act(() => vi.advanceTimersByTime(1999));
    expect(dot.dataset.on).toBe('true');
    act(() => vi.advanceTimersByTime(1));
    expect(dot.dataset.on).toBe('false');
    act(() => vi.advanceTimersByTime(2000));
    expect(dot.dataset.on).toBe('true');
  });

  it('is grey and still, and says so, without a connection', () => {
    vi.useFakeTimers();
    const { rerender } = renderWidget({ recorded: NONE, connected: false });
    const dot = screen.getByTestId('live-dot');
    expect(dot.dataset.live).toBe('false');
    expect(screen.getByTestId('live-offline').textContent).toBe('Offline · last known');
    act(() => vi.advanceTimersByTime(2000));
    expect(dot.dataset.on).toBe('true');
    rerender(
      <MantineProvider>
        <LiveStatusWidget recorded={NONE} connected />
      </MantineProvider>,
    );
    expect(dot.dataset.live).toBe('true');
    expect(screen.queryByTestId('live-offline')).toBeNull();
  });

  it('follows the browser going offline when not told', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      renderWidget({ recorded: NONE });
      expect(screen.getByTestId('live-dot').dataset.live).toBe('false');
    } finally {
      onLine.mockRestore();
    }
  });
});
