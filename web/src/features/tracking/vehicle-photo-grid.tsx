/** The tracking page's photos of the customer's vehicle, by stage (vehicle-photos.tsx). */
import { Anchor, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  FIELD_RECORD_TEXT,
  PHOTO_STAGE_LABELS,
  formatStampTime,
  groupByStage,
  trackPhotoUrl,
  type PublicJobPhoto,
} from '@pilbara/shared-schema';

export function VehiclePhotoGrid({ token, photos }: { token: string; photos: PublicJobPhoto[] }) {
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
