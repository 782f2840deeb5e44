import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { trackResponseSchema } from '@pilbara/shared-schema';
import { aJob } from '@pilbara/shared-schema/testing';
import {
  InitialTrackingProvider,
  initialTrackingScript,
  readInitialTracking,
  useInitialTracking,
  type InitialTracking,
} from './initial-tracking';

const TOKEN = 'job-token-cccccccccccccc';
const RENDERED_AT = '2026-11-20T08:30:00.000Z';

function tracking(overrides: Partial<InitialTracking> = {}): InitialTracking {
  const answer = trackResponseSchema.parse({
    job: aJob({ id: 'JOB-2026-50', status: 'En Route', trackingToken: TOKEN }),
    position: null,
    timeline: [],
    reviewed: false,
  });
  return { token: TOKEN, answer, renderedAt: RENDERED_AT, ...overrides };
}

/** A document as the server sent it: the page's HTML with the data element in its body. */
function pageWith(html: string): Document {
  return new DOMParser().parseFromString(
    `<!doctype html><html><body><div id="root"></div>${html}</body></html>`,
    'text/html',
  );
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the tracking answer a server-rendered page carries', () => {
  it('is read back whole for the link in the address bar', () => {
    const data = tracking();
    expect(readInitialTracking(pageWith(initialTrackingScript(data)), `?token=${TOKEN}`)).toEqual(
      data,
    );
  });

  it('keeps a link that opens nothing as such, so the page says so at once', () => {
    const data = tracking({ answer: null });
    expect(
      readInitialTracking(pageWith(initialTrackingScript(data)), `?token=${TOKEN}`)?.answer,
    ).toBeNull();
  });

  it('survives a customer’s text that looks like the end of the element', () => {
    const data = tracking();
    if (data.answer && 'job' in data.answer) data.answer.job.notes = '</script><b>gate 4</b>';
    const script = initialTrackingScript(data);
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    const doc = pageWith(script);
    expect(doc.querySelectorAll('b')).toHaveLength(0);
    const read = readInitialTracking(doc, `?token=${TOKEN}`);
    expect(read?.answer && 'job' in read.answer && read.answer.job.notes).toBe(
      '</script><b>gate 4</b>',
    );
  });

  it.each([
    ['another link’s page', `?token=job-token-dddddddddddddd`],
    ['a page with no token in its address', ''],
    ['a token of spaces only', '?token=%20%20'],
  ])('gives nothing for %s', (_, search) => {
    expect(readInitialTracking(pageWith(initialTrackingScript(tracking())), search)).toBe(
      undefined,
    );
  });

  it.each([
    ['a page precached without one', ''],
    ['a broken element', '<script type="application/json" id="tracking-data">{"token":</script>'],
    [
      'an answer of another shape',
      `<script type="application/json" id="tracking-data">${JSON.stringify({
        token: TOKEN,
        renderedAt: RENDERED_AT,
        answer: { status: 'En Route' },
      })}</script>`,
    ],
    [
      'data without the time it was rendered',
      `<script type="application/json" id="tracking-data">${JSON.stringify({
        token: TOKEN,
        answer: null,
      })}</script>`,
    ],
  ])('gives nothing for %s', (_, html) => {
    expect(readInitialTracking(pageWith(html), `?token=${TOKEN}`)).toBe(undefined);
  });

  it('is what the page’s components read while it hydrates', () => {
    function Probe() {
      const initial = useInitialTracking();
      return <output>{initial ? `${initial.token} at ${initial.renderedAt}` : 'none'}</output>;
    }
    const { rerender } = render(
      <InitialTrackingProvider value={tracking()}>
        <Probe />
      </InitialTrackingProvider>,
    );
    expect(screen.getByRole('status').textContent).toBe(`${TOKEN} at ${RENDERED_AT}`);
    rerender(
      <InitialTrackingProvider value={null}>
        <Probe />
      </InitialTrackingProvider>,
    );
    expect(screen.getByRole('status').textContent).toBe('none');
  });
});
