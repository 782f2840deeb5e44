import { AspectRatio, Center, Stack, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

/** A picture that shows the spec's 'Image unavailable' placeholder when it fails to load. */
export function GalleryImage({
  src,
  alt,
  ratio = 4 / 3,
  eager = false,
}: {
  src: string;
  alt: string;
  ratio?: number;
  eager?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  const picture = useRef<HTMLImageElement>(null);
  // The pre-rendered HTML starts loading the picture before React hydrates it, so its error
  // event may have fired before onError was attached: a finished image with no pixels failed.
  useEffect(() => {
    const img = picture.current;
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
  return (
    <AspectRatio ratio={ratio}>
      {failed ? (
        <Center bg="ironstone.1" role="img" aria-label={`${alt} (image unavailable)`}>
          <Stack gap={4} align="center">
            <IconPhotoOff size={32} color="var(--mantine-color-ironstone-6)" aria-hidden />
            <Text size="sm" c="ironstone.8" fw={600}>
              Image unavailable
            </Text>
          </Stack>
        </Center>
      ) : (
        <img
          ref={picture}
          src={src}
          alt={alt}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          width={800}
          height={600}
          style={{ objectFit: 'cover', width: '100%', height: '100%', display: 'block' }}
          onError={() => setFailed(true)}
        />
      )}
    </AspectRatio>
  );
}
