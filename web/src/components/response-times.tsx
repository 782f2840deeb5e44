/**
 * Response times as the public pages may show them: measured by the server from the recorded
 * jobs (GET /api/response-times, shared-schema rules/response-times.ts), one figure per coverage
 * area with its basis, or nothing where too few jobs are recorded. Read once the page has
 * hydrated (the pre-rendered page shows no figure rather than a made-up one) and kept in the
 * browser, so a page opened offline shows the last figures it saw.
 */
import { useEffect, useState } from 'react';
import { responseBasisText, responseFigureText, type AreaResponse } from '@pilbara/shared-schema';
import { apiRequest } from '../lib/http';
import { usePageHydrated } from '../lib/hydration';
import { readStored, writeStored } from '../lib/storage';

const STORAGE_KEY = 'responseTimes';

/** The server's figures. */
export interface ResponseFigures {
  sinceDays: number;
  areas: AreaResponse[];
  overall: AreaResponse;
}

function parseArea(value: unknown): AreaResponse | null {
  if (typeof value !== 'object' || value === null) return null;
  const { area, medianMinutes, jobs } = value as Record<string, unknown>;
  if (typeof area !== 'string' || typeof jobs !== 'number') return null;
  if (medianMinutes !== null && typeof medianMinutes !== 'number') return null;
  return { area, medianMinutes, jobs };
}

/** Checked by hand, as the other public answers are: the schema library stays off the pages. */
function parseResponseFigures(value: unknown): ResponseFigures | null {
  if (typeof value !== 'object' || value === null) return null;
  const { sinceDays, areas, overall } = value as Record<string, unknown>;
  if (typeof sinceDays !== 'number' || !Array.isArray(areas)) return null;
  const parsedAreas = areas.map(parseArea);
  const parsedOverall = parseArea(overall);
  if (!parsedOverall || parsedAreas.some((area) => area === null)) return null;
  return { sinceDays, areas: parsedAreas as AreaResponse[], overall: parsedOverall };
}

/** The recorded response figures, or null before (or without) an answer. */
export function useResponseFigures(): ResponseFigures | null {
  const hydrated = usePageHydrated();
  const [figures, setFigures] = useState<ResponseFigures | null>(null);
  useEffect(() => {
    if (!hydrated) return;
    setFigures(readStored(STORAGE_KEY, parseResponseFigures));
    const controller = new AbortController();
    apiRequest<unknown>('/api/response-times', { signal: controller.signal })
      .then((answer) => {
        const parsed = parseResponseFigures(answer);
        if (!parsed) return;
        writeStored(STORAGE_KEY, parsed);
        setFigures(parsed);
      })
      .catch(() => {
        // Offline or server trouble: the last figures seen, or none.
      });
    return () => controller.abort();
  }, [hydrated]);
  return figures;
}

/** An area's figure and its basis as one line, or null when it has none. */
export function responseLine(
  figures: ResponseFigures | null,
  area: string,
): { figure: string; basis: string } | null {
  const found =
    area === figures?.overall.area
      ? figures.overall
      : figures?.areas.find((candidate) => candidate.area === area);
  if (!figures || !found) return null;
  const figure = responseFigureText(found);
  return figure ? { figure, basis: responseBasisText(found, figures.sinceDays) } : null;
}
