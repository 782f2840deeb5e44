/**
 * The pickup and drop-off photos of the customer's own vehicle on the tracking page (issue 19),
 * from `GET /api/track/:token/photos`: copies without GPS data, nothing of anyone else's job.
 * Only a tracking link opens them (a job id and phone digits do not); shown when there are some.
 */
import { useEffect, useState } from 'react';
import { Anchor, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  FIELD_RECORD_TEXT,
  PHOTO_STAGE_LABELS,
  formatStampTime,
  groupByStage,
  trackPhotoUrl,
  type PublicJobPhoto,
} from '@pilbara/shared-schema';
import { apiRequest } from '../../lib/http';

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
    <Stack gap="sm" data-testid="vehicle-photos">
      <Title order={3} size="h4">
        {FIELD_RECORD_TEXT.customerPhotos}
      </Title>
      {groupByStage(photos).map((group) => (
        <Stack key={group.stage} gap={4}>
          <Text fw={600} size="sm">
            {group.label}
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
            {group.photos.map((photo, index) => {
              const label = `${PHOTO_STAGE_LABELS[photo.stage]} ${index + 1} of ${group.photos.length}`;
              return (
                <Anchor
                  key={photo.id}
                  href={trackPhotoUrl(token, photo.id, 'full')}
                  target="_blank"
                  rel="noopener"
                  data-testid="vehicle-photo"
                  data-stage={photo.stage}
                  data-photo-id={photo.id}
                >
                  <img
                    src={trackPhotoUrl(token, photo.id, 'thumb')}
                    alt={label}
                    loading="lazy"
                    style={{
                      display: 'block',
                      width: '100%',
                      aspectRatio: '4 / 3',
                      objectFit: 'cover',
                      borderRadius: 6,
                    }}
                  />
                  <Text size="xs" c="dimmed">
                    {formatStampTime(photo.takenAt)}
                  </Text>
                </Anchor>
              );
            })}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}
