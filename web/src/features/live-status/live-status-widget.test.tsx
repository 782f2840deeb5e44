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

afterEach(() => {
  window.localStorage.clear();
  vi.useRealTimers();
});

describe('LiveStatusWidget', () => {
  it('estimates 21 min with no busy jobs, then 15 + 3 per busy job, capped at 45', () => {
    const { rerender } = renderWidget({ jobs: [{ status: 'Assigned' }, { status: 'Cancelled' }] });
    expect(screen.getByTestId('live-estimate').textContent).toBe('21 min');
    const busy = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        status: ['En Route', 'In Progress', 'Completed'][i % 3]!,
      }));
    rerender(
      <MantineProvider>
        <LiveStatusWidget jobs={busy(2)} />
      </MantineProvider>,
    );
    expect(screen.getByTestId('live-estimate').textContent).toBe('21 min');
    rerender(
      <MantineProvider>
        <LiveStatusWidget jobs={busy(4)} />
      </MantineProvider>,
    );
    expect(screen.getByTestId('live-estimate').textContent).toBe('27 min');
    rerender(
      <MantineProvider>
        <LiveStatusWidget jobs={busy(20)} />
      </MantineProvider>,
    );
    expect(screen.getByTestId('live-estimate').textContent).toBe('45 min');
  });

  it('shows the stored driver count (default 2), or the one it is given', () => {
    const { unmount } = renderWidget({ jobs: [] });
    expect(screen.getByTestId('live-drivers').textContent).toBe('2');
    unmount();
    window.localStorage.setItem('availableDrivers', '7');
    const second = renderWidget({ jobs: [] });
    expect(screen.getByTestId('live-drivers').textContent).toBe('7');
    second.unmount();
    renderWidget({ jobs: [], availableDrivers: 0 });
    expect(screen.getByTestId('live-drivers').textContent).toBe('0');
  });

  it('blinks every 2 s', () => {
    vi.useFakeTimers();
    renderWidget({ jobs: [] });
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
    const { rerender } = renderWidget({ jobs: [], connected: false });
    const dot = screen.getByTestId('live-dot');
    expect(dot.dataset.live).toBe('false');
    expect(screen.getByTestId('live-offline').textContent).toBe('Offline · last known');
    act(() => vi.advanceTimersByTime(2000));
    expect(dot.dataset.on).toBe('true');
    rerender(
      <MantineProvider>
        <LiveStatusWidget jobs={[]} connected />
      </MantineProvider>,
    );
    expect(dot.dataset.live).toBe('true');
    expect(screen.queryByTestId('live-offline')).toBeNull();
  });

  it('follows the browser going offline when not told', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      renderWidget({ jobs: [] });
      expect(screen.getByTestId('live-dot').dataset.live).toBe('false');
    } finally {
      onLine.mockRestore();
    }
  });
});
