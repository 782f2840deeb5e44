/**
 * Every coverage area with its distance and its response time as measured from recorded jobs
 * (the median, with how many jobs and over how long), or plainly no figure while too few jobs
 * are recorded there. The contact and service areas pages show it; no page states a response
 * time any other way.
 */
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { COVERAGE_AREAS, PROMISE_TEXTS, RESPONSE_MIN_JOBS } from '@pilbara/shared-schema';
import { responseLine, useResponseFigures } from './response-times';

export function ResponseTimesList() {
  const figures = useResponseFigures();
  return (
    <Stack gap="md">
      <Text maw={720}>{PROMISE_TEXTS.arrival}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" data-testid="response-times">
        {COVERAGE_AREAS.map((area) => {
          const line = responseLine(figures, area.name);
          return (
            <Card key={area.name} withBorder radius="md" padding="lg" data-area={area.name}>
              <Stack gap={4}>
                <Title order={3} size="h4">
                  {area.name}
                </Title>
                <Text size="sm" c="dimmed">
                  {area.distanceKm === null ? 'Distance varies' : `${area.distance} from Karratha`}
                </Text>
                {line ? (
                  <>
                    <Text fw={700}>Response time: {line.figure}</Text>
                    <Text size="xs" c="dimmed">
                      {line.basis}
                    </Text>
                  </>
                ) : (
                  <Text size="sm" c="dimmed">
                    No response time shown yet: fewer than {RESPONSE_MIN_JOBS} recorded jobs here
                    recently.
                  </Text>
                )}
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
