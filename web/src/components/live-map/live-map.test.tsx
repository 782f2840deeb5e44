import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderScreen } from '../../app/test-providers';
import { fakeApi } from '../../lib/testing/fake-api';
import { DrawnMap } from './drawn-map';
import { LiveMap } from './live-map';
import type { MapMarker } from './types';

const LABEL = 'Trucks and waiting jobs';

const MARKERS: MapMarker[] = [
  { id: 'truck-1', kind: 'truck', lat: -20.7364, lng: 116.8463, label: 'Big Red, Karratha' },
  {
    id: 'job-JOB-2026-12',
    kind: 'job',
    lat: -20.6586,
    lng: 116.7108,
    label: 'JOB-2026-12, Dampier',
    faded: true,
  },
];

function renderMap() {
  return renderScreen(
    <LiveMap
      markers={MARKERS}
      label={LABEL}
      drawing={<DrawnMap markers={MARKERS} label={LABEL} />}
    />,
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe('the live map', () => {
  it('draws every marker from the first paint, named for a screen reader', () => {
    fakeApi();
    renderMap();
    const drawing = screen.getByRole('img', { name: LABEL });
    const truck = within(drawing).getByTestId('drawn-marker-truck-1');
    const job = within(drawing).getByTestId('drawn-marker-job-JOB-2026-12');
    expect(truck.querySelector('title')?.textContent).toBe(MARKERS[0]!.label);
    expect(job.querySelector('title')?.textContent).toBe(MARKERS[1]!.label);
    // A truck stands out from a job; an old position is drawn faded.
    expect(Number(truck.getAttribute('r'))).toBeGreaterThan(Number(job.getAttribute('r')));
    expect(truck.getAttribute('opacity')).toBe('1');
    expect(job.getAttribute('opacity')).toBe('0.45');
  });

  it('keeps the drawing, and says so, when no map can be had', async () => {
    const api = fakeApi();
    renderMap();
    await waitFor(() => expect(screen.getByTestId('live-map').dataset.state).toBe('drawing'));
    expect(screen.getByTestId('live-map-fallback')).toBeTruthy();
    expect(api.callsTo('GET /api/map-config')).toHaveLength(1);
    // The drawing is what the reader is given, not hidden behind a map that never came.
    expect(screen.getByRole('img', { name: LABEL })).toBeTruthy();
    expect(screen.queryByTestId('live-map-canvas')).toBeNull();
  });
});
