/**
 * The pickup and drop-off photos of the customer's own vehicle on the tracking page,
 * from `GET /api/track/:token/photos`: copies without GPS data, nothing of anyone else's job.
 * Only a tracking link opens them (a job id and phone digits do not); shown when there are some.
 *
 * The photos are drawn by `vehicle-photo-grid.tsx`, loaded once there are some: its field-record
 * rules share a chunk with the staff's zod schemas, which a tracking link would otherwise download
 * before it hydrates, for photos most jobs never have.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import type { PublicJobPhoto } from '@pilbara/shared-schema';
import { apiRequest } from '../../lib/http';
import { LoadBoundary } from '../../components/load-boundary';

const VehiclePhotoGrid = lazy(() =>
  import('./vehicle-photo-grid').then((m) => ({ default: m.VehiclePhotoGrid })),
);

export function VehiclePhotos({ token, version }: { token: string; version: string }) {
  const [photos, setPhotos] = useState<PublicJobPhoto[]>([]);
  useEffect(() => {
    const abort = new AbortController();
    apiRequest<{ photos: PublicJobPhoto[] }>(`/api/track/${encodeURIComponent(token)}/photos`, {
      signal: abort.signal,
    })
      .then((answer) => setPhotos(answer.photos))
      .catch(() => {
        // Offline or refused: the page shows the job without photos.
      });
    return () => abort.abort();
  }, [token, version]);

  if (photos.length === 0) return null;
  return (
    // Photos that arrived without their code (the signal dropped between the two) are left out,
    // as when they do not arrive at all; the job above is what matters.
    <LoadBoundary>
      <Suspense fallback={null}>
        <VehiclePhotoGrid token={token} photos={photos} />
      </Suspense>
    </LoadBoundary>
  );
}
