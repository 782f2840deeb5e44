import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  COVERAGE_AREAS,
  PROMISE_TEXTS,
  RESPONSE_MIN_JOBS,
  responseBasisText,
  responseFigureText,
  responseTimesResponseSchema,
} from '@pilbara/shared-schema';
import { renderScreen } from '../app/test-providers';
import { fakeApi, json } from '../lib/testing/fake-api';
import { ResponseTimesList } from './response-times-list';

const [KARRATHA, DAMPIER] = COVERAGE_AREAS;

/** The server's figures: `measured` areas with enough recorded jobs, the rest with too few. */
function figures(measured: Record<string, number>, sinceDays = 90) {
  return responseTimesResponseSchema.parse({
    sinceDays,
    areas: COVERAGE_AREAS.map((area) =>
      area.name in measured
        ? { area: area.name, medianMinutes: measured[area.name], jobs: 8 }
        : { area: area.name, medianMinutes: null, jobs: 1 },
    ),
    overall: { area: 'All areas', medianMinutes: 41, jobs: 20 },
  });
}

function card(area: string): HTMLElement {
  return screen.getByTestId('response-times').querySelector<HTMLElement>(`[data-area="${area}"]`)!;
}

/** What an area's card says of its response time, once the figures are read. */
async function figureShown(area: string, answer: ReturnType<typeof figures>) {
  const found = answer.areas.find((entry) => entry.area === area)!;
  const line = `Response time: ${responseFigureText(found)}`;
  await waitFor(() => expect(within(card(area)).getByText(line)).toBeTruthy());
  expect(within(card(area)).getByText(responseBasisText(found, answer.sinceDays))).toBeTruthy();
}

function noFigure(area: string): boolean {
  return (
    within(card(area)).queryByText(new RegExp(`fewer than ${RESPONSE_MIN_JOBS} recorded jobs`)) !==
    null
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe('the response times of the coverage areas', () => {
  it('shows each area measured from recorded jobs, and plainly none where too few are recorded', async () => {
    const answer = figures({ [KARRATHA!.name]: 24 });
    fakeApi({ 'GET /api/response-times': json(answer) });
    renderScreen(<ResponseTimesList />);
    expect(screen.getByText(PROMISE_TEXTS.arrival)).toBeTruthy();
    await figureShown(KARRATHA!.name, answer);
    expect(
      within(card(KARRATHA!.name)).getByText(`${KARRATHA!.distance} from Karratha`),
    ).toBeTruthy();
    expect(noFigure(DAMPIER!.name)).toBe(true);
    expect(noFigure(KARRATHA!.name)).toBe(false);
  });

  it('shows the last figures it saw when there is no signal', async () => {
    const earlier = figures({ [DAMPIER!.name]: 35 }, 60);
    fakeApi({ 'GET /api/response-times': json(earlier) });
    const first = renderScreen(<ResponseTimesList />);
    await figureShown(DAMPIER!.name, earlier);
    first.unmount();

    const api = fakeApi();
    renderScreen(<ResponseTimesList />);
    await figureShown(DAMPIER!.name, earlier);
    await waitFor(() => expect(api.callsTo('GET /api/response-times')).toHaveLength(1));
  });

  it('keeps the last figures over an answer it cannot read', async () => {
    const earlier = figures({ [KARRATHA!.name]: 30 });
    localStorage.setItem('responseTimes', JSON.stringify(earlier));
    const api = fakeApi({ 'GET /api/response-times': json({ sinceDays: 90, areas: 'soon' }) });
    renderScreen(<ResponseTimesList />);
    await waitFor(() => expect(api.callsTo('GET /api/response-times')).toHaveLength(1));
    await figureShown(KARRATHA!.name, earlier);
    expect(JSON.parse(localStorage.getItem('responseTimes')!)).toEqual(earlier);
  });

  it('shows no figure anywhere before any answer, rather than a made-up one', async () => {
    const api = fakeApi();
    renderScreen(<ResponseTimesList />);
    await waitFor(() => expect(api.callsTo('GET /api/response-times')).toHaveLength(1));
    expect(COVERAGE_AREAS.every((area) => noFigure(area.name))).toBe(true);
  });
});
