/**
 * A tracking link answered in its first response. The server renders
 * `/customer-portal?token=…` with the job already on the page — the same masked answer as
 * `GET /api/track/:token`, drawn by the same components — so a customer on one bar of signal sees
 * their job at the first paint instead of after the page's scripts and a second round trip. The
 * answer also travels in the page as `<script type="application/json" id="tracking-data">` (data,
 * never run, so the Content-Security-Policy that forbids inline scripts is kept), and the browser
 * hydrates the page from it: its first render is the server's, then the portal polls as usual.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { TrackResponse } from '@pilbara/shared-schema';

const TRACKING_DATA_ELEMENT_ID = 'tracking-data';

/** What the server looked up for a tracking link while rendering it. */
export interface InitialTracking {
  /** The token of the link, as the address bar has it. */
  token: string;
  /** The body `GET /api/track/:token` answers, or null when the link opens nothing (404). */
  answer: TrackResponse | null;
  /** When the server rendered it (ISO): the clock of the first render, so hydration matches. */
  renderedAt: string;
}

const InitialTrackingContext = createContext<InitialTracking | null>(null);

export function InitialTrackingProvider({
  value,
  children,
}: {
  value: InitialTracking | null;
  children: ReactNode;
}) {
  return <InitialTrackingContext value={value}>{children}</InitialTrackingContext>;
}

/** The tracking link's answer the page was rendered with, if any. */
export function useInitialTracking(): InitialTracking | null {
  return useContext(InitialTrackingContext);
}

function isInitialTracking(value: unknown): value is InitialTracking {
  if (typeof value !== 'object' || value === null) return false;
  const { token, answer, renderedAt } = value as Record<string, unknown>;
  return (
    typeof token === 'string' &&
    typeof renderedAt === 'string' &&
    (answer === null ||
      (typeof answer === 'object' && answer !== null && ('job' in answer || 'booking' in answer)))
  );
}

/**
 * The answer a server-rendered tracking page carries, when it is for the token in `search` (the
 * page's query): a page precached without one, or rendered for another link, gives nothing.
 */
export function readInitialTracking(doc: Document, search: string): InitialTracking | undefined {
  const text = doc.getElementById(TRACKING_DATA_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const data: unknown = JSON.parse(text);
    const token = new URLSearchParams(search).get('token')?.trim();
    return isInitialTracking(data) && token && data.token === token ? data : undefined;
  } catch {
    return undefined;
  }
}

/** The data element for `data`, safe to place in HTML (no `<` survives unescaped). */
export function initialTrackingScript(data: InitialTracking): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${TRACKING_DATA_ELEMENT_ID}">${json}</script>`;
}
